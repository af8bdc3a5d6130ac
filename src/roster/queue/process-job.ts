import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { UnrecoverableError } from 'bullmq';
import type { RunEvent } from '../../run/events.js';
import { RUN_FILES } from '../../tape/file-names.js';
import type { TrustSet } from '../../tape/trust.js';
import { runTry, type TryResult } from '../try.js';
import { admitJob } from './admit.js';
import type { QueueJob } from './backend.js';
import { earlierPlan, failedTry, retryMessage } from './dead-tries.js';
import { foreignClaims, ownFolder, priorTries, recoverTry, tryFolder } from './history.js';
import type { QueuedJob, QueuedTry } from './jobs.js';
import { type LiveRun, withEvent } from './live.js';
import type { ResultsTable } from './results.js';
import { standInDetail, writeStandIn } from './stand-in.js';

/** A try this worker runs, by job id: the only processes it ever signals. */
export interface OwnTry {
  stop(): Promise<void>;
}

/** What every job of one worker shares. */
export interface WorkerContext {
  runsDir: string;
  /** The worker's staging root, by its real path: the only place it settles try folders from. */
  root: string;
  signingKeyPath: string;
  trust: TrustSet;
  allowEnv: readonly string[];
  signal: AbortSignal;
  /** Prints one line; the values of the --allow-env variables never reach it. */
  line: (text: string) => void;
  scrub: (text: string) => string;
  results: ResultsTable | undefined;
  own: Map<string, OwnTry>;
  /** The tries this worker process started, by folder: it settles them itself, never stands in for them. */
  ran: Set<string>;
}

interface Job {
  id: string;
  data: QueuedJob;
  queued: QueueJob;
  tries: QueuedTry[];
  /** The try's latest run events, in the job's progress (kept after its end: a reader catches up). */
  live?: LiveRun;
  save: () => Promise<void>;
  /** Saves within LIVE_SAVE_MS (run events come faster than the queue needs to see them). */
  saveSoon: () => void;
}

const LIVE_SAVE_MS = 250;

/** A run event as the job's progress may show it: its free text scrubbed of the --env values. */
function scrubbed(c: WorkerContext, e: RunEvent): RunEvent {
  return e.type === 'stopping' ? { ...e, reason: c.scrub(e.reason), detail: c.scrub(e.detail) } : e;
}

async function publish(c: WorkerContext, j: Job, runDir: string | undefined, t: QueuedTry): Promise<void> {
  if (c.results && runDir && existsSync(join(runDir, RUN_FILES.record)))
    await c.results.publish(runDir, { rosterId: j.data.rosterId, jobKey: j.data.key, try: t.try });
}

/** The earlier tries (1 … n-1): what the progress shows, settled from this worker's own folders. */
async function settleEarlier(c: WorkerContext, j: Job, n: number): Promise<void> {
  const { tries, dropped } = priorTries(j.queued.progress, n);
  if (dropped.length > 0)
    c.line(
      `${j.data.key}: the job's progress names tries ${dropped.join(', ')} the queue never started: ignored`,
    );
  for (const t of tries.filter((x) => x.state === 'running')) {
    const claims = foreignClaims(t, tryFolder(c.root, j.id, t.try));
    if (claims !== undefined)
      c.line(
        `${j.data.key}: try ${t.try}: the job's progress names ${claims}, not this worker's: ignored (it signals only processes it started and settles only folders under ${c.root})`,
      );
  }
  j.tries.push(...tries);
  const earlier = Array.from({ length: n - 1 }, (_, i) => i + 1);
  const plan = earlierPlan(
    {
      attemptsStarted: n,
      attemptsMade: j.queued.attemptsMade,
      lastFailedTry: failedTry(j.queued.failedReason),
    },
    new Set(earlier.filter((k) => ownFolder(c.root, tryFolder(c.root, j.id, k)) !== undefined)),
    new Set(earlier.filter((k) => c.ran.has(tryFolder(c.root, j.id, k)))),
  );
  const where = { ...c, jobId: j.id, key: j.data.key };
  for (const k of plan.settle) {
    const recovered = await recoverTry(
      where,
      k,
      j.tries.find((t) => t.try === k),
    );
    if (recovered === undefined) continue;
    setTry(j, recovered.entry);
    await publish(c, j, recovered.settled?.runDir, recovered.entry);
    c.line(recovered.line);
  }
  for (const k of plan.standIn) await standIn(c, j, k);
  // A try the progress still shows running that was recorded elsewhere (or is left to its folder's worker).
  for (const t of j.tries.filter((x) => x.state === 'running'))
    setTry(j, {
      ...t,
      state: 'died',
      detail:
        'its worker died; recorded by the worker that took the next try, or by the worker whose folder holds it',
    });
}

/** Puts a try's entry in the job's list, in place of the one the progress showed. */
function setTry(j: Job, entry: QueuedTry): void {
  const at = j.tries.findIndex((t) => t.try === entry.try);
  if (at === -1) j.tries.push(entry);
  else j.tries[at] = entry;
  j.tries.sort((a, b) => a.try - b.try);
}

