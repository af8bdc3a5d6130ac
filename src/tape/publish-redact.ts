import { Cursor, Edits, type Literal, onlyColon, Prefilter, skipSpace, tokenEnd } from './json-scan.js';
import { BLOB_KEYS, blobNote, redactMedia } from './media-notes.js';
import { REDACTED, Redactor, redactTapeText } from './redact.js';
import { bump, type MarkerCounts, redactShapes, SHAPE_LITERALS } from './secret-shapes.js';

/**
 * The published copy of one run file: known secrets scrubbed exactly (src/tape/redact.ts), then
 * every secret-shaped string a marker and every media blob a size note. JSON is rewritten token by
 * token: only string values change; keys, numbers, whitespace and line structure keep their bytes,
 * so token counts, timestamps and line numbers read the same in the copy as in the original.
 */
export interface RedactedCopy {
  text: string;
  /** Markers and notes the copy received, by kind (empty when the copy is the original). */
  markers: MarkerCounts;
}

function occurrences(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) n += 1;
  return n;
}

function knownSecrets(
  text: string,
  secrets: readonly string[],
  json: boolean,
  markers: MarkerCounts,
): string {
  const redactor = new Redactor(secrets);
  if (redactor.empty || !redactor.finds(text)) return text;
  // Tapes are scrubbed line by line as JSON (escaped forms included); other files as text.
  const out = json ? redactTapeText(text, secrets) : redactor.scrub(text);
  const n = occurrences(out, REDACTED) - occurrences(text, REDACTED);
  if (n > 0) bump(markers, 'known-secret', n);
  return out;
}

/** One string value: a blob field's whole value, then media inside it, then secret shapes. */
function redactValue(value: string, key: string | undefined, mime: string | undefined, m: MarkerCounts) {
  if (key !== undefined && BLOB_KEYS.has(key)) {
    const note = blobNote(value, mime);
    if (note !== undefined) {
      bump(m, 'media');
      return note;
    }
  }
  return redactShapes(redactMedia(value, m), m);
}

