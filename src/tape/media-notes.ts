import { applyHits, bump, type MarkerCounts } from './secret-shapes.js';

/**
 * Media blobs in published copies become a size note, `[media image/png 48213 bytes]`: an MCP
 * image or audio content block's `data`, a resource's `blob`, and `data:…;base64,` URIs anywhere in
 * a string. The note keeps what a reader needs (what it was, how big) and drops bytes nobody reads
 * in a tape and that can carry anything (a screenshot of a secret, a file). Linear hand scanners.
 */

/** Object keys whose string value is a blob when it is all base64. */
export const BLOB_KEYS: ReadonlySet<string> = new Set(['data', 'blob']);
/** A base64 value this long in a blob field is a blob even when its bytes are not a known format. */
const LONG_BLOB = 256;

export const mediaNote = (mime: string, bytes: number): string => `[media ${mime} ${bytes} bytes]`;

const isB64 = (c: number) =>
  (c >= 48 && c <= 57) ||
  (c >= 65 && c <= 90) ||
  (c >= 97 && c <= 122) ||
  c === 43 ||
  c === 47 ||
  c === 45 ||
  c === 95;
const isB64Space = (c: number) => isB64(c) || c === 61 || c === 10 || c === 13;

/** Decoded length of a base64 text (padding and line breaks not counted). */
function decodedBytes(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i += 1) if (isB64(s.charCodeAt(i))) n += 1;
  return Math.floor((n * 3) / 4);
}

const MAGIC: [string, number[], number?][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['application/pdf', [0x25, 0x50, 0x44, 0x46]],
  ['audio/ogg', [0x4f, 0x67, 0x67, 0x53]],
  ['audio/flac', [0x66, 0x4c, 0x61, 0x43]],
  ['audio/mpeg', [0x49, 0x44, 0x33]],
  ['image/webp', [0x57, 0x45, 0x42, 0x50], 8],
  ['audio/wav', [0x57, 0x41, 0x56, 0x45], 8],
];

/** The media type its first bytes name, when they are a format we know. */
export function sniff(s: string, from = 0): string | undefined {
  const head = Buffer.from(s.slice(from, from + 24).replace(/[^A-Za-z0-9+/]/g, ''), 'base64');
  for (const [mime, bytes, at = 0] of MAGIC) if (bytes.every((b, k) => head[at + k] === b)) return mime;
  return undefined;
}

/** The note for a whole string value of a blob field, or undefined when it is not a blob. */
export function blobNote(value: string, declared: string | undefined): string | undefined {
  if (value.length < 16) return undefined;
  for (let i = 0; i < value.length; i += 1) if (!isB64Space(value.charCodeAt(i))) return undefined;
  const sniffed = sniff(value);
  if (sniffed === undefined && value.length < LONG_BLOB) return undefined;
  return mediaNote(declared ?? sniffed ?? 'application/octet-stream', decodedBytes(value, 0, value.length));
}

const isMimeChar = (c: number) =>
  (c >= 48 && c <= 57) ||
  (c >= 65 && c <= 90) ||
  (c >= 97 && c <= 122) ||
  c === 43 ||
  c === 45 ||
  c === 46 ||
  c === 47 ||
  c === 95;

interface Found {
  start: number;
  end: number;
  note: string;
}

/** `data:<mime>[;param]*;base64,<payload>` at `i`. */
function dataUri(s: string, i: number): Found | number {
  let j = i + 5;
  while (j < s.length && j - i < 133 && isMimeChar(s.charCodeAt(j))) j += 1;
  const mime = s.slice(i + 5, j) || 'text/plain';
  const comma = s.indexOf(',', j);
  if (comma === -1 || comma - j > 200) return j;
  const params = s.slice(j, comma);
  if (!params.endsWith(';base64') || /[\s"']/.test(params)) return j;
  let end = comma + 1;
  while (end < s.length && (isB64(s.charCodeAt(end)) || s.charCodeAt(end) === 61)) end += 1;
  if (end === comma + 1) return end;
  return { start: i, end, note: mediaNote(mime.toLowerCase(), decodedBytes(s, comma + 1, end)) };
}

/** `"data":"<base64>` inside a string (JSON that a model or a server passed on as text). */
function embeddedBlob(s: string, i: number): Found | number {
  const key = s.startsWith('"data":"', i) ? 8 : s.startsWith('"blob":"', i) ? 8 : 0;
  if (key === 0) return i + 1;
  const from = i + key;
  let end = from;
  while (end < s.length && (isB64(s.charCodeAt(end)) || s.charCodeAt(end) === 61)) end += 1;
  if (s.charCodeAt(end) !== 34) return end;
  const value = s.slice(from, end);
  const note = blobNote(value, undefined);
  return note === undefined ? end : { start: from, end, note };
}

function found(s: string, literal: string, at: (s: string, i: number) => Found | number, out: Found[]) {
  let i = s.indexOf(literal);
  while (i !== -1) {
    const r = at(s, i);
    let resume = i + 1;
    if (typeof r === 'number') resume = Math.max(resume, r);
    else {
      out.push(r);
      resume = r.end;
    }
    i = resume >= s.length ? -1 : s.indexOf(literal, resume);
  }
}

/** `;base64,` found: the `data:` that opens its URI lies at most a media type and parameters back. */
function dataUriBack(s: string, i: number): Found | number {
  const from = Math.max(0, i - 340);
  const back = s.slice(from, i).lastIndexOf('data:');
  const start = back === -1 ? -1 : from + back;
  if (start === -1 || (start > 0 && isMimeChar(s.charCodeAt(start - 1)))) return i + 8;
  return dataUri(s, start);
}

/** Every data: URI and embedded blob of `s` as a size note; `s` itself when there is none. */
export function redactMedia(s: string, counts: MarkerCounts): string {
  const hits: Found[] = [];
  found(s, ';base64,', dataUriBack, hits);
  found(s, '"data":"', embeddedBlob, hits);
  found(s, '"blob":"', embeddedBlob, hits);
  return applyHits(s, hits, (h) => {
    bump(counts, 'media');
    return h.note;
  });
}
