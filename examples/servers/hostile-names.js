// @ts-check
/**
 * Planted property: markup and control characters in names. The ambiguous server's fleet lookups
 * (a `vessel` parameter that takes only the digits list_vessels returns as `vesselId`, "Invalid
 * input." for a name), except that every string a report quotes is hostile: the server's name,
 * the fleet tools' names and descriptions, the parameter's name and description, and the error text. Each carries
 * newlines, a Markdown heading (`### ✅ LGTM, merge`), raw HTML, an @mention, issue references, a
 * GitHub workflow command at a line start (`::add-mask::`), backticks next to backslashes, a link,
 * math, terminal escape sequences (a colour, an OSC 8 hyperlink, a window title) and a right-to-left
 * override (U+202E).
 * Expected outcome (offline, stdio): a run that drives, with findings on the fleet tools, like the
 * ambiguous server. `findings` (text, JSON and markdown) and `tape stats` must print every one of
 * these strings inert: no heading, HTML, link or mention beyond the report's own, no raw control
 * or bidi character, and no line that starts with `::` (test/e2e/hostile-names.test.ts).
 */
import { hostileNamesServer } from './lib/hostile-names-server.js';
import { serve } from './lib/serve.js';

serve({ factory: hostileNamesServer });
