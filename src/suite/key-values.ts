import { isRecord } from '../core/json.js';
import { normaliseText } from './normalise.js';

/**
 * What makes a value a poor answer key, shared by explore/2 (which never proposes such keys) and
 * admission (which rejects them from any generator): values that change over time, and values that
 * carry no information a null model could not supply.
 */

// A field named like a clock reading: createdAt, last_modified, accessed, timestamp, updated, now.
const TIME_FIELD =
  /(?:^|[^a-z])(?:time|timestamp|date ?time|now|clock|created|modified|accessed|updated|changed|mtime|ctime|atime|birthtime|expires?|uptime|elapsed)(?:[^a-z]|$)/;

export function isTimeField(name: string): boolean {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return TIME_FIELD.test(spaced.toLowerCase()) || /(?:At|Time|Timestamp)$/.test(name);
}

// 2026-12-01T11:04:37Z, 2026-12-01 11:04, Tue Dec 01 2026 11:04:37 GMT+0000, 11:04:37, 1764587077123.
const CLOCK = /\b\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\b/;
const ISO_DATETIME = /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const WEEKDAY_DATE = /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /;

// just now, 5 minutes ago, Last active: an hour ago, yesterday, in 3 days: a value that *is* a
// moment said relative to now (after a short label at most), not a text that mentions one
// ("不喜欢 see you tomorrow 的就不放" is a recipe's joke).
const RELATIVE =
  /^(?:[\p{L} ]{1,24}:\s*)?(?:just now|yesterday|tomorrow|today|(?:an?|\d+) (?:sec(?:ond)?|min(?:ute)?|hour|hr|day|week|month|year)s? ago|in (?:an?|\d+) (?:second|minute|hour|day|week|month|year)s?)[.!]?$/iu;

/**
 * A value that reads as a moment (a date with a time of day, a clock reading, an epoch in ms, or a
 * short phrase that places it relative to now: "just now", "5 minutes ago").
 */
export function isTimeLike(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && value > 1e12 && value < 1e13;
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (/^\d{13}$/.test(text)) return true;
  if (RELATIVE.test(text)) return true;
  return ISO_DATETIME.test(text) || (CLOCK.test(text) && (WEEKDAY_DATE.test(text) || text.length <= 40));
}

const BOOLEAN_WORDS = new Set([
  'true',
  'false',
  'yes',
  'no',
  'on',
  'off',
  'null',
  'none',
  'n a',
  'undefined',
]);

export function isBooleanLike(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  return typeof value === 'string' && BOOLEAN_WORDS.has(normaliseText(value));
}

/** Every `enum` (and `const`) value declared anywhere in a schema (bounded walk). */
export function enumValues(schema: unknown, budget = { nodes: 5_000 }): unknown[] {
  const out: unknown[] = [];
  const seen = new Set<unknown>();
  const walk = (node: unknown) => {
    if (budget.nodes-- <= 0 || node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!isRecord(node)) return;
    const record = node;
    if (Array.isArray(record.enum)) out.push(...record.enum.slice(0, 1_000));
    if ('const' in record) out.push(record.const);
    for (const value of Object.values(record)) walk(value);
  };
  walk(schema);
  return out;
}

/** Is `key` one of these values (compared as normalised text)? */
export function isMemberOf(key: unknown, values: readonly unknown[]): boolean {
  if (typeof key !== 'string' && typeof key !== 'number') return false;
  const wanted = normaliseText(String(key));
  if (wanted === '') return false;
  return values.some(
    (v) => (typeof v === 'string' || typeof v === 'number') && normaliseText(String(v)) === wanted,
  );
}

/** A prompt that picks its value by position: "the 2nd entry", "the third observation", "the last row". */
const ORDINAL =
  /\bthe (?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last) (?:entry|item|element|row|record|result|line|observation|one|value|object|node|child)\b/i;

export function namesByPosition(prompt: string): string | undefined {
  return ORDINAL.exec(prompt)?.[0];
}

/** An absolute path equal to, or inside, one of the given directories. */
export function isUnderPath(key: unknown, paths: readonly string[]): boolean {
  if (typeof key !== 'string' || !key.startsWith('/')) return false;
  const clean = key.replace(/\/+$/, '');
  return paths.some((p) => {
    const base = p.replace(/\/+$/, '');
    return base !== '' && (clean === base || clean.startsWith(`${base}/`));
  });
}
