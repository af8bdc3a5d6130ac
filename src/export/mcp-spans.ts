import { ATTR_ERROR_TYPE, ATTR_SERVER_ADDRESS, ATTR_SERVER_PORT } from '@opentelemetry/semantic-conventions';
import { asRecord } from '../core/json.js';
import { type Exchange, messages } from '../tape/pairing.js';
import type { Tape } from '../tape/reader.js';
import { EventKind } from '../tape/schema.js';
import { GEN_AI, GEN_AI_OPERATION, MCP, NETWORK_TRANSPORT, RPC } from './conventions.js';
import { type Attributes, contentText, type SpanNode, span } from './span-tree.js';

/** The first revision with no session: `mcp.session.id` is never set on its sessions. */
const MODERN = '2026-07-28';

export interface WireFacts {
  /** Negotiated revision per session tag (from the `connected` event). */
  versions: Map<string, string>;
  /** Session handle fingerprint per session tag (legacy HTTP sessions that got an `Mcp-Session-Id`). */
  sessionIds: Map<string, string>;
  transport: 'pipe' | 'tcp';
  server?: { address: string; port: number };
}

/** What the wire plane says about each session: its revision and (legacy HTTP) its session handle. */
export function wireFacts(wire: Tape, target: { kind: string; description: string }): WireFacts {
  const facts: WireFacts = {
    versions: new Map(),
    sessionIds: new Map(),
    transport: target.kind === 'http' ? 'tcp' : 'pipe',
  };
  if (target.kind === 'http' && URL.canParse(target.description)) {
    const url = new URL(target.description);
    facts.server = {
      address: url.hostname,
      port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    };
  }
  for (const r of wire.records) {
    if (r.type !== 'event' || r.value.session === undefined) continue;
    const raw = asRecord(r.value.raw);
    if (
      r.value.kind === EventKind.connect &&
      raw?.phase === 'connected' &&
      typeof raw.protocolVersion === 'string'
    )
      facts.versions.set(r.value.session, raw.protocolVersion);
    const id = asRecord(raw?.responseHeaders)?.['mcp-session-id'];
    if (r.value.kind === EventKind.http && typeof id === 'string') facts.sessionIds.set(r.value.session, id);
  }
  return facts;
}

/** The raw JSON-RPC message of `id` on a tape line (a batch line carries several). */
function frame(
  wire: Tape,
  line: number | undefined,
  id: string | number,
): Record<string, unknown> | undefined {
  if (line === undefined) return undefined;
  const r = wire.records[lineIndex(wire, line)];
  if (r?.type !== 'message') return undefined;
  return messages(r.value.raw).find((m) => m.id === id);
}

const indexes = new WeakMap<Tape, Map<number, number>>();
function lineIndex(wire: Tape, line: number): number {
  let map = indexes.get(wire);
  if (map === undefined) {
    map = new Map(wire.records.map((r, i) => [r.line, i]));
    indexes.set(wire, map);
  }
  return map.get(line) ?? -1;
}

/**
 * One client span per JSON-RPC request on the wire, from its request to its response line, named
 * and attributed by the MCP and GenAI conventions (`{mcp.method.name} {gen_ai.tool.name}`).
 */
export function mcpSpan(x: Exchange, wire: Tape, facts: WireFacts, content: boolean): SpanNode {
  const name = x.tool === undefined ? x.method : `${x.method} ${x.tool}`;
  const attributes: Attributes = {
    [MCP.methodName]: x.method,
    [RPC.jsonrpcRequestId]: String(x.id),
    [RPC.jsonrpcProtocolVersion]: '2.0',
    [NETWORK_TRANSPORT]: facts.transport,
    'fitness.tape.ref': `wire:${x.requestLine}`,
  };
  if (x.tool !== undefined) {
    attributes[GEN_AI.toolName] = x.tool;
    attributes[GEN_AI.operationName] = GEN_AI_OPERATION.executeTool;
  }
  const version = x.session === undefined ? undefined : facts.versions.get(x.session);
  if (version !== undefined) attributes[MCP.protocolVersion] = version;
  const sessionId = x.session === undefined ? undefined : facts.sessionIds.get(x.session);
  if (sessionId !== undefined && version !== undefined && version < MODERN)
    attributes[MCP.sessionId] = sessionId;
  if (facts.server) {
    attributes[ATTR_SERVER_ADDRESS] = facts.server.address;
    attributes[ATTR_SERVER_PORT] = facts.server.port;
  }
  const node = span(name, x.requestMs, x.responseMs ?? x.requestMs, attributes);
  node.kind = 'client';
  if (x.responseLine !== undefined) attributes['fitness.tape.response_ref'] = `wire:${x.responseLine}`;
  if (x.outcome === 'rpc-error') {
    const code = String(x.error?.code ?? 'unknown');
    attributes[RPC.responseStatusCode] = code;
    attributes[ATTR_ERROR_TYPE] = code;
    node.error = x.error?.message || `JSON-RPC error ${code}`;
  } else if (x.outcome === 'tool-error') {
    attributes[ATTR_ERROR_TYPE] = 'tool_error';
    node.error = 'the tool answered isError';
  } else if (x.outcome === 'pending') {
    attributes[ATTR_ERROR_TYPE] = 'no_response';
    attributes['fitness.mcp.pending'] = true;
    node.error = 'no response was recorded';
  }
  if (content) {
    const request = frame(wire, x.requestLine, x.id);
    const args = asRecord(request?.params)?.arguments;
    if (args !== undefined) attributes[GEN_AI.toolCallArguments] = contentText(args);
    const response = frame(wire, x.responseLine, x.id);
    if (response?.result !== undefined) attributes[GEN_AI.toolCallResult] = contentText(response.result);
  }
  return node;
}
