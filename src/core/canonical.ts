import { createHash } from 'node:crypto';
import { FitnessError } from './errors.js';
import { isRecord } from './json.js';

/**
 * RFC 8785 JSON Canonicalization Scheme. The suite hash must be reproducible by anyone holding
 * suite.json, in any language, so we use the published scheme rather than JSON.stringify order:
 * - object keys sorted by UTF-16 code units (JS's default string sort already compares code units);
 * - numbers in ECMAScript Number.prototype.toString form (what JSON.stringify emits for finite
 *   numbers; -0 becomes 0), non-finite numbers are an error because JSON cannot carry them;
 * - strings escaped as ECMAScript JSON.stringify does (lowercase \u00xx for controls), lone
 *   surrogates rejected because RFC 8785 requires I-JSON (well-formed Unicode);
 * - no whitespace. Object members whose value is undefined are omitted, as JSON.stringify would.
 */
export function canonicalJson(value: unknown): string {
  return write(value, '');
}

// In a `u` regex a surrogate pair is one code point, so this only matches unpaired halves.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** A string with an unpaired surrogate half is not text: no JSON canonical form holds it. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

function fail(path: string, what: string): never {
  throw new FitnessError('CANONICAL_JSON', `cannot canonicalize ${what} at ${path || '/'}`);
}

function write(value: unknown, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) return fail(path, String(value));
      return JSON.stringify(value);
    case 'string':
      if (hasLoneSurrogate(value)) return fail(path, 'a lone surrogate');
      return JSON.stringify(value);
    case 'object':
      if (Array.isArray(value)) {
        return `[${value.map((item, i) => (item === undefined ? fail(`${path}/${i}`, 'undefined') : write(item, `${path}/${i}`))).join(',')}]`;
      }
      if (isRecord(value)) return writeObject(value, path);
      return fail(path, 'an object');
    default:
      return fail(path, typeof value);
  }
}

function writeObject(object: Record<string, unknown>, path: string): string {
  const keys = Object.keys(object)
    .filter((key) => object[key] !== undefined)
    .sort();
  const members = keys.map((key) => {
    if (hasLoneSurrogate(key)) fail(path, 'a key with a lone surrogate');
    return `${JSON.stringify(key)}:${write(object[key], `${path}/${key}`)}`;
  });
  return `{${members.join(',')}}`;
}

/** Two values are the same JSON when their canonical forms are equal (key order and -0 do not count). */
export function sameCanonical(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** `sameCanonical` for values from a server or a model: one that is not JSON (NaN, a cycle) is never the same. */
export function sameJson(a: unknown, b: unknown): boolean {
  try {
    return sameCanonical(a, b);
  } catch {
    return false;
  }
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** sha256 (lowercase hex) of the RFC 8785 canonical form. */
export function canonicalDigest(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
