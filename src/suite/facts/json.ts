import { jsonSpansIn } from '../json-in-text.js';

/**
 * JSON wherever a text holds it (docs/design.md §5.2): the whole text, or JSON after a prefix or
 * inside a code fence ("Found 3 tables:\n[…]"), when the JSON is most of the text. A string that
 * itself holds a JSON object or array is read as that object or array.
 */

const MAX_UNWRAP_DEPTH = 8;

function structured(value: unknown): boolean {
  return value !== null && typeof value === 'object';
}

function parseStructured(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed) || !/[\]}]$/.test(trimmed)) return undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    return structured(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Strings holding JSON objects or arrays, replaced by what they hold (bounded depth). */
export function unwrapJsonStrings(value: unknown, depth = 0): unknown {
  if (depth > MAX_UNWRAP_DEPTH) return value;
  if (typeof value === 'string') {
    const inner = parseStructured(value);
    return inner === undefined ? value : unwrapJsonStrings(inner, depth + 1);
  }
  if (Array.isArray(value)) return value.map((item) => unwrapJsonStrings(item, depth + 1));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrapJsonStrings(v, depth + 1)]));
  return value;
}

/** The JSON a text holds, when JSON is at least half of it; undefined otherwise. */
export function jsonIn(text: string): unknown {
  const whole = parseStructured(text);
  if (whole !== undefined) return unwrapJsonStrings(whole);
  const spans = jsonSpansIn(text).filter((span) => structured(span.value));
  if (spans.length === 0) return undefined;
  const covered = spans.reduce<number>((n, span) => n + span.length, 0);
  if (covered * 2 < text.trim().length) return undefined;
  const values = spans.map((span) => span.value);
  return unwrapJsonStrings(values.length === 1 ? values[0] : values);
}