/** Records try `k`, dead on another worker whose folder is not ours, with a stand-in VOID record. */
async function standIn(c: WorkerContext, j: Job, k: number): Promise<void> {
  const made = await writeStandIn({
    job: j.data,
    n: k,
    stagingDir: `${tryFolder(c.root, j.id, k)}.stand-in`,
    runsDir: c.runsDir,
    signingKeyPath: c.signingKeyPath,
    allowEnv: c.allowEnv,
  });
  const known = j.tries.find((t) => t.try === k);
  const entry: QueuedTry = {
    ...(known ?? { try: k, host: '', stagingDir: made.runDir, startedAt: new Date().toISOString() }),
    state: 'died',
    detail: standInDetail(k),
    runId: made.runId,
    outcome: 'VOID',
  };
  setTry(j, entry);
  await publish(c, j, made.runDir, entry);
  c.line(
    `${j.data.key}: try ${k} died with its worker: recorded VOID here as a stand-in (its folder is with that worker, not under ${c.root})`,
  );
}

/** Runs try `n` in a process of this worker's own, registered so only this worker may stop it. */
async function runOwnTry(c: WorkerContext, j: Job, current: QueuedTry): Promise<TryResult> {
  const stop = new AbortController();
  const onAbort = () => stop.abort(c.signal.reason);
  if (c.signal.aborted) onAbort();
  c.signal.addEventListener('abort', onAbort, { once: true });
  const { data } = j;
  const running = runTry(
    {
      key: data.key,
      name: data.name,
      attempt: data.attempt,
      try: current.try,
      entry: data.entry,
      rosterFile: data.rosterFile,
      defaults: data.defaults,
      stagingDir: current.stagingDir,
      signingKeyPath: c.signingKeyPath,
      conformance: data.conformance,
      allowEnv: [...c.allowEnv],
    },
    c.runsDir,
    {
      timeoutMs: data.entry.timeoutMs ?? data.jobTimeoutMs,
      signal: stop.signal,
      onPid: (pid) => {
        current.pid = pid;
        void j.save();
      },
      onStart: (start) => {
        current.start = start;
        c.line(`${data.key}: try ${current.try} measuring ${start.target.description}`);
        void j.save();
      },
      onEvent: (event) => {
        j.live = withEvent(j.live, current.try, scrubbed(c, event));
        j.saveSoon();
      },
    },
  );
  const mine: OwnTry = {
    stop: async () => {
      stop.abort('the job was taken up again');
      await running.catch(() => undefined);
    },
  };
  c.own.set(j.id, mine);
  try {
    return await running;
  } finally {
    c.signal.removeEventListener('abort', onAbort);
    if (c.own.get(j.id) === mine) c.own.delete(j.id);
  }
}

/** Records how the try ended on its entry, publishes its run, and says so (the job's error, if any). */
async function record(c: WorkerContext, j: Job, current: QueuedTry, result: TryResult): Promise<void> {
  current.state = result.state;
  if (result.settled) {
    current.runId = result.settled.runId;
    current.outcome = result.settled.outcome;
    await publish(c, j, result.settled.runDir, current);
  }
  if (result.detail) current.detail = c.scrub(result.detail);
  if (result.conformance) current.conformance = c.scrub(result.conformance);
  await j.save();
  c.line(
    `${j.data.key}: try ${current.try} ${result.state}: ${result.settled?.outcome ?? current.detail ?? ''}`,
  );
}

/** Refuses a job the worker will not run: its failure, with the one-line reason; nothing of it runs. */
function refuse(c: WorkerContext, job: QueueJob, why: string): never {
  c.line(`job ${job.id ?? '(no id)'}: refused: ${why}`);
  throw new UnrecoverableError(`refused: ${why}`);
}

/** One job taken from the queue: admitted, its earlier tries settled, then run as the next try. */
export async function processJob(c: WorkerContext, queued: QueueJob): Promise<unknown> {
  const admitted = admitJob(queued.data, queued.id, c.trust, c.allowEnv);
  if ('refused' in admitted) refuse(c, queued, admitted.refused);
  const id = queued.id ?? admitted.job.key;
  let chain = Promise.resolve();
  let soon: NodeJS.Timeout | undefined;
  const j: Job = {
    id,
    data: admitted.job,
    queued,
    tries: [],
    save: () => {
      clearTimeout(soon);
      soon = undefined;
      chain = chain
        .then(() => queued.updateProgress({ tries: j.tries, ...(j.live ? { live: j.live } : {}) }))
        .catch(() => {});
      return chain;
    },
    saveSoon: () => {
      soon ??= setTimeout(() => void j.save(), LIVE_SAVE_MS);
    },
  };
  // A try of this job this worker still runs (its lock was lost): stopped, and settled by its own code.
  await c.own.get(id)?.stop();
  const n = Math.max(1, queued.attemptsStarted);
  await settleEarlier(c, j, n);
  await j.save();
  const { data } = j;
  if (j.tries.filter((t) => t.state === 'died').length >= data.maxTries)
    throw new UnrecoverableError(`${data.key}: ${data.maxTries} tries died; given up`);
  const current: QueuedTry = {
    try: n,
    state: 'running',
    host: hostname(),
    stagingDir: tryFolder(c.root, id, n),
    startedAt: new Date().toISOString(),
  };
  j.tries.push(current);
  c.ran.add(current.stagingDir);
  await j.save();
  c.line(`${data.key}: try ${n} started`);
  const result = await runOwnTry(c, j, current);
  await record(c, j, current, result);
  if (result.state === 'error') throw new UnrecoverableError(current.detail ?? 'the job could not start');
  // Back to the queue as the next try (on this worker or another).
  if (result.state !== 'finished') throw new Error(retryMessage(data.key, n, result.state));
  return { tries: j.tries };
}
