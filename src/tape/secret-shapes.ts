/**
 * Publish-time redaction of secret-shaped strings: what a server or a model returned can carry a
 * credential nobody told us about (an API key echoed back, a JWT in an error, a private key block
 * in a file the server read). Each one becomes a marker naming its kind, `[REDACTED:jwt]`.
 *
 * A hand scanner, linear in the input: every match attempt starts at a trigger that is not preceded
 * by a token character, scans forward over a bounded character class, and the scan resumes past
 * whatever it read. There is no regular expression over untrusted text here, so no input can make it
 * backtrack (a 50 MB single-line string is read once).
 */

/** The kinds a marker names. `known-secret` is the exact-match scrub of src/tape/redact.ts. */
export const SHAPE_KINDS = [
  'anthropic-key',
  'openai-key',
  'aws-key',
  'github-token',
  'slack-token',
  'google-key',
  'stripe-key',
  'bearer',
  'jwt',
  'private-key',
  'url-userinfo',
] as const;
export type ShapeKind = (typeof SHAPE_KINDS)[number];

/** How many of each marker (and media note) a text received. */
export type MarkerCounts = Record<string, number>;

export const marker = (kind: string): string => `[REDACTED:${kind}]`;

export function bump(counts: MarkerCounts, kind: string, n = 1): void {
  counts[kind] = (counts[kind] ?? 0) + n;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;
const isAlnum = (c: number) => isDigit(c) || isUpper(c) || isLower(c);
/** Characters of a key-like token: a trigger right after one of these is inside a longer word. */
const isWord = (c: number) => isAlnum(c) || c === 95 /* _ */ || c === 45; /* - */
const isUpperDigit = (c: number) => isDigit(c) || isUpper(c);
const isB64Url = (c: number) => isAlnum(c) || c === 95 || c === 45;
/** RFC 6750 b64token: ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/", then "="s. */
const isB64Token = (c: number) =>
  isAlnum(c) || c === 45 || c === 46 || c === 95 || c === 126 || c === 43 || c === 47;

/** The end of the run of `cls` characters starting at `from`. */
function runEnd(s: string, from: number, cls: (c: number) => boolean): number {
  let j = from;
  while (j < s.length && cls(s.charCodeAt(j))) j += 1;
  return j;
}

function hasDigit(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) if (isDigit(s.charCodeAt(i))) return true;
  return false;
}

function hasLetter(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) {
    const c = s.charCodeAt(i);
    if (isUpper(c) || isLower(c)) return true;
  }
  return false;
}

/** A match: replace [start, end) with the marker of `kind`; scanning resumes at `end`. */
export interface Hit {
  start: number;
  end: number;
  kind: ShapeKind;
}
/** No match; scanning may resume at `skip` (everything before it was read and cannot start one). */
type Attempt = Hit | { skip: number };

/** A prefix followed by a run of `cls` of at least `min` characters (a digit among them, if asked). */
function prefixed(
  s: string,
  i: number,
  prefix: string,
  cls: (c: number) => boolean,
  min: number,
  kind: ShapeKind,
  digit = true,
): Attempt | undefined {
  if (!s.startsWith(prefix, i)) return undefined;
  const from = i + prefix.length;
  const end = runEnd(s, from, cls);
  if (end - from >= min && (!digit || hasDigit(s, from, end))) return { start: i, end, kind };
  return { skip: end };
}

/** `eyJ…` `.` `eyJ…` `.` signature: a JWT (JWS compact form; header and payload are JSON objects). */
function jwt(s: string, i: number): Attempt | undefined {
  if (!s.startsWith('eyJ', i)) return undefined;
  const a = runEnd(s, i + 3, isB64Url);
  if (a - i < 10 || s.charCodeAt(a) !== 46 || !s.startsWith('eyJ', a + 1)) return { skip: a };
  const b = runEnd(s, a + 4, isB64Url);
  if (b - a < 8 || s.charCodeAt(b) !== 46) return { skip: b };
  return { start: i, end: runEnd(s, b + 1, isB64Url), kind: 'jwt' };
}

