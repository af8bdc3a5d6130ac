import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { clientAnswer, isServerRequest } from '../connect/client-answer.js';
import { ProcessStdioTransport } from '../connect/stdio-transport.js';
import type { TapeRef } from '../record/probe.js';
import { isFrame } from './frames.js';
import {
  type Frame,
  PROBE_STEP_MS,
  type ProbeTape,
  type RawChannel,
  type Step,
  type StepResult,
} from './types.js';

export interface StdioCommand {
  readonly argv: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string | undefined;
}

export interface ChannelOptions {
  /** How long one request may wait for its response. */
  readonly stepTimeoutMs?: number;
}

/**
 * Raw JSON-RPC over stdio: every exchange starts a fresh server process (so an opening message is
 * really the opening message), writes the steps one line each, and ends the process. The process is
 * the session's own kind (`ProcessStdioTransport`): one spawner, one process-group kill, the same
 * frame size and depth limits, the same reaping of escaped descendants, and the same environment
 * (the SDK's safe set plus the target's own). A request the server sends meanwhile (`roots/list`,
 * `ping`) is answered the way the session's SDK client answers it.
 */
export function stdioChannel(
  command: StdioCommand,
  tape: ProbeTape,
  options: ChannelOptions = {},
): RawChannel {
  const [file] = command.argv;
  return frameChannel(
    'stdio',
    (exchange) => {
      const transport = new ProcessStdioTransport({
        argv: command.argv,
        env: { ...command.env },
        cwd: command.cwd,
        onNoise: (head) => exchange.event('fitness.stdout-noise', { text: head }),
        onExit: (code, signal) => exchange.fail(`the server exited (${signal ?? code})`),
        onRefused: (refusal, bytes) => {
          exchange.event('fitness.frame-refused', { ...refusal, bytes });
          exchange.fail(`the server sent a frame past the ${refusal.kind} limit (${bytes} bytes)`);
        },
      });
      return { transport, name: file };
    },
    tape,
    options,
  );
}

/**
 * Raw JSON-RPC over a transport made in code (an in-memory target's `connect`): every exchange
 * opens a fresh transport, its server listening on the other end, exactly as a stdio exchange
 * starts a fresh process; frames are recorded the same way.
 */
export function memoryChannel(
  connect: () => Transport,
  name: string,
  tape: ProbeTape,
  options: ChannelOptions = {},
): RawChannel {
  return frameChannel('memory', () => ({ transport: connect(), name }), tape, options);
}

/** What a channel's transport may tell its exchange: a harness event, or why it can carry no more. */
interface ExchangeHooks {
  event(kind: string, raw: unknown): void;
  fail(reason: string): void;
}

type OpenTransport = (hooks: ExchangeHooks) => { transport: Transport; name: string | undefined };

function frameChannel(
  kind: RawChannel['transport'],
  open: OpenTransport,
  tape: ProbeTape,
  options: ChannelOptions,
): RawChannel {
  const timeoutMs = options.stepTimeoutMs ?? PROBE_STEP_MS[kind];
  return {
    transport: kind,
    async exchange(steps, corrId) {
      const session = tape.newSession?.();
      const exchange = new FrameExchange(open, tape, { corrId, session });
      try {
        await exchange.started;
        const results: StepResult[] = [];
        for (const step of steps) results.push(await exchange.send(step, timeoutMs));
        return results;
      } finally {
        await exchange.close();
      }
    },
  };
}

type Waiter = (frame: Frame | undefined, ref?: TapeRef) => void;

/** One raw exchange on a fresh transport: frames out in order, answers matched by id, all recorded. */
class FrameExchange {
  private readonly transport: Transport;
  private readonly waiters = new Map<unknown, Waiter>();
  private exitError: string | undefined;
  /** The step frame last sent: a server request arriving meanwhile is asked under it. */
  private current: Frame | undefined;
  readonly started: Promise<void>;

  constructor(
    open: OpenTransport,
    private readonly tape: ProbeTape,
    private readonly line: { corrId: string; session: string | undefined },
  ) {
    const { transport, name } = open({
      event: (kind, raw) => this.tape.event(kind, raw, this.line),
      fail: (reason) => {
        this.exitError ??= reason;
        this.fail();
      },
    });
    this.transport = transport;
    this.transport.onmessage = (message) => this.receive(message);
    this.transport.onerror = () => undefined;
    this.started = this.transport.start().catch((err: Error) => {
      this.exitError = `could not start ${name}: ${err.message}`;
    });
  }

  private receive(message: JSONRPCMessage): void {
    const frame: unknown = message;
    const ref: TapeRef = `wire:${this.tape.message('out', frame, this.line)}`;
    if (!isFrame(frame)) return;
    if ('method' in frame) {
      // A request from the server (it has an id): answered as the session would (recorded first).
      const answer = isServerRequest(frame) ? clientAnswer(frame, this.current) : undefined;
      if (answer !== undefined) {
        this.tape.message('in', answer, this.line);
        void this.transport.send(answer).catch(() => undefined);
      }
      return;
    }
    this.waiters.get(frame.id)?.(frame, ref);
  }

  private fail(): void {
    for (const waiter of this.waiters.values()) waiter(undefined);
  }

  async send(step: Step, timeoutMs: number): Promise<StepResult> {
    if (this.exitError !== undefined) return { refs: [], error: this.exitError };
    const refs: TapeRef[] = [`wire:${this.tape.message('in', step.frame, this.line)}`];
    this.current = step.frame;
    const isRequest = 'method' in step.frame && 'id' in step.frame;
    const answer = isRequest ? this.waitFor(step.frame.id, timeoutMs) : undefined;
    const sent = await this.transport
      // Left as a cast: a probe's frame goes out as written, malformed on purpose where the probe
      // asks how the server answers a bad frame; the transport only serializes it.
      .send(step.frame as unknown as JSONRPCMessage)
      .then(() => undefined)
      .catch((err: Error) => err.message);
    if (sent !== undefined) return { refs, error: this.exitError ?? sent };
    if (answer === undefined) return { refs };
    const got = await answer;
    if (got === undefined) return { refs, error: this.exitError ?? `no response within ${timeoutMs} ms` };
    return { refs: [...refs, got.ref], response: got.frame };
  }

  private waitFor(id: unknown, timeoutMs: number): Promise<{ frame: Frame; ref: TapeRef } | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(id);
        resolve(undefined);
      }, timeoutMs);
      this.waiters.set(id, (frame, ref) => {
        clearTimeout(timer);
        this.waiters.delete(id);
        resolve(frame !== undefined && ref !== undefined ? { frame, ref } : undefined);
      });
    });
  }

  /** The transport's own shutdown (stdio: stdin EOF, then TERM and KILL to the group, then the marker sweep). */
  close(): Promise<void> {
    return this.transport.close();
  }
}
