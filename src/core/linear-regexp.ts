import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { RE2JS } from 're2js';

/**
 * The regular-expression engine for `pattern` and `patternProperties` in server-supplied schemas.
 * JavaScript's RegExp backtracks: `^(a+)+$` against 39 characters blocks the event loop for
 * minutes, and no signal handler runs meanwhile. RE2 matches in linear time. A pattern that is not
 * valid ECMAScript fails to compile, as under RegExp; a valid one outside RE2's syntax (lookaround,
 * backreferences) cannot be matched in linear time, so it is not enforced rather than risked.
 */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => {
    // Constructing (not matching) an ECMAScript regex is cheap; it keeps JS's verdict on validity.
    new RegExp(pattern, flags);
    // ajv caches compiled patterns by their string form: each must name its own pattern.
    const named = () => `/${pattern}/${flags}`;
    let re: RE2JS;
    try {
      re = RE2JS.compile(pattern);
    } catch {
      return { test: () => true, toString: named };
    }
    return { test: (s: string) => re.test(s), toString: named };
  },
  { code: 're2js' },
);
