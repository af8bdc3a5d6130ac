import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { errorCode, FitnessError, messageOf, UsageError } from '../core/errors.js';
import { defaultSigningKeyPath } from '../tape/publisher.js';
import type { RunOverrides } from './entry.js';
import { entryFolder } from './entry-name.js';
import { type LoadedRoster, loadRoster } from './load.js';
import type { RosterEvent } from './progress.js';
import type { JobSpec } from './protocol.js';
import { settleTry } from './settle.js';
import { alive } from './spawn.js';
import { type JobRow, RosterStore } from './store.js';
import type { JobLine } from './summary.js';
import { runTry, type TryResult } from './try.js';

export const ROSTER_DB = 'roster.sqlite';
export const STAGING = '.roster-staging';
export const ROSTER_DEFAULTS = {
  concurrency: 2,
  jobTimeoutMs: 3_600_000,
  conformanceTimeoutMs: 120_000,
  maxTries: 3,
} as const;

export interface RosterOptions {
  rosterFile: string;
  runsDir: string;
  resume: boolean;
  concurrency?: number;
  defaults?: RunOverrides;
  conformance?: { enabled: boolean; timeoutMs: number };
  jobTimeoutMs?: number;
  /** Tries of one job that may die before it is given up (failed). */
  maxTries?: number;
  only?: readonly string[];
  env?: NodeJS.ProcessEnv;
  onEvent?: (event: RosterEvent) => void;
  signal?: AbortSignal;
  /** The publisher key that signs the records the roster writes itself (default: yours, in the config directory). */
  signingKeyPath?: string;
}

export interface RosterSummary {
  roster: LoadedRoster;
  jobs: JobRow[];
  /** Each job with its tries, for the closing table. */
  lines: JobLine[];
  /** Every run directory the roster's tries left, finished and VOID alike. */
  runDirs: string[];
  interrupted: boolean;
}

function openStore(o: RosterOptions, file: string): RosterStore {
  mkdirSync(o.runsDir, { recursive: true });
  const store = new RosterStore(join(o.runsDir, ROSTER_DB));
  const info = store.info();
  if (info.file !== undefined && info.file !== file) {
    store.close();
    throw new UsageError(
      `${store.path} belongs to the roster ${info.file}, not ${file}: choose another --out`,
    );
  }
  if (info.jobs > 0 && !o.resume) {
    store.close();
    throw new UsageError(
      `${store.path} already holds this roster's work list: pass --resume to continue it (finished jobs are never run again), or choose another --out`,
    );
  }
  store.claim(file);
  return store;
}

