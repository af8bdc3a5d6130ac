import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandIO } from '../../core/io.js';
import { onStopSignals } from '../../core/signals.js';
import { Outcome } from '../../record/outcome.js';
import { RUN_FILES } from '../../tape/file-names.js';
import { configEnv, defaultSigningKeyPath, publicKeyInfo } from '../../tape/publisher.js';
import { loadOrCreateSigningKey } from '../../tape/signature.js';
import type { RosterArgs } from '../args.js';
import { finish } from '../finish.js';
import { loadRoster } from '../load.js';
import { ROSTER_DEFAULTS } from '../local.js';
import { type Counts, progressPrinter, type RosterEvent, type RunningJobs } from '../progress.js';
import { jobKey } from '../store.js';
import type { JobLine } from '../summary.js';
import { summaryLines } from '../summary.js';
import type { TryResult } from '../try.js';
import { checkReachable, engine, parseQueueUrl, type RosterQueue } from './backend.js';
import { defaultRosterId, type QueuedJob, type QueuedTry, queueJobId, signJob, triesOf } from './jobs.js';
import { unseenEvents } from './live.js';
import { ResultsTable } from './results.js';
import { QUEUE_DEFAULTS } from './worker.js';

interface Tracked {
  id: string;
  key: string;
  state: string;
  detail?: string;
  tries: JobLine['tries'];
  runIds: string[];
  /** The last state seen of each try. */
  seen: Map<number, string>;
  /** The running try's last run event shown (its number in the job's live window). */
  live: { try: number; seq: number };
}

const DONE = new Set(['completed', 'failed']);

function resultOf(t: QueuedTry): TryResult {
  const outcome = Outcome.safeParse(t.outcome);
  return {
    state: t.state === 'running' ? 'died' : t.state,
    ...(t.runId && outcome.success
      ? {
          settled: {
            runId: t.runId,
            runDir: '',
            outcome: outcome.data,
            recordedDead: t.state === 'died',
            ranToEnd: t.state === 'finished',
          },
        }
      : {}),
    ...(t.conformance ? { conformance: t.conformance } : {}),
    ...(t.detail ? { detail: t.detail } : {}),
  };
}

/**
 * The running try's run events the job's progress shows that were not shown yet, each validated as a
 * run event (a queue's progress is anyone's text), emitted as the local roster emits its own.
 */
function liveEvents(j: Tracked, n: number, progress: unknown, emit: (e: RosterEvent) => void): void {
  const seen = j.live.try === n ? j.live.seq : 0;
  const unseen = unseenEvents(progress, n, seen);
  j.live = { try: n, seq: unseen.seq };
  if (unseen.missed > 0)
    emit({
      type: 'note',
      key: j.key,
      text: `try ${n}: ${unseen.missed} run events were sent faster than they were read; its counts on screen leave them out`,
    });
  if (unseen.rejected > 0)
    emit({
      type: 'note',
      key: j.key,
      text: `try ${n}: ${unseen.rejected} entries of the job's live progress are not run events: not shown`,
    });
  for (const event of unseen.events) emit({ type: 'run', key: j.key, try: n, event });
}

/**
 * Reads every unfinished job's state and tries; emits a start for each try that began, the running
 * tries' new run events, then an end for each try that ended.
 */
async function poll(queue: RosterQueue, jobs: Tracked[], emit: (e: RosterEvent) => void): Promise<void> {
  const counts = (): Counts => ({
    done: jobs.filter((j) => j.state === 'completed').length,
    failed: jobs.filter((j) => j.state === 'failed').length,
    running: jobs.filter((j) => j.state === 'active').length,
    queued: jobs.filter((j) => !DONE.has(j.state) && j.state !== 'active').length,
    total: jobs.length,
  });
  for (const j of jobs) {
    if (DONE.has(j.state)) continue;
    const job = await queue.getJob(j.id);
    j.state = job ? await job.getState() : 'unknown';
    if (j.state === 'failed') j.detail = job?.failedReason ?? 'failed';
    const tries = triesOf(job?.progress);
    const changed = tries.filter((t) => j.seen.get(t.try) !== t.state);
    for (const t of changed) j.seen.set(t.try, t.state);
    for (const t of changed.filter((x) => x.state === 'running'))
      emit({ type: 'start', key: j.key, try: t.try, ...counts() });
    // The running try's new events; a try that ended since the last poll, its last ones first.
    const current = tries.findLast((x) => x.state === 'running' || changed.includes(x));
    if (current) liveEvents(j, current.try, job?.progress, emit);
    for (const t of changed.filter((x) => x.state !== 'running'))
      emit({ type: 'end', key: j.key, try: t.try, result: resultOf(t), ...counts() });
    j.tries = tries.map((t) => ({
      try: t.try,
      state: t.state,
      outcome: t.outcome ?? null,
      runId: t.runId ?? null,
    }));
    j.runIds = tries.flatMap((t) => (t.runId ? [t.runId] : []));
  }
}

