import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { asRecord, isRecord } from '../core/json.js';

const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
/** Modern revisions compare lexicographically: `2026-07-28` and later. */
const FIRST_MODERN = '2026-07-28';

/**
 * What the session's SDK client answers a server → client request with, having declared no client
 * capabilities. On a legacy (2025-era) connection `ping` gets an empty result and anything else
 * (`roots/list`, `sampling/createMessage`, `elicitation/create`) method-not-found. On a modern
 * (2026-07-28) connection the client drops every server → client request unanswered: that era has
 * none. `under` is the request the client had sent when the server asked: a request carrying the
 * modern `_meta` envelope is what a modern connection sends. The probes' raw channels answer
 * through this, so a server that asks before it answers sees the same client whichever path asked.
 */
export function clientAnswer(
  request: { id: string | number; method: string },
  under: unknown,
): JSONRPCMessage | undefined {
  if (isModernRequest(under)) return undefined;
  if (request.method === 'ping') return { jsonrpc: '2.0', id: request.id, result: {} };
  return { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'Method not found' } };
}

/** A JSON-RPC request from the server (a method and an id), which a client may have to answer. */
export function isServerRequest(message: unknown): message is { id: string | number; method: string } {
  if (!isRecord(message)) return false;
  const { id, method } = message;
  return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number');
}

function isModernRequest(frame: unknown): boolean {
  const version = asRecord(asRecord(asRecord(frame)?.params)?._meta)?.[PROTOCOL_VERSION_KEY];
  return typeof version === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= FIRST_MODERN;
}