/** Tries a dead roster process left running: recorded VOID (their run dirs kept) and run again. */
async function recover(store: RosterStore, o: RosterOptions, signingKeyPath: string): Promise<void> {
  for (const t of store.tries().filter((r) => r.state === 'running')) {
    if (t.host === hostname()) {
      const deadline = Date.now() + 60_000;
      while (alive(t.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      if (alive(t.pid) && t.pid !== null) process.kill(t.pid, 'SIGKILL');
    }
    // A folder that cannot be settled (gone, unreadable, a name the file system refuses) is that
    // try's loss, said in its detail: it never stops the roster from resuming the others.
    let unsettled = '';
    const settled = await settleTry({
      stagingDir: t.staging_dir,
      runsDir: o.runsDir,
      signingKeyPath,
      ...(t.start ? { start: t.start } : {}),
      death: {
        reason: 'aborted',
        detail: 'the roster process that ran this try died before it was recorded',
      },
    }).catch((err: unknown) => {
      unsettled = `; its folder could not be settled (${errorCode(err) ?? messageOf(err)})`;
      return undefined;
    });
    // A run that reached its own end before the roster died finished its job; only its
    // bookkeeping was lost.
    const finished = settled?.ranToEnd === true;
    store.endTry(t.job_key, t.try, finished ? 'finished' : 'died', {
      ...(settled ? { runId: settled.runId, runDir: settled.runDir, outcome: settled.outcome } : {}),
      detail: finished
        ? 'the run wrote its record; the roster process died before recording it'
        : `the roster process died while this try ran${unsettled}`,
    });
    store.setJob(t.job_key, finished ? 'done' : 'queued');
  }
}

/** The next jobs to start: queued, in order, never a second try of an entry that is running (pure). */
export function nextJobs(jobs: readonly JobRow[], running: ReadonlySet<string>, slots: number): JobRow[] {
  const busy = new Set(jobs.filter((j) => running.has(j.key)).map((j) => j.entry));
  const out: JobRow[] = [];
  for (const j of jobs) {
    if (out.length >= slots) break;
    if (j.state !== 'queued' || busy.has(j.entry)) continue;
    busy.add(j.entry);
    out.push(j);
  }
  return out;
}

/** Runs a roster on this machine: every entry × attempt as its own process, resumable. */
export async function runRoster(o: RosterOptions): Promise<RosterSummary> {
  const env = o.env ?? process.env;
  const roster = loadRoster(o.rosterFile, { env }, o.only);
  for (const e of roster.errors) o.onEvent?.({ type: 'entry-error', name: e.name, message: e.message });
  const runsDir = resolve(o.runsDir);
  const signingKeyPath = o.signingKeyPath ? resolve(o.signingKeyPath) : defaultSigningKeyPath();
  const store = openStore({ ...o, runsDir }, roster.file);
  try {
    await recover(store, { ...o, runsDir }, signingKeyPath);
    store.plan(
      roster.entries.flatMap(({ name, entry, position }) =>
        Array.from({ length: entry.attempts ?? 1 }, (_, i) => ({ entry: name, attempt: i + 1, position })),
      ),
    );
    const entries = new Map(roster.entries.map((e) => [e.name, e.entry]));
    const wanted = (j: JobRow) => entries.has(j.entry);
    const running = new Map<string, Promise<void>>();
    const concurrency = o.concurrency ?? ROSTER_DEFAULTS.concurrency;
    const maxTries = o.maxTries ?? ROSTER_DEFAULTS.maxTries;
    const counts = () => {
      const jobs = store.jobs().filter(wanted);
      return {
        done: jobs.filter((j) => j.state === 'done').length,
        failed: jobs.filter((j) => j.state === 'failed').length,
        running: running.size,
        queued: jobs.filter((j) => j.state === 'queued').length,
        total: jobs.length,
      };
    };
    o.onEvent?.({ type: 'counts', ...counts() });
    const launch = (job: JobRow) => {
      const entry = entries.get(job.entry);
      if (!entry) return;
      const stagingBase = join(runsDir, STAGING);
      const { n: tryNo, stagingDir } = store.startTry(job.key, (n) =>
        join(stagingBase, `${entryFolder(job.entry)}#${job.attempt}.${n}`),
      );
      const spec: JobSpec = {
        key: job.key,
        name: job.entry,
        attempt: job.attempt,
        try: tryNo,
        entry,
        rosterFile: roster.file,
        defaults: o.defaults ?? {},
        stagingDir,
        signingKeyPath,
        conformance: o.conformance ?? { enabled: true, timeoutMs: ROSTER_DEFAULTS.conformanceTimeoutMs },
      };
      o.onEvent?.({ type: 'start', key: job.key, try: tryNo, ...counts(), running: running.size + 1 });
      const work = runTry(spec, runsDir, {
        timeoutMs: entry.timeoutMs ?? o.jobTimeoutMs ?? ROSTER_DEFAULTS.jobTimeoutMs,
        onPid: (pid) => store.setTryPid(job.key, tryNo, pid),
        onStart: (start) => store.setTryStart(job.key, tryNo, start),
        onEvent: (event) => o.onEvent?.({ type: 'run', key: job.key, try: tryNo, event }),
        ...(o.signal ? { signal: o.signal } : {}),
      })
        .catch(
          (err: unknown): TryResult => ({
            state: 'error',
            detail: err instanceof Error ? err.message : String(err),
          }),
        )
        .then((result) => {
          const s = result.settled;
          store.endTry(job.key, tryNo, result.state, {
            ...(s ? { runId: s.runId, runDir: s.runDir, outcome: s.outcome } : {}),
            ...(result.detail ? { detail: result.detail } : {}),
          });
          const died = store.tries(job.key).filter((t) => t.state === 'died').length;
          const next =
            result.state === 'finished'
              ? 'done'
              : result.state === 'error' || died >= maxTries
                ? 'failed'
                : 'queued';
          store.setJob(job.key, next, result.detail);
          running.delete(job.key);
          o.onEvent?.({ type: 'end', key: job.key, try: tryNo, result, ...counts() });
        });
      running.set(job.key, work);
    };
    for (;;) {
      if (!o.signal?.aborted) {
        const jobs = store.jobs().filter(wanted);
        for (const job of nextJobs(jobs, new Set(running.keys()), concurrency - running.size)) launch(job);
      }
      if (running.size === 0) break;
      await Promise.race(running.values());
    }
    const runDirs = store
      .tries()
      .filter((t) => t.run_dir !== null && entries.has(t.job_key.replace(/#\d+$/, '')))
      .map((t) => t.run_dir ?? '');
    const jobs = store.jobs().filter(wanted);
    const tries = store.tries();
    const lines = jobs.map((j) => ({
      key: j.key,
      state: j.state,
      detail: j.detail,
      tries: tries
        .filter((t) => t.job_key === j.key)
        .map((t) => ({ try: t.try, state: t.state, outcome: t.outcome, runId: t.run_id })),
    }));
    return { roster, jobs, lines, runDirs, interrupted: o.signal?.aborted ?? false };
  } catch (err) {
    if (err instanceof FitnessError) throw err;
    throw new FitnessError('ROSTER_FAILED', err instanceof Error ? err.message : String(err));
  } finally {
    store.release();
    store.close();
  }
}