/**
 * `roster ROSTER --queue URL`: checks the queue answers (before anything is queued), puts every
 * entry × attempt on it under a stable job id (queueing the same roster again adds nothing), follows
 * the jobs the workers take (with each running try's phase, trials and counts, read from its job's
 * progress and shown by `running`, the local roster's display), and builds the board from wherever the records reached: the shared
 * results folder (Redis) or the results table (PostgreSQL).
 */
export async function runQueuedRoster(
  args: RosterArgs,
  io: CommandIO,
  running?: RunningJobs,
  width?: number,
): Promise<number> {
  const url = parseQueueUrl(args.queue ?? '');
  await checkReachable(url);
  const roster = loadRoster(args.roster, 'stand-ins', args.only);
  const tty = !args.plain && process.stderr.isTTY === true;
  const emit = progressPrinter((t) => process.stderr.write(t), tty, running, width);
  for (const e of roster.errors) emit({ type: 'entry-error', name: e.name, message: e.message });
  const rosterId = args.rosterId ?? defaultRosterId(roster.file);
  // Every job carries the roster's signature: a worker runs only jobs signed by a key it trusts.
  const keyPath = defaultSigningKeyPath(configEnv(io.env));
  const key = loadOrCreateSigningKey(keyPath);
  const e = engine(url);
  const queue = e.queue(args.queueName ?? QUEUE_DEFAULTS.name);
  const maxTries = args.maxTries ?? ROSTER_DEFAULTS.maxTries;
  const jobs: Tracked[] = [];
  const abort = new AbortController();
  const unsubscribe = onStopSignals(() => abort.abort(), 'once');
  try {
    for (const { name, entry } of roster.entries) {
      for (let attempt = 1; attempt <= (entry.attempts ?? 1); attempt++) {
        const id = queueJobId(rosterId, name, attempt);
        const data: QueuedJob = {
          rosterId,
          key: jobKey(name, attempt),
          name,
          attempt,
          entry,
          rosterFile: roster.file,
          defaults: args.defaults,
          conformance: {
            enabled: args.conformance.enabled,
            timeoutMs: args.conformance.timeoutMs ?? ROSTER_DEFAULTS.conformanceTimeoutMs,
          },
          jobTimeoutMs: args.jobTimeoutMs ?? ROSTER_DEFAULTS.jobTimeoutMs,
          maxTries,
        };
        await queue.add('run', signJob(data, key), {
          jobId: id,
          attempts: maxTries * 3,
          removeOnComplete: false,
          removeOnFail: false,
        });
        jobs.push({
          id,
          key: data.key,
          state: 'queued',
          tries: [],
          runIds: [],
          seen: new Map(),
          live: { try: 0, seq: 0 },
        });
      }
    }
    io.err(
      `roster ${rosterId}: ${jobs.length} jobs on ${url.display} (${args.queueName ?? QUEUE_DEFAULTS.name}), signed by ${publicKeyInfo(key).fingerprint}; start workers with: fitness-report worker --queue URL --trust ${publicKeyInfo(key).fingerprint}`,
    );
    while (!abort.signal.aborted) {
      await poll(queue, jobs, emit);
      if (jobs.every((j) => DONE.has(j.state))) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    if (tty) process.stderr.write('\n');
    const runDirs = await resultDirs(url.kind === 'postgres' ? url.url : undefined, args.out, rosterId, jobs);
    const lines = summaryLines({
      jobs: jobs.map((j) => ({
        key: j.key,
        state: j.state === 'completed' ? 'done' : j.state,
        detail: j.detail ?? null,
        tries: j.tries,
      })),
      errors: roster.errors,
    });
    return await finish(
      args,
      io,
      runDirs,
      lines,
      abort.signal.aborted,
      roster.errors.length > 0 || jobs.some((j) => j.state === 'failed'),
      'the jobs stay on the queue and the workers keep running them: run the same command again to follow them',
    );
  } finally {
    unsubscribe();
    await queue.close();
    await e.close();
  }
}

/** The runs the jobs recorded: from the results table (PostgreSQL), else the shared folder. */
async function resultDirs(
  pgUrl: string | undefined,
  out: string,
  rosterId: string,
  jobs: readonly Tracked[],
) {
  if (pgUrl !== undefined) {
    const table = new ResultsTable(pgUrl);
    try {
      return await table.materialise(out, rosterId);
    } finally {
      await table.close();
    }
  }
  return jobs
    .flatMap((j) => j.runIds.map((id) => join(out, id)))
    .filter((d) => existsSync(join(d, RUN_FILES.record)));
}
