import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { TapeRef } from '../record/probe.js';
import { isFrame } from './frames.js';
import type { Frame, ProbeTape, RawChannel, Step, StepResult } from './types.js';

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
 * Raw JSON-RPC over stdio: every exchange spawns a fresh server process (so an opening message is
 * really the opening message), writes the steps one line each, and ends the process tree.
 */
export function stdioChannel(
  command: StdioCommand,
  tape: ProbeTape,
  options: ChannelOptions = {},
): RawChannel {
  const timeoutMs = options.stepTimeoutMs ?? 15_000;
  return {
    transport: 'stdio',
    async exchange(steps, corrId) {
      const session = tape.newSession?.();
      const process = new StdioProcess(command, tape, { corrId, session });
      try {
        const results: StepResult[] = [];
        for (const step of steps) results.push(await process.send(step, timeoutMs));
        return results;
      } finally {
        await process.close();
      }
    },
  };
}

type Waiter = (frame: Frame, ref: TapeRef) => void;

class StdioProcess {
  private readonly child: ChildProcess;
  private readonly waiters = new Map<unknown, Waiter>();
  private exitError: string | undefined;
  private readonly exited: Promise<unknown>;

  constructor(
    command: StdioCommand,
    private readonly tape: ProbeTape,
    private readonly line: { corrId: string; session: string | undefined },
  ) {
    const [file, ...args] = command.argv;
    this.child = spawn(file ?? '', args, {
      cwd: command.cwd,
      // The same environment a session gives the server: the SDK's safe set plus the target's own, so
      // the harness's keys never reach an untrusted server.
      env: { ...getDefaultEnvironment(), ...command.env },
      stdio: ['pipe', 'pipe', 'ignore'],
      detached: true,
    });
    this.exited = once(this.child, 'exit').catch(() => undefined);
    this.child.on('error', (err) => {
      this.exitError = `could not start ${file}: ${err.message}`;
      this.fail();
    });
    this.child.on('exit', (code, signal) => {
      this.exitError ??= `the server exited (${signal ?? code})`;
      this.fail();
    });
    this.child.stdin?.on('error', () => undefined);
    const lines = createInterface({ input: this.child.stdout as NodeJS.ReadableStream });
    lines.on('line', (text) => this.receive(text));
  }

  private receive(text: string): void {
    if (text.trim() === '') return;
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      this.tape.event('fitness.stdout-noise', { text: text.slice(0, 512) }, this.line);
      return;
    }
    const ref: TapeRef = `wire:${this.tape.message('out', frame, this.line)}`;
    if (isFrame(frame) && !('method' in frame)) {
      const waiter = this.waiters.get(frame.id);
      waiter?.(frame, ref);
    }
  }

  private fail(): void {
    for (const waiter of this.waiters.values()) waiter({}, 'wire:1');
  }

  async send(step: Step, timeoutMs: number): Promise<StepResult> {
    if (this.exitError !== undefined) return { refs: [], error: this.exitError };
    const refs: TapeRef[] = [`wire:${this.tape.message('in', step.frame, this.line)}`];
    const isRequest = 'method' in step.frame && 'id' in step.frame;
    const answer = isRequest ? this.waitFor(step.frame.id, timeoutMs) : undefined;
    this.child.stdin?.write(`${JSON.stringify(step.frame)}\n`);
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
        resolve('id' in frame ? { frame, ref } : undefined);
      });
    });
  }

  /** Close stdin (the polite stdio shutdown), then SIGTERM and SIGKILL the whole process group. */
  async close(): Promise<void> {
    const child = this.child;
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      child.stdin?.end();
      const pid = child.pid;
      const term = setTimeout(() => killGroup(pid, 'SIGTERM'), 500);
      const kill = setTimeout(() => killGroup(pid, 'SIGKILL'), 2_500);
      await this.exited;
      clearTimeout(term);
      clearTimeout(kill);
    }
    if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
    child.stdout?.destroy();
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}
