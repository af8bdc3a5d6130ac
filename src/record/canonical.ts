import { createHash } from 'node:crypto';
import { FitnessError } from '../cli/errors.js';

/**
 * RFC 8785 (JCS) canonical JSON: object keys sorted by UTF-16 code units, no whitespace, numbers in
 * ECMAScript shortest form (what JSON.stringify already emits). Hashes are taken over these bytes so
 * two writers of the same value always agree.
 */
export function canonicalJson(value: unknown): string {
  return encode(value, '$');
}

function encode(value: unknown, at: string): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new FitnessError('CANONICAL_JSON', `${at}: not a finite number: ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v, i) => encode(v, `${at}[${i}]`)).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${encode(v, `${at}.${k}`)}`).join(',')}}`;
  }
  throw new FitnessError('CANONICAL_JSON', `${at}: cannot encode a ${typeof value}`);
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
