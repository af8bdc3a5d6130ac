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

/**
 * Where the string token opening at `q` ends (the index after its closing quote), or -1 when the
 * line breaks first. `nl` caches the next newline at or after the last token, so the search for
 * both stays linear over the whole text.
 */
function tokenEnd(text: string, q: number, nl: { at: number }): number {
  if (nl.at !== -1 && nl.at < q) nl.at = text.indexOf('\n', q);
  let j = text.indexOf('"', q + 1);
  while (j !== -1) {
    let slashes = 0;
    while (text.charCodeAt(j - 1 - slashes) === 92 /* \ */) slashes += 1;
    if (slashes % 2 === 0) break;
    j = text.indexOf('"', j + 1);
  }
  if (j === -1 || (nl.at !== -1 && nl.at < j)) return -1;
  return j + 1;
}

function decode(token: string): string | undefined {
  if (!token.includes('\\')) return token.slice(1, -1);
  try {
    const v: unknown = JSON.parse(token);
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Structure between two string tokens: tracks object depth, and whether it is only `:`. */
function structure(seg: string, depth: { d: number; mime: Map<number, string> }): void {
  for (let k = 0; k < seg.length; k += 1) {
    const c = seg.charCodeAt(k);
    if (c === 123 /* { */) depth.d += 1;
    else if (c === 125 /* } */) {
      depth.mime.delete(depth.d);
      depth.d -= 1;
    }
  }
}

/**
 * Literals whose absence from a stretch of the raw text proves there is nothing to redact in it:
 * every shape trigger, a data: URI's `;base64,`, an embedded blob key (quotes escaped, as raw JSON
 * holds them), and any `\u` escape (it could spell a trigger). One pointer per literal moves only
 * forward, so asking about successive stretches costs one indexOf per occurrence in all.
 */
const LITERALS = [...SHAPE_LITERALS, ';base64,', '\\"data\\":\\"', '\\"blob\\":\\"', '\\u'];

class Prefilter {
  private readonly next: number[];
  constructor(private readonly text: string) {
    this.next = LITERALS.map((l) => text.indexOf(l));
  }

  /** True when some literal starts within [from, to). */
  any(from: number, to: number): boolean {
    for (let k = 0; k < LITERALS.length; k += 1) {
      let n = this.next[k] ?? -1;
      if (n === -1) continue;
      if (n < from) {
        n = this.text.indexOf(LITERALS[k] ?? '', from);
        this.next[k] = n;
        if (n === -1) continue;
      }
      if (n < to) return true;
    }
    return false;
  }
}

const onlyColon = (seg: string) => seg.trim() === ':';

/** Rewrites the string values of JSON (or JSON lines) text; keys and everything else keep their bytes. */
function redactJsonValues(text: string, m: MarkerCounts): string {
  const parts: string[] = [];
  const depth = { d: 0, mime: new Map<number, string>() };
  let i = 0;
  let key: string | undefined;
  let keyEnd = -1;
  const nl = { at: text.indexOf('\n') };
  const filter = new Prefilter(text);
  while (i < text.length) {
    const q = text.indexOf('"', i);
    const seg = text.slice(i, q === -1 ? text.length : q);
    parts.push(filter.any(i, i + seg.length) ? redactShapes(seg, m) : seg);
    structure(seg, depth);
    if (q === -1) break;
    const end = tokenEnd(text, q, nl);
    if (end === -1) {
      // A broken line: its rest is text, scanned as text.
      const br = text.indexOf('\n', q);
      const stop = br === -1 ? text.length : br;
      parts.push(redactShapes(redactMedia(text.slice(q, stop), m), m));
      i = stop;
      key = undefined;
      continue;
    }
    const token = text.slice(q, end);
    const after = text.slice(end, end + 64).trimStart();
    const value = decode(token);
    if (after.startsWith(':')) {
      parts.push(token);
      key = value;
      keyEnd = end;
    } else {
      const own = key !== undefined && keyEnd >= 0 && onlyColon(text.slice(keyEnd, q)) ? key : undefined;
      const blob = own !== undefined && BLOB_KEYS.has(own);
      const next =
        value === undefined || (!blob && !filter.any(q, end))
          ? undefined
          : redactValue(value, own, depth.mime.get(depth.d), m);
      parts.push(next === undefined || next === value ? token : JSON.stringify(next));
      if (own === 'mimeType' && value !== undefined) depth.mime.set(depth.d, value);
      key = undefined;
    }
    i = end;
  }
  return parts.join('');
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
