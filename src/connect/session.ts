import {
  type CallToolResult,
  Client,
  type ClientCapabilities,
  type DiscoverResult,
  type Implementation,
  type JSONRPCMessage,
  type PriorDiscovery,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  type ServerCapabilities,
  StreamableHTTPClientTransport,
  type Tool,
  type Transport,
} from '@modelcontextprotocol/client';
import { FitnessError } from '../cli/errors.js';
import { recordTransport } from '../tape/record-transport.js';
import { Redactor } from '../tape/redact.js';
import { EventKind } from '../tape/schema.js';
import type { TapeWriter } from '../tape/writer.js';
import { PRODUCER, VERSION } from '../version.js';
import { type CallContext, callContext, currentCorrId, idKey, noteLine } from './context.js';
import { connectError, errorText, isTimeout } from './errors.js';
import { ProcessStdioTransport } from './stdio-transport.js';
import { describeTarget, parseTarget, type Target, type TargetInput, targetSecrets } from './target.js';
import { HttpWire, type RawHttpRequest, type RawHttpResponse } from './wire.js';

export type Era = 'modern' | 'legacy';
/** `sse`/`json`: what POST answers carried (Content-Type); `mixed` when both were seen. */
export type TransportShape = 'stdio' | 'sse' | 'json' | 'mixed' | 'unknown';

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
  /** Stdout lines longer than this end a stdio session. */
  maxLineBytes?: number;
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
const DEFAULTS = { connectTimeoutMs: 30_000, probeTimeoutMs: 15_000, requestTimeoutMs: 60_000 };

/**
 * Opens one MCP session on a target (a fresh process for stdio) over the v2 SDK client in `auto`
 * version negotiation, recording every frame on `options.tape`. Faults are one-line `FitnessError`s
 * naming the target; a failed open leaves no process, socket or timer behind.
 */
export async function openSession(
  input: Target | TargetInput,
  options: SessionOptions = {},
): Promise<McpSession> {
  const target = parseTarget(input);
  const session = new McpSession(target, options);
  try {
    await session.connect();
  } catch (err) {
    // Some stdio servers exit on any request before `initialize`, so the in-place era probe killed
    // this one. That is a legacy verdict: a fresh process gets the plain handshake.
    if (!session.diedDuringProbe || options.prior !== undefined) throw err;
    session.event(EventKind.connect, {
      phase: 'retry',
      reason: 'the server exited on the server/discover probe',
    });
    const retry = new McpSession(target, { ...options, prior: { kind: 'legacy' } });
    await retry.connect();
    return retry;
  }
  return session;
}

export class McpSession {
  readonly target: Target;
  readonly label: string;
  /** Tag of this session's lines on the tape. */
  readonly tag: string | undefined;
  readonly client: Client;
  private readonly transport: Transport;
  private readonly stdio: ProcessStdioTransport | undefined;
  private readonly wire: HttpWire | undefined;
  private readonly tape: TapeWriter | undefined;
  private readonly redactor: Redactor;
  private readonly options: SessionOptions;
  /** Requests whose answers a caller is waiting for (raw frames, calls, lists), by id key. */
  private readonly watched = new Map<string, { message?: JSONRPCMessage; line?: number; deliver: boolean }>();
  private readonly rawWaiters = new Map<string, (m: JSONRPCMessage | undefined) => void>();
  private rawCounter = 0;
  private closing: Promise<void> | undefined;
  /** The connect failed because the process ended while the era probe was out (see `openSession`). */
  diedDuringProbe = false;
  /** Server chatter recorded per session (stdout noise lines, stderr characters); the rest is counted. */
  private readonly budget = { noise: 100, stderr: 64 * 1024 };

