import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { RUN_FILES } from '../../tape/file-names.js';
import { defaultSigningKeyPath } from '../../tape/publisher.js';
import { STAGING } from '../local.js';
import { settleTry } from '../settle.js';
import { alive } from '../spawn.js';
import { runTry } from '../try.js';
import { checkReachable, engine, type QueueJob, type QueueUrl } from './backend.js';
import { QueuedJob, type QueuedTry, triesOf } from './jobs.js';
import { ResultsTable } from './results.js';

export const QUEUE_DEFAULTS = {
  name: 'fitness-roster',
  concurrency: 1,
  lockDurationMs: 30_000,
} as const;

export interface WorkerOptions {
  queue: QueueUrl;
  queueName?: string;
  /** Where runs are written: the shared results folder (Redis), or this machine's copy (PostgreSQL). */
  runsDir: string;
  concurrency?: number;
  lockDurationMs?: number;
  onLine?: (line: string) => void;
  signal: AbortSignal;
  /** The publisher key that signs the runs (default: yours, in the config directory). */
  signingKeyPath?: string;
}

async function waitGone(pid: number | undefined, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  if (alive(pid) && pid !== undefined) process.kill(pid, 'SIGKILL');
}

/**
 * One worker: takes jobs from the queue, each as a try in its own process. A job that arrives with
 * a try still marked running lost its worker (BullMQ re-queues a job whose lock expired): that try
 * is recorded VOID first, from its staging folder when this machine can reach it, and the job runs
 * again as the next try. Runs until `signal` aborts; the running tries then end VOID and their
 * jobs go back to the queue for another worker.
 */
export async function runWorker(o: WorkerOptions): Promise<void> {
  await checkReachable(o.queue);
  const runsDir = resolve(o.runsDir);
  const signingKeyPath = o.signingKeyPath ? resolve(o.signingKeyPath) : defaultSigningKeyPath();
  const results = o.queue.kind === 'postgres' ? new ResultsTable(o.queue.url) : undefined;
  const line = o.onLine ?? (() => {});
  const e = engine(o.queue);
  const processor = async (job: QueueJob) => {
    const data = QueuedJob.parse(job.data);
    const tries = triesOf(job.progress);
    let chain = Promise.resolve();
    const save = () => {
      chain = chain.then(() => job.updateProgress({ tries })).catch(() => {});
      return chain;
    };
    const publish = async (runDir: string | undefined, t: QueuedTry) => {
      if (results && runDir && existsSync(join(runDir, RUN_FILES.record)))
        await results.publish(runDir, { rosterId: data.rosterId, jobKey: data.key, try: t.try });
    };
    for (const t of tries.filter((x) => x.state === 'running')) {
      if (t.host === hostname()) await waitGone(t.pid, 60_000);
      const settled = await settleTry({
        stagingDir: existsSync(t.stagingDir)
          ? t.stagingDir
          : join(runsDir, STAGING, `${job.id}.${t.try}.lost`),
        runsDir,
        signingKeyPath,
        ...(t.start ? { start: t.start } : {}),
        death: { reason: 'aborted', detail: 'the worker that ran this try died (its job lock expired)' },
      });
      // A run that wrote its own complete record finished the job; its worker died after it.
      t.state = settled?.ranToEnd ? 'finished' : 'died';
      t.detail =
        t.state === 'finished'
          ? 'the run wrote its record; its worker died before completing the job'
          : 'the worker that ran this try died; the job was taken up again';
      if (settled) {
        t.runId = settled.runId;
        t.outcome = settled.outcome;
        await publish(settled.runDir, t);
      }
      line(
        `${data.key}: try ${t.try} died with its worker: recorded ${settled?.outcome ?? 'nothing (no run had started)'}`,
      );
    }
    await save();
    if (tries.filter((t) => t.state === 'died').length >= data.maxTries)
      throw new UnrecoverableError(`${data.key}: ${data.maxTries} tries died; given up`);
    const n = Math.max(0, ...tries.map((t) => t.try)) + 1;
    const current: QueuedTry = {
      try: n,
      state: 'running',
      host: hostname(),
      stagingDir: join(runsDir, STAGING, `${job.id ?? data.key}.${n}`),
      startedAt: new Date().toISOString(),
    };
    tries.push(current);
    await save();
    line(`${data.key}: try ${n} started`);
    const result = await runTry(
      {
        key: data.key,
        name: data.name,
        attempt: data.attempt,
        try: n,
        entry: data.entry,
        rosterFile: data.rosterFile,
        defaults: data.defaults,
        stagingDir: current.stagingDir,
        signingKeyPath,
        conformance: data.conformance,
      },
      runsDir,
      {
        timeoutMs: data.entry.timeoutMs ?? data.jobTimeoutMs,
        signal: o.signal,
        onPid: (pid) => {
          current.pid = pid;
          void save();
        },
        onStart: (start) => {
          current.start = start;
          line(`${data.key}: try ${n} measuring ${start.target.description}`);
          void save();
        },
      },
    );
    current.state = result.state;
    if (result.settled) {
      current.runId = result.settled.runId;
      current.outcome = result.settled.outcome;
      await publish(result.settled.runDir, current);
    }
    if (result.detail) current.detail = result.detail;
    if (result.conformance) current.conformance = result.conformance;
    await save();
    line(`${data.key}: try ${n} ${result.state}: ${result.settled?.outcome ?? result.detail ?? ''}`);
    if (result.state === 'error') throw new UnrecoverableError(result.detail ?? 'the job could not start');
    // Back to the queue as the next try (on this worker or another).
    if (result.state !== 'finished') throw new Error(`${data.key}: try ${n} ${result.state}`);
    return { tries };
  };
  const worker = e.worker(o.queueName ?? QUEUE_DEFAULTS.name, processor, {
    concurrency: o.concurrency ?? QUEUE_DEFAULTS.concurrency,
    lockDurationMs: o.lockDurationMs ?? QUEUE_DEFAULTS.lockDurationMs,
    stalledIntervalMs: Math.max(1000, Math.round((o.lockDurationMs ?? QUEUE_DEFAULTS.lockDurationMs) / 2)),
  });
  worker.on('error', (err) => line(`queue: ${err.message}`));
  line(
    `worker ${hostname()}:${process.pid} on ${o.queue.display} (${o.queueName ?? QUEUE_DEFAULTS.name}), runs in ${runsDir}`,
  );
  await new Promise<void>((r) => {
    if (o.signal.aborted) r();
    else o.signal.addEventListener('abort', () => r(), { once: true });
  });
  await worker.close();
  await results?.close();
  await e.close();
}
