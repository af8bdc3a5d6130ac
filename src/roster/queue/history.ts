import { existsSync, lstatSync, mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { isInside } from '../../tape/publisher.js';
import { STAGING } from '../local.js';
import { type Settled, settleTry } from '../settle.js';
import { type QueuedTry, triesOf } from './jobs.js';

/**
 * A worker's account of a job's earlier tries. The job's progress is anyone's who can write to the
 * queue, so the worker takes from it only what it shows (each try's state, run and outcome); what it
 * acts on is its own: the try number is the queue's own count of starts (`attemptsStarted`), the
 * processes it signals are the children it started (kept in memory), and the folders it settles are
 * the try folders it names itself under its own staging root, each checked by its real path. A
 * progress that names a process or a folder is never followed, and the worker says so.
 */

/** The worker's staging root, made if missing, by its real path. */
export function stagingRoot(runsDir: string): string {
  const root = join(runsDir, STAGING);
  mkdirSync(root, { recursive: true });
  return realpathSync(root);
}

/** The folder of try `n` of a job, under the staging root: the worker names it, never the queue. */
export function tryFolder(root: string, jobId: string, n: number): string {
  return join(root, `${jobId}.${n}`);
}

/** The folder when it is a real directory inside the root (no link, no escape), else undefined. */
export function ownFolder(root: string, dir: string): string | undefined {
  if (!existsSync(dir) || !lstatSync(dir).isDirectory()) return undefined;
  const real = realpathSync(dir);
  return real !== root && isInside(real, root) ? real : undefined;
}

/** The earlier tries as the progress shows them (tries 1 … n-1, one entry each), and what was dropped (pure). */
export function priorTries(progress: unknown, n: number): { tries: QueuedTry[]; dropped: number[] } {
  const tries: QueuedTry[] = [];
  const dropped: number[] = [];
  for (const t of triesOf(progress)) {
    if (t.try < n && !tries.some((x) => x.try === t.try)) tries.push(t);
    else dropped.push(t.try);
  }
  return { tries: tries.sort((a, b) => a.try - b.try), dropped };
}

/** What a progress entry claims that this worker will not act on, in words; undefined when nothing (pure). */
export function foreignClaims(t: QueuedTry, ownFolderOfTry: string): string | undefined {
  const claims = [
    ...(t.pid === undefined ? [] : [`process ${t.pid} on ${t.host}`]),
    ...(t.stagingDir === ownFolderOfTry ? [] : [`folder ${t.stagingDir}`]),
  ];
  return claims.length === 0 ? undefined : claims.join(' and ');
}

export interface Recovered {
  /** The entry of the try as it now stands. */
  entry: QueuedTry;
  settled?: Settled;
  line: string;
}

/**
 * Settles an earlier try that died with its worker, from this worker's own folder of it: a VOID
 * record in place of the one never written (or the run's own, when it wrote one), moved into the
 * runs folder. Undefined when its folder is not under this root (src/roster/queue/dead-tries.ts
 * decides who records it then).
 */
export async function recoverTry(
  o: { root: string; runsDir: string; signingKeyPath: string; jobId: string; key: string },
  k: number,
  known: QueuedTry | undefined,
): Promise<Recovered | undefined> {
  const dir = ownFolder(o.root, tryFolder(o.root, o.jobId, k));
  if (dir === undefined) return undefined;
  const settled = await settleTry({
    stagingDir: dir,
    runsDir: o.runsDir,
    signingKeyPath: o.signingKeyPath,
    death: { reason: 'aborted', detail: 'the worker that ran this try died (its job lock expired)' },
  });
  const state = settled?.ranToEnd ? 'finished' : 'died';
  const entry: QueuedTry = {
    ...(known ?? { try: k, host: '', stagingDir: dir, startedAt: new Date().toISOString() }),
    state,
    detail:
      state === 'finished'
        ? 'the run wrote its record; its worker died before completing the job'
        : 'the worker that ran this try died; the job was taken up again',
    ...(settled ? { runId: settled.runId, outcome: settled.outcome } : {}),
  };
  return {
    entry,
    ...(settled ? { settled } : {}),
    line: `${o.key}: try ${k} died with its worker: recorded ${settled?.outcome ?? 'nothing (no run had started)'}`,
  };
}