  constructor(target: Target, options: SessionOptions) {
    this.target = target;
    this.options = options;
    this.label = describeTarget(target);
    this.tape = options.tape;
    this.tag = options.tape?.newSession();
    this.redactor = new Redactor(targetSecrets(target));
    this.tape?.addSecrets(targetSecrets(target));
    this.client = new Client(options.clientInfo ?? { name: PRODUCER, version: VERSION }, {
      capabilities: options.capabilities ?? {},
      versionNegotiation: {
        mode: 'auto',
        probe: { timeoutMs: options.probeTimeoutMs ?? DEFAULTS.probeTimeoutMs },
      },
    });
    this.client.onerror = (err) =>
      this.event(EventKind.transportError, { message: this.scrub(errorText(err)) });
    let transport: Transport;
    if (target.kind === 'stdio') {
      this.stdio = new ProcessStdioTransport({
        argv: target.argv,
        env: target.env,
        cwd: target.cwd,
        maxLineBytes: options.maxLineBytes,
        onNoise: (head, bytes) => {
          if (this.budget.noise-- > 0) this.event(EventKind.stdoutNoise, { head, bytes });
        },
        onStderr: (text) => {
          if (this.budget.stderr <= 0) return;
          const kept = text.slice(0, Math.min(4096, this.budget.stderr));
          this.budget.stderr -= kept.length;
          this.event(EventKind.stderr, {
            text: kept,
            ...(kept.length < text.length ? { truncated: true } : {}),
          });
        },
        onExit: (code, signal) => this.event(EventKind.process, { exitCode: code, signal }),
      });
      transport = this.stdio;
    } else {
      this.wire = new HttpWire(target, this.tape, this.tag, this.redactor);
      transport = new StreamableHTTPClientTransport(new URL(target.url), {
        fetch: this.wire.fetch,
        requestInit: { headers: target.headers },
        reconnectionOptions: {
          maxRetries: 0,
          initialReconnectionDelay: 1000,
          maxReconnectionDelay: 1000,
          reconnectionDelayGrowFactor: 1,
        },
      });
    }
    this.transport = recordTransport(transport, this.tape, {
      session: this.tag,
      corrId: currentCorrId,
      onLine: noteLine,
      onSend: (m) => this.noteSent(m),
      intercept: (m, line) => this.onInbound(m, line),
    });
  }

