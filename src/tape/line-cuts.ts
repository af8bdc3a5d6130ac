// What a line keeps when it cannot be written whole.
import { isRecord } from '../core/json.js';

/** What an oversized frame keeps so pairing, method names and error counts still work. */
export function routingKeys(raw: unknown): Record<string, unknown> {
  if (!isRecord(raw)) return {};
  const src = raw;
  const out: Record<string, unknown> = {};
  for (const key of ['jsonrpc', 'id', 'method'] as const) if (key in src) out[key] = src[key];
  const params = src.params;
  if (params !== null && typeof params === 'object' && 'name' in params) {
    const name = params.name;
    if (typeof name === 'string') out.params = { name: name.slice(0, 256) };
  }
  const error = src.error;
  if (error !== null && typeof error === 'object') {
    const e: Record<string, unknown> = isRecord(error) ? error : {};
    out.error = { code: e.code, message: typeof e.message === 'string' ? e.message.slice(0, 512) : '' };
  }
  const result = src.result;
  if (result !== null && typeof result === 'object' && 'isError' in result) {
    out.result = { isError: result.isError };
  }
  return out;
}

/** A harness line that cannot be serialized: its envelope only (scalar fields, `raw` and `blocks` marked). */
export function envelopeOnly(line: unknown): Record<string, unknown> {
  const envelope: object = line !== null && typeof line === 'object' ? line : {};
  const kept = Object.fromEntries(Object.entries(envelope).filter(([, v]) => typeof v !== 'object'));
  if ('raw' in envelope) kept.raw = { unserializable: true };
  if ('blocks' in envelope) kept.blocks = [];
  return kept;
}
