import type {
  CallToolResult,
  ClientCapabilities,
  Implementation,
  JSONRPCMessage,
  PriorDiscovery,
  Tool,
} from '@modelcontextprotocol/client';
import type { TapeWriter } from '../tape/writer.js';
import type { StartedServer } from './server-process.js';
import type { StartLane } from './start-lane.js';

export type Era = 'modern' | 'legacy';
/**
 * `sse`/`json`: what POST answers carried (Content-Type); `mixed` when both were seen; `memory`: an
 * in-memory target's transport.
 */
export type TransportShape = 'stdio' | 'memory' | 'sse' | 'json' | 'mixed' | 'unknown';

export interface SessionOptions {
  /** The wire tape; every frame, HTTP exchange and process event of this session goes on it. */
  tape?: TapeWriter;
  /** A cached era verdict (`session.prior` of an earlier session): skips the `server/discover` probe. */
  prior?: PriorDiscovery;
  /** Handshake deadline (era probe + initialize). Default 30 s. */
  connectTimeoutMs?: number;
  /** Deadline for the era probe alone. Default 15 s. */
  probeTimeoutMs?: number;
  /** Default deadline for requests. Default 60 s. */
  requestTimeoutMs?: number;
  clientInfo?: Implementation;
  capabilities?: ClientCapabilities;
  /** The corr id of the session's own events (open, close); default: the corr id it is opened under. */
  corrId?: string;
  /** Stdout lines longer than this end a stdio session. */
  maxLineBytes?: number;
  /** Aborting it ends a handshake still in progress (a signal during a stalled connect). */
  signal?: AbortSignal;
  /** Stdio: the session's server process, a fresh one started ahead (see `ServerPool`); default: spawned on connect. */
  prestarted?: () => StartedServer;
  /** Stdio: the lane this server's starts queue in (spawn to handshake, one at a time); default: none. */
  lane?: StartLane;
}

/** Why a session stopped carrying requests (see `McpSession.fault`). */
export interface SessionFault {
  kind: 'frame' | 'exited' | 'closed';
  detail: string;
}

export interface ToolList {
  tools: Tool[];
  /** Each `tools/list` result as it crossed the wire (cache hints such as `ttlMs` live only here). */
  rawResults: Record<string, unknown>[];
}

export interface CallOptions {
  corrId?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** What one `tools/call` came to. Decided from the wire frame, not from what the SDK made of it. */
export type ToolCallOutcome =
  | { kind: 'result'; result: CallToolResult; isError: boolean; latencyMs: number }
  /** The server answered with a result the SDK rejected (e.g. structuredContent against outputSchema). */
  | { kind: 'invalid-result'; result: unknown; message: string; latencyMs: number }
  | { kind: 'rpc-error'; code: number; message: string; data?: unknown; latencyMs: number }
  | { kind: 'timeout'; timeoutMs: number; latencyMs: number }
  | { kind: 'failed'; message: string; latencyMs: number };

export interface RawFrameResult {
  /** The answering frame, or undefined when none came within the deadline (or the frame had no id). */
  response: JSONRPCMessage | undefined;
  tapeLines: number[];
}

// The era probe waits long enough for a busy machine: a timed-out probe would misreport a modern server
// as legacy. Only a server that never answers an unknown method pays the full wait.
export const DEFAULTS = { connectTimeoutMs: 30_000, probeTimeoutMs: 15_000, requestTimeoutMs: 60_000 };