  /** @internal Runs the handshake; on failure everything is released and a one-line fault thrown. */
  async connect(): Promise<void> {
    const timeoutMs = this.options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs;
    this.event(EventKind.connect, {
      phase: 'start',
      target: this.label,
      prior: this.options.prior?.kind ?? null,
    });
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(new Error('timeout'));
      }, timeoutMs);
    });
    try {
      const prior = this.options.prior;
      const connectOptions = prior === undefined ? { timeout: timeoutMs } : { timeout: timeoutMs, prior };
      await Promise.race([this.client.connect(this.transport, connectOptions), deadline]);
    } catch (error) {
      this.diedDuringProbe =
        this.stdio !== undefined &&
        error instanceof SdkError &&
        error.code === SdkErrorCode.EraNegotiationFailed &&
        /closed during the server\/discover probe/.test(error.message);
      // How the process stood when the handshake failed, before release() ends it.
      const exit = this.stdio
        ? { exitCode: this.stdio.diagnostics.exitCode, signal: this.stdio.diagnostics.signal }
        : {};
      await this.release();
      const fault = connectError({
        label: this.label,
        error,
        timedOut,
        timeoutMs,
        ...(this.stdio ? { process: { ...this.stdio.diagnostics, ...exit } } : {}),
        ...(this.wire ? { http: this.wire.observed } : {}),
        redactor: this.redactor,
      });
      this.event(EventKind.connect, { phase: 'failed', code: fault.code, message: fault.message });
      throw fault;
    } finally {
      clearTimeout(timer);
    }
    this.event(EventKind.connect, {
      phase: 'connected',
      protocolVersion: this.protocolVersion ?? null,
      era: this.era ?? null,
      serverInfo: this.serverInfo ?? null,
      pid: this.stdio?.pid ?? null,
    });
  }

  get protocolVersion(): string | undefined {
    return this.client.getNegotiatedProtocolVersion();
  }

  get era(): Era | undefined {
    return this.client.getProtocolEra();
  }

  get discover(): DiscoverResult | undefined {
    return this.client.getDiscoverResult();
  }

  get instructions(): string | undefined {
    return this.client.getInstructions();
  }

  get capabilities(): ServerCapabilities | undefined {
    return this.client.getServerCapabilities();
  }

  get serverInfo(): Implementation | undefined {
    return this.client.getServerVersion();
  }

  /** The era verdict to pass as `prior` to later sessions on the same target (skips the probe). */
  get prior(): PriorDiscovery | undefined {
    const discover = this.discover;
    if (this.era === 'modern' && discover !== undefined) return { kind: 'modern', discover };
    if (this.era === 'legacy') return { kind: 'legacy' };
    return undefined;
  }

  get transportShape(): TransportShape {
    if (this.wire === undefined) return 'stdio';
    const { sseResponses, jsonResponses } = this.wire.observed;
    if (sseResponses > 0 && jsonResponses > 0) return 'mixed';
    if (sseResponses > 0) return 'sse';
    if (jsonResponses > 0) return 'json';
    return 'unknown';
  }

  /** HTTP: an `Mcp-Session-Id` header was seen. Stdio sessions are one process, hence session-ful. */
  get sessionful(): boolean {
    return this.wire === undefined ? true : this.wire.observed.sessionIdSeen;
  }

  /** Pid of the server process (stdio), for tests and diagnostics. */
  get pid(): number | undefined {
    return this.stdio?.diagnostics.pid;
  }

  /** Lists every tool (all pages, always from the server) and keeps each raw wire result. */
  async listTools(options: CallOptions = {}): Promise<ToolList> {
    const ctx: CallContext = { corrId: options.corrId, sent: [] };
    const { tools } = await callContext.run(ctx, () =>
      this.client.listTools(undefined, {
        cacheMode: 'refresh',
        timeout: options.timeoutMs ?? this.requestTimeout(),
        ...(options.signal ? { signal: options.signal } : {}),
      }),
    );
    const rawResults = this.collect(ctx)
      .map((m) => (m !== undefined && 'result' in m ? m.result : undefined))
      .filter((r): r is Record<string, unknown> => r !== undefined);
    return { tools, rawResults };
  }

  /** Calls a tool; the outcome comes from the wire frame. Never throws for server behaviour. */
  async callTool(
    name: string,
    args: Record<string, unknown> = {},
    options: CallOptions = {},
  ): Promise<ToolCallOutcome> {
    const ctx: CallContext = { corrId: options.corrId, sent: [] };
    const timeoutMs = options.timeoutMs ?? this.requestTimeout();
    const started = performance.now();
    const elapsed = () => Math.round((performance.now() - started) * 1000) / 1000;
    try {
      const result = await callContext.run(ctx, () =>
        this.client.callTool(
          { name, arguments: args },
          { timeout: timeoutMs, ...(options.signal ? { signal: options.signal } : {}) },
        ),
      );
      this.collect(ctx);
      return { kind: 'result', result, isError: result.isError === true, latencyMs: elapsed() };
    } catch (err) {
      const wire = this.collect(ctx).at(-1);
      const latencyMs = elapsed();
      if (wire !== undefined && 'error' in wire) {
        const { code, message, data } = wire.error;
        return { kind: 'rpc-error', code, message, ...(data === undefined ? {} : { data }), latencyMs };
      }
      if (wire !== undefined && 'result' in wire) {
        return {
          kind: 'invalid-result',
          result: wire.result,
          message: this.scrub(errorText(err)),
          latencyMs,
        };
      }
      if (isTimeout(err)) return { kind: 'timeout', timeoutMs, latencyMs };
      if (err instanceof ProtocolError)
        return { kind: 'rpc-error', code: err.code, message: err.message, latencyMs };
      return { kind: 'failed', message: this.scrub(errorText(err)), latencyMs };
    }
  }

  /**
   * Sends one raw JSON-RPC frame through the session's transport (recorded like any other) and, when
   * it has an id, waits for the frame answering it, which is kept from the SDK client. Without an id
   * in `frame`, one is assigned when `frame.method` is set (`fitness-raw-N`).
   */
  async rawFrame(frame: Record<string, unknown>, options: CallOptions = {}): Promise<RawFrameResult> {
    const lines: number[] = [];
    const message = { jsonrpc: '2.0', ...frame } as Record<string, unknown>;
    if (
      !('id' in message) &&
      typeof message.method === 'string' &&
      !message.method.startsWith('notifications/')
    ) {
      this.rawCounter += 1;
      message.id = `fitness-raw-${this.rawCounter}`;
    }
    const key = idKey(message.id);
    const answered =
      key === undefined
        ? Promise.resolve(undefined)
        : new Promise<JSONRPCMessage | undefined>((resolve) => {
            const timer = setTimeout(() => {
              this.rawWaiters.delete(key);
              resolve(undefined);
            }, options.timeoutMs ?? 10_000);
            this.rawWaiters.set(key, (m) => {
              clearTimeout(timer);
              this.rawWaiters.delete(key);
              resolve(m);
            });
          });
    try {
      await callContext.run({ corrId: options.corrId, lines }, () =>
        this.transport.send(message as unknown as JSONRPCMessage),
      );
    } catch (err) {
      if (key !== undefined) this.rawWaiters.get(key)?.(undefined);
      this.event(EventKind.transportError, { message: this.scrub(errorText(err)) }, options.corrId);
      return { response: undefined, tapeLines: lines };
    }
    const response = await answered;
    const line = response === undefined || key === undefined ? undefined : this.rawLines.get(key);
    if (line !== undefined) lines.push(line);
    if (key !== undefined) this.rawLines.delete(key);
    return { response, tapeLines: lines };
  }

  private readonly rawLines = new Map<string, number>();

  /** HTTP targets: one raw request to the target URL through the recording fetch (see `HttpWire`). */
  async rawHttp(request: RawHttpRequest & { sessionHeaders?: boolean }): Promise<RawHttpResponse> {
    if (this.wire === undefined)
      throw new FitnessError('NOT_HTTP', `${this.label}: raw HTTP needs an HTTP target`);
    const headers: Record<string, string> = {};
    if (request.sessionHeaders === true && this.transport instanceof StreamableHTTPClientTransport) {
      const sessionId = this.transport.sessionId;
      if (sessionId !== undefined) headers['mcp-session-id'] = sessionId;
      if (this.protocolVersion !== undefined) headers['mcp-protocol-version'] = this.protocolVersion;
    }
    return this.wire.rawHttp({ ...request, headers: { ...headers, ...request.headers } });
  }

  /** A harness event on this session's tape lines (`fitness.<name>`). Returns its line, if recorded. */
  event(kind: string, raw: unknown, corrId?: string): number | undefined {
    const line = this.tape?.event(kind, raw, { corrId: corrId ?? currentCorrId(), session: this.tag });
    if (line !== undefined) noteLine(line);
    return line;
  }

  /** Ends the session: HTTP session DELETE (best effort), client close, process group killed, sockets freed. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    if (this.transport instanceof StreamableHTTPClientTransport && this.transport.sessionId !== undefined) {
      const transport = this.transport;
      await withDeadline(
        transport.terminateSession().catch(() => {}),
        2000,
      );
    }
    await this.release();
    const d = this.stdio?.diagnostics;
    this.event(EventKind.connect, {
      phase: 'closed',
      ...(d ? { noiseLines: d.noiseLines, noiseRecorded: Math.min(d.noiseLines, 100) } : {}),
    });
  }

  private async release(): Promise<void> {
    await this.client.close().catch(() => {});
    await this.transport.close().catch(() => {});
    this.wire?.close();
    for (const resolve of this.rawWaiters.values()) resolve(undefined);
  }

  private requestTimeout(): number {
    return this.options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs;
  }

  private noteSent(message: JSONRPCMessage | JSONRPCMessage[]): void {
    if (Array.isArray(message) || !('method' in message) || !('id' in message)) return;
    const sent = callContext.getStore()?.sent;
    if (sent === undefined) return;
    const key = idKey(message.id);
    if (key === undefined) return;
    sent.push({ key, method: message.method });
    this.watched.set(key, { deliver: true });
  }

  private onInbound(message: JSONRPCMessage, line: number | undefined): boolean {
    if ('method' in message || !('id' in message)) return false;
    const key = idKey(message.id);
    if (key === undefined) return false;
    const waiter = this.rawWaiters.get(key);
    if (waiter !== undefined) {
      if (line !== undefined) this.rawLines.set(key, line);
      waiter(message);
      return true;
    }
    const watch = this.watched.get(key);
    if (watch !== undefined) {
      watch.message = message;
      if (line !== undefined) watch.line = line;
    }
    return false;
  }

  /** The wire answers to the requests a context sent, in order; forgets them. */
  private collect(ctx: CallContext): (JSONRPCMessage | undefined)[] {
    const out = (ctx.sent ?? []).map(({ key }) => {
      const m = this.watched.get(key)?.message;
      this.watched.delete(key);
      return m;
    });
    return out;
  }

  private scrub(text: string): string {
    return this.redactor.scrub(text);
  }
}

function withDeadline(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