/** `Bearer <token>`: the scheme word stays, the token goes. */
function bearer(s: string, i: number): Attempt | undefined {
  const word = s.slice(i, i + 7);
  if (word !== 'Bearer ' && word !== 'bearer ' && word !== 'BEARER ') return undefined;
  let from = i + 7;
  while (s.charCodeAt(from) === 32) from += 1;
  let end = runEnd(s, from, isB64Token);
  const letters = end;
  while (s.charCodeAt(end) === 61 /* = */) end += 1;
  if (letters - from >= 8 && hasDigit(s, from, letters) && hasLetter(s, from, letters))
    return { start: from, end, kind: 'bearer' };
  return { skip: Math.max(end, i + 7) };
}

const BEGIN = '-----BEGIN ';

/** A PEM private key block, BEGIN to END; with no END line, everything after BEGIN goes. */
function pem(s: string, i: number): Attempt | undefined {
  if (!s.startsWith(BEGIN, i)) return undefined;
  const close = s.indexOf('-----', i + BEGIN.length);
  if (close === -1 || close - i > BEGIN.length + 64) return { skip: i + BEGIN.length };
  const label = s.slice(i + BEGIN.length, close);
  if (!label.endsWith('PRIVATE KEY')) return { skip: close + 5 };
  const endLine = `-----END ${label}-----`;
  const at = s.indexOf(endLine, close + 5);
  return { start: i, end: at === -1 ? s.length : at + endLine.length, kind: 'private-key' };
}

const isSchemeChar = (c: number) => isAlnum(c) || c === 43 || c === 45 || c === 46;
/** Characters that end a URL's authority (or the URL): the userinfo cannot hold them. */
const endsAuthority = (c: number) =>
  c === 47 || c === 63 || c === 35 || c === 64 || c <= 32 || c === 34 || c === 39 || c === 60 || c === 62;

/** `scheme://user:pass@host`: the userinfo becomes the marker, the scheme and host stay. */
function userinfo(s: string, i: number): Attempt | undefined {
  if (!s.startsWith('://', i) || i === 0 || !isSchemeChar(s.charCodeAt(i - 1))) return undefined;
  const from = i + 3;
  let colon = false;
  let j = from;
  while (j < s.length && !endsAuthority(s.charCodeAt(j))) {
    if (s.charCodeAt(j) === 58) colon = true;
    j += 1;
  }
  if (s.charCodeAt(j) === 64 /* @ */ && colon && j > from)
    return { start: from, end: j, kind: 'url-userinfo' };
  // No userinfo: the authority is read again for keys (it holds no `://`, so this stays linear).
  return { skip: i + 1 };
}

/**
 * Whether the `://` at `i` of raw JSON text can open a userinfo in the string it decodes to: the
 * authority's first terminator is `@`, or an escape comes first (it could decode to anything).
 * Every other occurrence decodes to the same characters up to the same terminator, so `userinfo`
 * would find nothing there. The scan stops at the next `/`, so no two scans overlap.
 */
function mayHoldUserinfo(s: string, i: number): boolean {
  let j = i + 3;
  while (j < s.length) {
    const c = s.charCodeAt(j);
    if (c === 92 /* \ */) return true;
    if (endsAuthority(c)) return c === 64;
    j += 1;
  }
  return false;
}

/** A literal that starts an attempt, and whether it must not follow a token character. */
interface Trigger {
  literal: string;
  boundary: boolean;
  attempt: (s: string, i: number) => Attempt | undefined;
  /** For prefilters over raw text: false when this occurrence cannot start a match. */
  confirm?: (s: string, i: number) => boolean;
}

const key = (literal: string, cls: (c: number) => boolean, min: number, kind: ShapeKind, digit = false) => ({
  literal,
  boundary: true,
  attempt: (s: string, i: number) => prefixed(s, i, literal, cls, min, kind, digit),
});

const GITHUB = ['ghp_', 'gho_', 'ghs_', 'ghu_', 'ghr_'].map((p) => key(p, isAlnum, 30, 'github-token'));
const SLACK = ['xoxa-', 'xoxb-', 'xoxp-', 'xoxr-'].map((p) => key(p, isWord, 10, 'slack-token', true));

