/**
 * Patterns in checks and extracts are ECMAScript regexes compiled once at admission. `g` and `y`
 * are refused: they make `RegExp.test` stateful (lastIndex), so the same answer could pass once
 * and fail the next time; `d` is pointless here. Allowed: i, m, s, u, v.
 */
const ALLOWED_FLAGS = /^[imsuv]*$/;

export type Compiled = { ok: true; regex: RegExp } | { ok: false; detail: string };

export function compileRegex(pattern: string, flags = ''): Compiled {
  if (!ALLOWED_FLAGS.test(flags))
    return { ok: false, detail: `flags "${flags}" not allowed (only i, m, s, u, v)` };
  if (new Set(flags).size !== flags.length) return { ok: false, detail: `flags "${flags}" repeat a flag` };
  try {
    return { ok: true, regex: new RegExp(pattern, flags) };
  } catch (err) {
    return {
      ok: false,
      detail: `pattern does not compile: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}