/** A string token's value: its raw inside when it has no escape, else JSON's reading (undefined: invalid). */
function decode(text: string, q: number, end: number, cursor: Cursor): string | undefined {
  if (!cursor.backslash(q, end)) return text.slice(q + 1, end - 1);
  try {
    const v: unknown = JSON.parse(text.slice(q, end));
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Literals whose absence from a stretch of the raw text proves there is nothing to redact in it:
 * every shape trigger, a data: URI's `;base64,`, an embedded blob key (quotes escaped, as raw JSON
 * holds them), any `\u` escape (it could spell a trigger) and an escaped slash after a colon
 * (`:\/\/`, how some encoders write `://`).
 */
const LITERALS: readonly Literal[] = [
  ...SHAPE_LITERALS,
  ...[';base64,', '\\"data\\":\\"', '\\"blob\\":\\"', '\\u', ':\\/'].map((literal) => ({ literal })),
];
/**
 * Group 0 of the prefilter is LITERALS; group 1 adds the keys redaction reads. A line holding
 * neither is copied as it is, unread.
 */
const LINE_LITERALS: readonly Literal[] = [
  ...LITERALS,
  ...['"data"', '"blob"', '"mimeType"'].map((literal) => ({ literal })),
];
const VALUES = 0;
const LINES = 1;

/** Which of the keys redaction reads a token is (`other`: any other key, or an undecodable one). */
type KeyKind = 'data' | 'blob' | 'mimeType' | 'other';
const KEY_KINDS: readonly KeyKind[] = ['data', 'blob', 'mimeType'];

function keyKind(text: string, q: number, end: number, cursor: Cursor): KeyKind {
  const len = end - q - 2;
  if (len !== 4 && len !== 8 && !cursor.backslash(q, end)) return 'other';
  const value = decode(text, q, end, cursor);
  return KEY_KINDS.find((k) => k === value) ?? 'other';
}

/** Object depth and the `mimeType` declared so far at each depth, from the structure between tokens. */
class Depth {
  d = 0;
  readonly mime = new Map<number, string>();
  structure(text: string, from: number, to: number): void {
    for (let k = from; k < to; k += 1) {
      const c = text.charCodeAt(k);
      if (c === 123 /* { */) this.d += 1;
      else if (c === 125 /* } */) {
        this.mime.delete(this.d);
        this.d -= 1;
      }
    }
  }
}

/**
 * Rewrites the string values of JSON (or JSON lines) text; keys and everything else keep their bytes.
 * Lines holding no literal that could start a redaction are skipped unread when no blob key or
 * media type is pending from before them (skipping their braces shifts every later depth alike, and
 * nothing recorded at an earlier depth is waiting to be read).
 */
function redactJsonValues(text: string, m: MarkerCounts): string {
  const edits = new Edits(text);
  const depth = new Depth();
  const cursor = new Cursor(text);
  const filter = new Prefilter(text, LINE_LITERALS, [LITERALS.length, LINE_LITERALS.length]);
  let i = 0;
  let key: KeyKind | undefined;
  let keyEnd = -1;
  const shapes = (from: number, to: number, media: boolean) => {
    const seg = text.slice(from, to);
    const out = redactShapes(media ? redactMedia(seg, m) : seg, m);
    if (out !== seg) edits.replace(from, to, out);
  };
  while (i < text.length) {
    const found = text.indexOf('"', i);
    const q = found === -1 ? text.length : found;
    const nl = cursor.newline(i);
    if (nl !== -1 && nl < q && depth.mime.size === 0 && (key === undefined || key === 'other')) {
      if (!filter.any(i, nl, LINES)) {
        // Skip whole lines with nothing to redact: only their first segment's braces are counted.
        depth.structure(text, i, nl);
        let s = nl + 1;
        for (let e = cursor.newline(s); s < text.length; e = cursor.newline(s)) {
          const stop = e === -1 ? text.length : e;
          if (filter.any(s, stop, LINES)) break;
          s = stop + 1;
        }
        i = s;
        key = undefined;
        continue;
      }
    }
    if (filter.any(i, q, VALUES)) shapes(i, q, false);
    depth.structure(text, i, q);
    if (found === -1) break;
    const end = tokenEnd(text, q, cursor);
    if (end === -1) {
      // A broken line: its rest is text, scanned as text.
      const br = cursor.newline(q);
      const stop = br === -1 ? text.length : br;
      shapes(q, stop, true);
      i = stop;
      key = undefined;
      continue;
    }
    const after = skipSpace(text, end, Math.min(end + 64, text.length));
    if (after < end + 64 && text.charCodeAt(after) === 58 /* : */) {
      key = keyKind(text, q, end, cursor);
      keyEnd = end;
    } else {
      const own = key !== undefined && onlyColon(text, keyEnd, q) ? key : undefined;
      const blob = own === 'data' || own === 'blob';
      if (blob || own === 'mimeType' || filter.any(q, end, VALUES)) {
        const value = decode(text, q, end, cursor);
        if (value !== undefined) {
          const next =
            blob || filter.any(q, end, VALUES) ? redactValue(value, own, depth.mime.get(depth.d), m) : value;
          if (next !== value) edits.replace(q, end, JSON.stringify(next));
          if (own === 'mimeType') depth.mime.set(depth.d, value);
        }
      }
      key = undefined;
    }
    i = end;
  }
  return edits.result();
}

/** The published copy of a run file's text; `json` for `.json` and `.jsonl` files. */
export function redactForPublication(text: string, secrets: readonly string[], json: boolean): RedactedCopy {
  const markers: MarkerCounts = {};
  const scrubbed = knownSecrets(text, secrets, json, markers);
  const out = json
    ? redactJsonValues(scrubbed, markers)
    : redactShapes(redactMedia(scrubbed, markers), markers);
  return { text: out, markers };
}
