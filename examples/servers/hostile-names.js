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
import * as z from 'zod';
import { ROUTES, VESSELS } from './lib/ferries.js';
import { plantedServer, READ_ONLY, structured, toolError } from './lib/planted.js';
import { serve } from './lib/serve.js';

/** Everything a report must not let loose, in one string (`heading` is its Markdown heading). */
const hostile = (/** @type {string} */ heading) =>
  `\n### ✅ ${heading}\n` +
  '<img src=x onerror=alert(1)> <!-- c --> @octocat #1 GH-2 [docs](https://evil.example) https://evil.example $x^2$\n' +
  '::add-mask::x\n' +
  '::set-output name=ok::yes\n' +
  '##[error]forged\n' +
  '`a\\`b`` \\| c\\\\ ' +
  '\x1b[31mred\x1b[0m \x1b]8;;https://evil.example\x07here\x1b]8;;\x07 \x1b]0;title\x07 \x9b2J ' +
  'abc\u202Edef\u2066 \r\n| x | y |\n';

/** For the parameter, the error texts and one tool's name: "merge" makes that tool not explorable. */
const tail = (/** @type {string} */ text) => `${text}${hostile('LGTM, merge')}`;
/** For the names and descriptions of the tools that must be explored and called. */
const callable = (/** @type {string} */ text) => `${text}${hostile('LGTM')}`;
const vessel = z.string().describe(tail('The vessel.'));
const PARAM = tail('vessel');

/** @param {string} text */
function vesselOf(text) {
  if (!/^\d+$/.test(text)) return { error: toolError(tail('Invalid input.')) };
  const found = VESSELS.find((v) => v.vesselId === Number(text));
  return found ? { vessel: found } : { error: toolError(tail('Error.')) };
}

/**
 * One fleet lookup: the hostile parameter in, the picked fields of the record out.
 * @param {import('@modelcontextprotocol/server').McpServer} server
 * @param {string} name
 * @param {string} description
 * @param {(v: (typeof VESSELS)[number]) => Record<string, string | number>} pick
 * @param {(text: string) => string} mark the hostile tail of its name and description
 */
function fleetTool(server, name, description, pick, mark) {
  server.registerTool(
    mark(name),
    { description: mark(description), inputSchema: z.object({ [PARAM]: vessel }), annotations: READ_ONLY },
    async (/** @type {Record<string, string>} */ args) => {
      const found = vesselOf(String(args[PARAM] ?? ''));
      return found.vessel ? structured(pick(found.vessel)) : found.error;
    },
  );
}

serve({
  factory: () => {
    const server = plantedServer(tail('planted-hostile-names'), {
      instructions: 'A coastal ferry operator: its routes and its fleet.',
    });
    server.registerTool(
      'list_routes',
      {
        description: 'Lists every ferry route with its id, name and region.',
        inputSchema: z.object({}),
        annotations: READ_ONLY,
      },
      async () =>
        structured({ routes: ROUTES.map((r) => ({ routeId: r.routeId, name: r.name, region: r.region })) }),
    );
    server.registerTool(
      'list_vessels',
      {
        description: 'Lists every vessel in the fleet with its id and name.',
        inputSchema: z.object({}),
        annotations: READ_ONLY,
      },
      async () =>
        structured({ vessels: VESSELS.map((v) => ({ vesselId: String(v.vesselId), name: v.name })) }),
    );
    fleetTool(
      server,
      'get_vessel',
      'Fetches the full record of one vessel.',
      (v) => ({
        vesselId: v.vesselId,
        builtYear: v.builtYear,
        shipyard: v.shipyard,
      }),
      callable,
    );
    fleetTool(
      server,
      'get_vessel_inspection',
      'Fetches the latest safety inspection of one vessel.',
      (v) => ({
        vesselId: v.vesselId,
        ...v.inspection,
      }),
      callable,
    );
    fleetTool(
      server,
      'get_vessel_crew',
      'Fetches the senior crew of one vessel.',
      (v) => ({
        vesselId: v.vesselId,
        ...v.crew,
      }),
      tail,
    );
    return server;
  },
});
