import {
  type JSONRPCMessage,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { FitnessError } from '../core/errors.js';
import { EventKind } from '../tape/schema.js';
import { callContext, idKey } from './context.js';
import { messageOf } from './errors.js';
import type { InFlight } from './in-flight.js';
import type { CallOptions, RawFrameResult } from './session-types.js';
import type { HttpWire, RawHttpRequest, RawHttpResponse } from './wire.js';

/** What a raw frame needs of its session (kept out of the public `McpSession` surface). */
export interface RawFrameHost {
  transport: Transport;
  inFlight: InFlight;
  event(kind: string, raw: unknown, corrId?: string): number | undefined;
  scrub(text: string): string;
}

/** See `McpSession.rawFrame`. */
export async function sendRawFrame(
  host: RawFrameHost,
  frame: Record<string, unknown>,
  options: CallOptions,
): Promise<RawFrameResult> {
  const lines: number[] = [];
  const message: Record<string, unknown> = { jsonrpc: '2.0', ...frame };
  if (
    !('id' in message) &&
    typeof message.method === 'string' &&
    !message.method.startsWith('notifications/')
  ) {
    message.id = host.inFlight.nextRawId();
  }
  const key = idKey(message.id);
  // The waiter is in place before the send, so an answer that comes back at once is not missed.
  const answered =
    key === undefined ? Promise.resolve(undefined) : host.inFlight.awaitRaw(key, options.timeoutMs ?? 10_000);
  try {
    await callContext.run({ corrId: options.corrId, lines }, () =>
      // Left as a cast: a raw frame goes out as the probe wrote it, malformed on purpose when the probe
      // asks how a server answers a bad frame; the transport only serializes what it is given.
      host.transport.send(message as unknown as JSONRPCMessage),
    );
  } catch (err) {
    if (key !== undefined) host.inFlight.abandonRaw(key);
    host.event(EventKind.transportError, { message: host.scrub(messageOf(err)) }, options.corrId);
    return { response: undefined, tapeLines: lines };
  }
  const response = await answered;
  if (key !== undefined) {
    const line = host.inFlight.takeRawLine(key);
    if (response !== undefined && line !== undefined) lines.push(line);
  }
  return { response, tapeLines: lines };
}

/** What a raw HTTP request needs of its session. */
export interface RawHttpHost {
  label: string;
  wire: HttpWire | undefined;
  transport: Transport;
  protocolVersion: string | undefined;
}

/** See `McpSession.rawHttp`. */
export async function sendRawHttp(
  host: RawHttpHost,
  request: RawHttpRequest & { sessionHeaders?: boolean },
): Promise<RawHttpResponse> {
  if (host.wire === undefined)
    throw new FitnessError('NOT_HTTP', `${host.label}: raw HTTP needs an HTTP target`);
  const headers: Record<string, string> = {};
  if (request.sessionHeaders === true && host.transport instanceof StreamableHTTPClientTransport) {
    const sessionId = host.transport.sessionId;
    if (sessionId !== undefined) headers['mcp-session-id'] = sessionId;
    if (host.protocolVersion !== undefined) headers['mcp-protocol-version'] = host.protocolVersion;
  }
  return host.wire.rawHttp({ ...request, headers: { ...headers, ...request.headers } });
}
