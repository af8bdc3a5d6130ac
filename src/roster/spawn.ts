import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errorCode, FitnessError } from '../core/errors.js';
import type { RunEvent } from '../run/events.js';
import { ChildMessage, type JobSpec, type ParentMessage, type TryStart } from './protocol.js';

/**
 * The built child entry. The path is the same from src/roster (tests) and dist/roster (the CLI):
 * the package's dist/, which `npm run build` (and `npm ci`, through `prepare`) writes.
 */
export const CHILD_SCRIPT = fileURLToPath(new URL('../../dist/roster/child-main.js', import.meta.url));

export type ResultMessage = Extract<ChildMessage, { type: 'result' }>;

export interface ChildEnd {
  start?: TryStart;
  result?: ResultMessage;
  error?: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** What the parent asked of it, if anything. */
  asked?: 'abort' | 'timeout';
  stderrTail: string;
}

export interface RunningChild {
  pid: number;
  ended: Promise<ChildEnd>;
  abort(reason: string): void;
  timeout(limitMs: number): void;
  kill(): void;
}

export interface ChildHandlers {
  onStart?: (start: TryStart) => void;
  onProgress?: (line: string) => void;
  onEvent?: (event: RunEvent) => void;
}

/** Forks one job's process and sends it the job over IPC. */
export function startChild(job: JobSpec, handlers: ChildHandlers = {}): RunningChild {
  if (!existsSync(CHILD_SCRIPT))
    throw new FitnessError('ROSTER_CHILD', `${CHILD_SCRIPT} is missing: run npm run build`);
  const child: ChildProcess = fork(CHILD_SCRIPT, [], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    execArgv: [],
  });
  const end: ChildEnd = { code: null, signal: null, stderrTail: '' };
  child.stderr?.on('data', (c: Buffer) => {
    end.stderrTail = (end.stderrTail + c.toString('utf8')).slice(-2000);
  });
  child.on('message', (raw: unknown) => {
    const parsed = ChildMessage.safeParse(raw);
    if (!parsed.success) return;
    const m = parsed.data;
    if (m.type === 'started') {
      end.start = m.start;
      handlers.onStart?.(m.start);
    } else if (m.type === 'progress') handlers.onProgress?.(m.line);
    else if (m.type === 'event') handlers.onEvent?.(m.event);
    else if (m.type === 'result') end.result = m;
    else end.error = m.message;
  });
  const ended = new Promise<ChildEnd>((resolve) => {
    child.once('exit', (code, signal) => {
      end.code = code;
      end.signal = signal;
      resolve(end);
    });
    child.once('error', (err) => {
      end.error ??= err.message;
    });
  });
  const post = (m: ParentMessage) => {
    if (child.connected) child.send(m);
  };
  post({ type: 'job', job });
  return {
    pid: child.pid ?? -1,
    ended,
    abort(reason) {
      end.asked ??= 'abort';
      post({ type: 'abort', reason });
    },
    timeout(limitMs) {
      end.asked ??= 'timeout';
      post({ type: 'timeout', limitMs });
    },
    kill() {
      child.kill('SIGKILL');
    },
  };
}

/** Is a process of this host alive? */
export function alive(pid: number | null | undefined): boolean {
  if (pid === null || pid === undefined || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errorCode(err) === 'EPERM';
  }
}