/** The first of `options` whose literal starts at `i`, tried. */
const oneOf =
  (options: readonly Trigger[]) =>
  (s: string, i: number): Attempt | undefined =>
    options.find((o) => s.startsWith(o.literal, i))?.attempt(s, i);

/**
 * Few literals, each searched once over the text with indexOf; shared prefixes dispatch after. A
 * literal may start `offset` characters into what it finds (indexOf is fastest when the first
 * character it looks for is rare: `k-`, not `sk-`).
 */
const TRIGGERS: readonly (Trigger & { offset?: number })[] = [
  {
    literal: 'k-',
    offset: 1,
    boundary: true,
    attempt: (s, i) =>
      s.charCodeAt(i) !== 115 /* s */
        ? undefined
        : (prefixed(s, i, 'sk-ant-', isWord, 20, 'anthropic-key') ??
          prefixed(s, i, 'sk-', isWord, 20, 'openai-key')),
  },
  {
    literal: 'k_live_',
    offset: 1,
    boundary: true,
    attempt: oneOf([key('sk_live_', isAlnum, 16, 'stripe-key'), key('rk_live_', isAlnum, 16, 'stripe-key')]),
  },
  key('AKIA', isUpperDigit, 16, 'aws-key'),
  key('ASIA', isUpperDigit, 16, 'aws-key'),
  key('AIza', isB64Url, 35, 'google-key'),
  key('github_pat_', isWord, 22, 'github-token'),
  { literal: 'gh', boundary: true, attempt: oneOf(GITHUB) },
  { literal: 'xox', boundary: true, attempt: oneOf(SLACK) },
  { literal: 'yJ', offset: 1, boundary: true, attempt: jwt },
  ...['Bearer ', 'bearer ', 'BEARER '].map((literal) => ({ literal, boundary: true, attempt: bearer })),
  { literal: BEGIN, boundary: false, attempt: pem },
  { literal: '://', boundary: false, attempt: userinfo, confirm: mayHoldUserinfo },
];

/**
 * The literals that can start a secret shape, with a check of an occurrence where one applies:
 * raw JSON text holding no confirmed occurrence of any of them has nothing to redact.
 */
export const SHAPE_LITERALS: readonly Pick<Trigger, 'literal' | 'confirm'>[] = TRIGGERS.map((t) => ({
  literal: t.literal,
  confirm: t.confirm,
}));

/** Every hit of one trigger; each occurrence is found by indexOf and each scan resumes past itself. */
function hitsOf(s: string, t: Trigger & { offset?: number }, out: Hit[]): void {
  const offset = t.offset ?? 0;
  let found = s.indexOf(t.literal, offset);
  while (found !== -1) {
    const at = found - offset;
    let resume = at + 1;
    if (!t.boundary || at === 0 || !isWord(s.charCodeAt(at - 1))) {
      const a = t.attempt(s, at);
      if (a !== undefined) {
        if ('skip' in a) resume = Math.max(resume, a.skip);
        else {
          out.push(a);
          resume = Math.max(resume, a.end);
        }
      }
    }
    found = resume + offset >= s.length ? -1 : s.indexOf(t.literal, resume + offset);
  }
}

/** The hits that do not overlap an earlier one (earliest first, the longest of those starting together). */
export function applyHits<H extends { start: number; end: number }>(
  s: string,
  hits: H[],
  replace: (h: H) => string,
): string {
  if (hits.length === 0) return s;
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let copied = 0;
  for (const h of hits) {
    if (h.start < copied) continue;
    out += s.slice(copied, h.start) + replace(h);
    copied = h.end;
  }
  return out + s.slice(copied);
}

/**
 * Every secret-shaped substring of `s` replaced by its marker, counted into `counts`. Returns `s`
 * itself when nothing matched (callers compare by identity to keep untouched bytes untouched).
 * Each trigger is searched with indexOf (native, linear) and every scan from one resumes past what
 * it read, so the whole is linear in `s` for a fixed set of triggers.
 */
export function redactShapes(s: string, counts: MarkerCounts): string {
  const hits: Hit[] = [];
  for (const t of TRIGGERS) hitsOf(s, t, hits);
  return applyHits(s, hits, (h) => {
    bump(counts, h.kind);
    return marker(h.kind);
  });
}
