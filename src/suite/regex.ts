import { RE2JS } from 're2js';
import { asRecord } from '../core/json.js';

/**
 * Patterns in checks and extracts come from generators, the judge model among them, and run
 * against server output: both are untrusted. JavaScript's RegExp backtracks (`^(a+)+$` against 39
 * characters blocks the event loop for minutes, and no signal handler runs meanwhile), so every
 * pattern is matched by RE2 (`re2js`), in linear time, and never by RegExp.
 *
 * A pattern is admitted when it is valid ECMAScript (with its flags) and RE2 reads it the same
 * way. Refused, with the reason: lookaround and backreferences (no linear-time engine has them),
 * `[^]`, escapes RE2 gives another meaning (`\A`, `\z`, `\a`, `\C`, `\Q`, `\E`, and `\p` without
 * `u`), and patterns over 4,096 characters. Flags `g` and `y` make `RegExp.test` stateful
 * (lastIndex) and `d` is pointless here; `v` set notation has no RE2 reading. Allowed: i, m, s, u.
 * Under RE2, `\s` is ASCII whitespace and `.` excludes only `\n`: the verdict is RE2's.
 */
const ALLOWED_FLAGS = /^[imsu]*$/;
export const MAX_PATTERN_CHARS = 4096;
/** ECMAScript escapes (without `u`) that are literal letters there but something else in RE2. */
const REREAD_ESCAPES = new Set(['A', 'z', 'a', 'C', 'Q', 'E']);

/** A compiled pattern: linear-time, stateless. */
export interface LinearRegex {
  /** The pattern matches somewhere in `text`. */
  test(text: string): boolean;
  /** The first match, or null: its groups by number or name. */
  exec(text: string): RegexMatch | null;
}

export interface RegexMatch {
  group(key: number | string): string | undefined;
}

export type Compiled = { ok: true; regex: LinearRegex } | { ok: false; detail: string };

const cache = new Map<string, Compiled>();
const CACHE_SIZE = 256;

export function compileRegex(pattern: string, flags = ''): Compiled {
  const key = `${flags}/${pattern}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const compiled = compileUncached(pattern, flags);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, compiled);
  return compiled;
}

function compileUncached(pattern: string, flags: string): Compiled {
  if (!ALLOWED_FLAGS.test(flags))
    return { ok: false, detail: `flags "${flags}" not allowed (only i, m, s, u)` };
  if (new Set(flags).size !== flags.length) return { ok: false, detail: `flags "${flags}" repeat a flag` };
  if (pattern.length > MAX_PATTERN_CHARS)
    return { ok: false, detail: `pattern is longer than ${MAX_PATTERN_CHARS} characters` };
  try {
    // Constructing (never matching) a RegExp is linear: it keeps ECMAScript's verdict on validity.
    new RegExp(pattern, flags);
  } catch (err) {
    return {
      ok: false,
      detail: `pattern does not compile: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  const reread = rereadEscape(pattern, flags.includes('u'));
  if (reread !== undefined)
    return {
      ok: false,
      detail: `pattern uses ${reread}, which the linear-time engine (RE2) reads differently`,
    };
  let re: RE2JS;
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(pattern), re2Flags(flags));
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      detail: `pattern needs more than the linear-time engine (RE2) matches (no lookaround, backreferences or [^]): ${why}`,
    };
  }
  return { ok: true, regex: linear(re) };
}

function re2Flags(flags: string): number {
  let out = 0;
  if (flags.includes('i')) out |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes('m')) out |= RE2JS.MULTILINE;
  if (flags.includes('s')) out |= RE2JS.DOTALL;
  return out;
}

/** The first escape RE2 would read differently from ECMAScript, as written, or undefined. */
function rereadEscape(pattern: string, unicode: boolean): string | undefined {
  for (let i = 0; i < pattern.length; i += 1) {
    if (pattern[i] !== '\\') continue;
    const next = pattern[i + 1] ?? '';
    if (REREAD_ESCAPES.has(next) || (!unicode && (next === 'p' || next === 'P'))) return `\\${next}`;
    i += 1;
  }
  return undefined;
}

function linear(re: RE2JS): LinearRegex {
  return {
    test: (text) => re.test(text),
    exec: (text) => {
      const match: unknown = re.exec(text);
      if (!Array.isArray(match)) return null;
      const groups = asRecord('groups' in match ? match.groups : undefined);
      return {
        group: (key) => {
          const value: unknown = typeof key === 'number' ? match[key] : groups?.[key];
          return typeof value === 'string' ? value : undefined;
        },
      };
    },
  };
}
