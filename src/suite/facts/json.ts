import { jsonSpansIn } from '../json-in-text.js';

/**
 * JSON wherever a text holds it (docs/design.md §5.2): the whole text, or JSON after a prefix or
 * inside a code fence ("Found 3 tables:\n[…]"), when the JSON is most of the text. A string that
 * itself holds a JSON object or array is read as that object or array, and, given the fact readers,
 * a string of several lines that holds a document (a file's Markdown or CSV) as that document.
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

/** Reads a string that is not JSON into a document (a Markdown table, a CSV), or undefined. */
export type StringReader = (text: string) => unknown;

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.every((item, i) => item === b[i]);
}

/**
 * Strings holding JSON objects or arrays replaced by what they hold, and, given a reader, strings of
 * several lines replaced by the document it reads in them (bounded depth). What nothing changed is
 * returned as it came (the same object), so a caller can tell whether any string held a document.
 */
export function unwrapStrings(value: unknown, readString?: StringReader, depth = 0): unknown {
  if (depth > MAX_UNWRAP_DEPTH) return value;
  if (typeof value === 'string') {
    const inner =
      parseStructured(value) ??
      (readString !== undefined && value.includes('\n') ? readString(value) : undefined);
    return inner === undefined ? value : unwrapStrings(inner, readString, depth + 1);
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => unwrapStrings(item, readString, depth + 1));
    return sameItems(items, value) ? value : items;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    const read = entries.map(([, v]) => unwrapStrings(v, readString, depth + 1));
    if (
      sameItems(
        read,
        entries.map(([, v]) => v),
      )
    )
      return value;
    return Object.fromEntries(entries.map(([k], i) => [k, read[i]]));
  }
  return value;
}

/** The JSON a text holds, when JSON is at least half of it; undefined otherwise. */
export function jsonIn(text: string, readString?: StringReader): unknown {
  const whole = parseStructured(text);
  if (whole !== undefined) return unwrapStrings(whole, readString);
  const spans = jsonSpansIn(text).filter((span) => structured(span.value));
  if (spans.length === 0) return undefined;
  const covered = spans.reduce<number>((n, span) => n + span.length, 0);
  if (covered * 2 < text.trim().length) return undefined;
  const values = spans.map((span) => span.value);
  return unwrapStrings(values.length === 1 ? values[0] : values, readString);
}
