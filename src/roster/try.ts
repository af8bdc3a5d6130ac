import { mkdirSync } from 'node:fs';
import { errorCode, FitnessError, messageOf } from '../core/errors.js';
import type { VoidReason } from '../record/outcome.js';
import type { RunEvent } from '../run/events.js';
import type { JobSpec, TryStart } from './protocol.js';
import { type Settled, settleTry, writeTryStart } from './settle.js';
import { type ChildEnd, startChild } from './spawn.js';

/**
 * How a try ended. `finished`: the run ended on its own (SCORED, refused, or VOID for the server's
 * reasons, a time limit included): the job is done. `died` and `interrupted`: the harness stopped
 * it (a killed process, an interrupted roster): its VOID record is kept and the job runs again as
 * a new try. `error`: the job could not start a run at all (a bad entry value): no record.
 */
export type TryState = 'finished' | 'died' | 'interrupted' | 'error';

export interface TryResult {
  state: TryState;
  settled?: Settled;
  detail?: string;
  conformance?: string;
}

export interface TryHooks {
  onPid?: (pid: number) => void;
  onStart?: (start: TryStart) => void;
  onProgress?: (line: string) => void;
  /** The run's typed progress events (phase, trials), as its process sends them. */
  onEvent?: (event: RunEvent) => void;
  /** Aborting it interrupts the try (the roster was interrupted). */
  signal?: AbortSignal;
  /** Wall-clock limit of the try; then the run is told to stop (VOID budget_exhausted). */
  timeoutMs: number;
  /** After a stop request, how long the process has to write its record before it is killed. */
  graceMs?: number;
}

const GRACE_MS = 60_000;

interface Ending {
  state: TryState;
  death: { reason: VoidReason; detail: string };
}

/** Decides how a try ended from what its process did (pure). */
export function tryEnding(end: ChildEnd): Ending {
  const exit = end.signal ?? `exit ${end.code ?? 'unknown'}`;
  if (end.asked === 'abort')
    return {
      state: 'interrupted',
      death: { reason: 'aborted', detail: 'the roster was interrupted before this try wrote its record' },
    };
  if (end.result)
    return {
      state: end.result.interrupted ? 'interrupted' : 'finished',
      death: { reason: 'aborted', detail: 'unused' },
    };
  if (end.asked === 'timeout')
    return {
      state: 'finished',
      death: {
        reason: 'budget_exhausted',
        detail: `the job's time limit was reached and its process ended (${exit})`,
      },
    };
  if (end.error !== undefined)
    return {
      state: end.start ? 'finished' : 'error',
      death: { reason: /SERVE_NOT_READY/.test(end.error) ? 'target_died' : 'crashed', detail: end.error },
    };
  return {
    state: 'died',
    death: { reason: 'crashed', detail: `the job's process ended (${exit}) before the run wrote its record` },
  };
}

/** The try's own folder, made before its process starts: a folder that cannot be made fails this try only. */
function makeStagingDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw new FitnessError(
      'ROSTER_CHILD',
      `cannot create the try's folder ${dir} (${errorCode(err) ?? messageOf(err)})`,
    );
  }
}

/** Kept beside the try as well as in its work list or job: whoever settles a dead try finds it. */
function keepTryStart(dir: string, start: TryStart): void {
  try {
    writeTryStart(dir, start);
  } catch {
    // The work list (or the queued job) keeps the start too; a lost copy here fails nothing.
  }
}

/**
 * Runs one try in its own process and settles its run into the runs folder. A try that cannot even
 * start (its folder cannot be made, the job's process cannot be forked) rejects: the caller records
 * it as that entry's failure and the others go on.
 */
export async function runTry(job: JobSpec, runsDir: string, hooks: TryHooks): Promise<TryResult> {
  makeStagingDir(job.stagingDir);
  const child = startChild(job, {
    onStart: (start) => {
      keepTryStart(job.stagingDir, start);
      hooks.onStart?.(start);
    },
    ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
    ...(hooks.onEvent ? { onEvent: hooks.onEvent } : {}),
  });
  hooks.onPid?.(child.pid);
  const grace = hooks.graceMs ?? GRACE_MS;
  let killer: NodeJS.Timeout | undefined;
  const stopThenKill = (stop: () => void) => {
    stop();
    killer ??= setTimeout(() => child.kill(), grace);
  };
  const timer = setTimeout(() => stopThenKill(() => child.timeout(hooks.timeoutMs)), hooks.timeoutMs);
  const onAbort = () =>
    stopThenKill(() => child.abort(String(hooks.signal?.reason ?? 'the roster was interrupted')));
  if (hooks.signal?.aborted) onAbort();
  hooks.signal?.addEventListener('abort', onAbort, { once: true });
  const end = await child.ended;
  clearTimeout(timer);
  if (killer) clearTimeout(killer);
  hooks.signal?.removeEventListener('abort', onAbort);
  const ending = tryEnding(end);
  if (ending.state === 'error') return { state: 'error', detail: end.error ?? 'the job did not start' };
  const settled = await settleTry({
    stagingDir: job.stagingDir,
    runsDir,
    signingKeyPath: job.signingKeyPath,
    ...(end.start ? { start: end.start } : {}),
    death: ending.death,
  });
  // A process that died after its run wrote a complete record still finished the job.
  const state = ending.state === 'died' && settled?.ranToEnd ? 'finished' : ending.state;
  return {
    state,
    ...(settled ? { settled } : {}),
    ...(end.error && !end.result ? { detail: end.error } : {}),
    ...(state === 'died' ? { detail: ending.death.detail } : {}),
    ...(end.result?.conformance ? { conformance: end.result.conformance.text } : {}),
  };
}
