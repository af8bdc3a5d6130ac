import {
  Client,
  type DiscoverResult,
  type Implementation,
  type PriorDiscovery,
  type ServerCapabilities,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { recordTransport } from '../tape/record-transport.js';
import { Redactor } from '../tape/redact.js';
import { EventKind } from '../tape/schema.js';
import type { TapeWriter } from '../tape/writer.js';
import { PRODUCER, VERSION } from '../version.js';
import { callContext, currentCorrId, noteLine } from './context.js';
import { withDeadline } from './deadline.js';
import { messageOf } from './errors.js';
import { handshake } from './handshake.js';
import { InFlight } from './in-flight.js';
import { describeRefusal } from './json-limits.js';
import { type RawFrameHost, sendRawFrame, sendRawHttp } from './raw-exchange.js';
import { schemaValidator } from './schema-validator.js';
import { sessionTransport } from './session-transport.js';
import {
  type CallOptions,
  DEFAULTS,
  type Era,
  type RawFrameResult,
  type SessionFault,
  type SessionOptions,
  type ToolCallOutcome,
  type ToolList,
  type TransportShape,
} from './session-types.js';
import type { ProcessStdioTransport } from './stdio-transport.js';
import { describeTarget, type Target, targetSecrets } from './target.js';
import { type CallHost, callToolOn, listToolsOn } from './tool-calls.js';
import type { HttpWire, RawHttpRequest, RawHttpResponse } from './wire.js';

/**
 * One open MCP session: owns the client, the recorded transport and what is in flight on it. The
 * handshake, tool calls and raw exchanges run in their own modules over the parts handed to them.
 */
export class McpSession {
  readonly target: Target;
  readonly label: string;
  /** Tag of this session's lines on the tape. */
  readonly tag: string | undefined;
  /**
   * The corr id the session was opened under (a trial's, `connect`, `health`): its own events (open,
   * close, process exit) carry it when no call of another corr id is in flight, so they belong to it.
   */
  readonly corrId: string | undefined;
  readonly client: Client;
  private readonly transport: Transport;
  private readonly stdio: ProcessStdioTransport | undefined;
  private readonly wire: HttpWire | undefined;
  private readonly memory: boolean;
  private readonly tape: TapeWriter | undefined;
  private readonly redactor: Redactor;
  private readonly options: SessionOptions;
  /** Requests whose answers a caller is waiting for (raw frames, calls, lists), by id key. */
  private readonly inFlight = new InFlight();
  /** What the call and raw-frame helpers use of this session; built once, so a call allocates none. */
  private readonly ops: CallHost & RawFrameHost;
  private closing: Promise<void> | undefined;
  /** The connect failed because the process ended while the era probe was out (see `openSession`). */
  diedDuringProbe = false;
  /** The connection closed while the session was open (not by `close()`). */
  private lostConnection = false;
  private spoke = false;

  constructor(target: Target, options: SessionOptions) {
    this.target = target;
    this.options = options;
    this.label = describeTarget(target);
    this.tape = options.tape;
    this.tag = options.tape?.newSession();
    this.corrId = options.corrId ?? currentCorrId();
    this.redactor = new Redactor(targetSecrets(target));
    this.tape?.addSecrets(targetSecrets(target));
    this.client = new Client(options.clientInfo ?? { name: PRODUCER, version: VERSION }, {
      capabilities: options.capabilities ?? {},
      jsonSchemaValidator: schemaValidator,
      versionNegotiation: {
        mode: 'auto',
        probe: { timeoutMs: options.probeTimeoutMs ?? DEFAULTS.probeTimeoutMs },
      },
    });
    this.client.onclose = () => {
      if (this.closing === undefined) this.lostConnection = true;
    };
    this.client.onerror = (err) =>
      this.event(EventKind.transportError, { message: this.redactor.scrub(messageOf(err)) });
    const built = sessionTransport(target, options, {
      tape: this.tape,
      tag: this.tag,
      redactor: this.redactor,
      event: (kind, raw) => this.event(kind, raw),
      // A refused frame ends an HTTP session as it ends a stdio one: whatever waits on it fails now.
      refused: () => {
        void this.transport.close().catch(() => {});
      },
    });
    this.stdio = built.stdio;
    this.wire = built.wire;
    this.memory = built.memory === true;
    this.transport = recordTransport(built.transport, this.tape, {
      session: this.tag,
      corrId: () => currentCorrId() ?? this.corrId,
      onLine: noteLine,
      onSend: (m) => this.inFlight.noteSent(m),
      intercept: (m, line) => {
        this.spoke = true;
        return this.inFlight.onInbound(m, line);
      },
    });
    this.ops = {
      client: this.client,
      transport: this.transport,
      inFlight: this.inFlight,
      requestTimeout: () => this.options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs,
      scrub: (text) => this.redactor.scrub(text),
      event: (kind, raw, corrId) => this.event(kind, raw, corrId),
    };
  }

  /** @internal Runs the handshake; on failure everything is released and a one-line fault thrown. */
  async connect(): Promise<void> {
    await handshake({
      label: this.label,
      client: this.client,
      transport: this.transport,
      options: this.options,
      stdio: this.stdio,
      wire: this.wire,
      redactor: this.redactor,
      event: (kind, raw) => this.event(kind, raw),
      release: () => this.release(),
      noteFailure: (died) => {
        this.diedDuringProbe = died;
      },
    });
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
    if (this.memory) return 'memory';
    if (this.wire === undefined) return 'stdio';
    const { sseResponses, jsonResponses } = this.wire.observed;
    if (sseResponses > 0 && jsonResponses > 0) return 'mixed';
    if (sseResponses > 0) return 'sse';
    if (jsonResponses > 0) return 'json';
    return 'unknown';
  }

  /** HTTP: an `Mcp-Session-Id` header was seen. A stdio process or an in-memory pair is one session. */
  get sessionful(): boolean {
    return this.wire === undefined ? true : this.wire.observed.sessionIdSeen;
  }

  /**
   * Why this session can no longer carry requests, when it cannot: a frame over the size or depth
   * limit ended it, its server process exited, or the connection closed under it. Undefined while
   * it is usable (or after an orderly `close()`).
   */
  get fault(): SessionFault | undefined {
    const refused = this.stdio?.diagnostics.refused ?? this.wire?.observed.refused;
    if (refused !== undefined) return { kind: 'frame', detail: describeRefusal(refused) };
    const d = this.stdio?.diagnostics;
    if (d !== undefined && (typeof d.exitCode === 'number' || typeof d.signal === 'string'))
      return {
        kind: 'exited',
        detail: d.signal
          ? `the server process was killed by ${d.signal}`
          : `the server process exited with code ${d.exitCode}`,
      };
    if (this.lostConnection) return { kind: 'closed', detail: 'the connection to the server closed' };
    return undefined;
  }

  /** A frame from the server has crossed on this session (a handshake answer, any response). */
  get answered(): boolean {
    return this.spoke;
  }

  /** Pid of the server process (stdio), for tests and diagnostics. */
  get pid(): number | undefined {
    return this.stdio?.diagnostics.pid;
  }

  /** Lists every tool (all pages, always from the server) and keeps each raw wire result. */
  listTools(options: CallOptions = {}): Promise<ToolList> {
    return listToolsOn(this.ops, options);
  }

  /** Calls a tool; the outcome comes from the wire frame. Never throws for server behaviour. */
  callTool(
    name: string,
    args: Record<string, unknown> = {},
    options: CallOptions = {},
  ): Promise<ToolCallOutcome> {
    return callToolOn(this.ops, name, args, options);
  }

  /**
   * Sends one raw JSON-RPC frame through the session's transport (recorded like any other) and, when
   * it has an id, waits for the frame answering it, which is kept from the SDK client. Without an id
   * in `frame`, one is assigned when `frame.method` is set (`fitness-raw-N`).
   */
  rawFrame(frame: Record<string, unknown>, options: CallOptions = {}): Promise<RawFrameResult> {
    return sendRawFrame(this.ops, frame, options);
  }

  /** HTTP targets: one raw request to the target URL through the recording fetch (see `HttpWire`). */
  async rawHttp(request: RawHttpRequest & { sessionHeaders?: boolean }): Promise<RawHttpResponse> {
    const { label, wire, transport, protocolVersion } = this;
    return sendRawHttp({ label, wire, transport, protocolVersion }, request);
  }

  /** A harness event on this session's tape lines (`fitness.<name>`). Returns its line, if recorded. */
  event(kind: string, raw: unknown, corrId?: string): number | undefined {
    const line = this.tape?.event(kind, raw, {
      corrId: corrId ?? currentCorrId() ?? this.corrId,
      session: this.tag,
    });
    if (line !== undefined) noteLine(line);
    return line;
  }

  /** Ends the session: HTTP session DELETE (best effort), client close, process group killed, sockets freed. */
  close(): Promise<void> {
    // Everything the close writes (HTTP DELETE, the closed event) belongs to the session's corr id.
    this.closing ??= callContext.run({ corrId: currentCorrId() ?? this.corrId }, () => this.shutdown());
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
    this.inFlight.release();
  }
}
