import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { defaultSigningKeyPath, publicKeyInfo } from '../../tape/publisher.js';
import { Redactor } from '../../tape/redact.js';
import { loadOrCreateSigningKey } from '../../tape/signature.js';
import type { TrustSet } from '../../tape/trust.js';
import { checkReachable, engine, type QueueUrl } from './backend.js';
import { stagingRoot } from './history.js';
import { processJob, type WorkerContext } from './process-job.js';
import { ResultsTable } from './results.js';
import { sweepOwnRoot } from './sweep.js';

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
  /** The keys whose signed jobs this worker runs (`--trust`); none given: only its own signing key. */
  trust?: TrustSet;
  /** The variables a job's `${VAR}` may name (`worker --allow-env`); their values are secrets. */
  allowEnv?: readonly string[];
}

/** Who a worker trusts to queue its jobs: the --trust keys, else only its own publisher key. */
function trustOf(o: WorkerOptions, signingKeyPath: string): TrustSet {
  if (o.trust !== undefined && o.trust.size > 0) return o.trust;
  const own = publicKeyInfo(loadOrCreateSigningKey(signingKeyPath)).fingerprint;
  return new Map([[own, 'own publisher key']]);
}

/**
 * One worker: takes jobs from the queue, each as a try in its own process. A job runs only when a
 * key the worker trusts signed it (src/roster/queue/admit.ts). A job that comes back (BullMQ
 * re-queues a job whose lock expired) has its earlier tries settled from this worker's own staging
 * root (src/roster/queue/history.ts), and runs again as the next try. Runs until `signal` aborts;
 * the running tries then end VOID and their jobs go back to the queue for another worker.
 */
export async function runWorker(o: WorkerOptions): Promise<void> {
  await checkReachable(o.queue);
  const runsDir = resolve(o.runsDir);
  const signingKeyPath = o.signingKeyPath ? resolve(o.signingKeyPath) : defaultSigningKeyPath();
  const allowEnv = o.allowEnv ?? [];
  const redactor = new Redactor(allowEnv.flatMap((name) => process.env[name] ?? []));
  const scrub = (text: string) => redactor.scrub(text);
  const c: WorkerContext = {
    runsDir,
    root: stagingRoot(runsDir),
    signingKeyPath,
    trust: trustOf(o, signingKeyPath),
    allowEnv,
    signal: o.signal,
    line: (text) => o.onLine?.(scrub(text)),
    scrub,
    results: o.queue.kind === 'postgres' ? new ResultsTable(o.queue.url) : undefined,
    own: new Map(),
    ran: new Set(),
  };
  const e = engine(o.queue);
  const name = o.queueName ?? QUEUE_DEFAULTS.name;
  // Before taking any job: the tries this worker's own earlier death left in its own staging root.
  const queue = e.queue(name);
  try {
    await sweepOwnRoot(c, queue);
  } finally {
    await queue.close();
  }
  const worker = e.worker(name, (job) => processJob(c, job), {
    concurrency: o.concurrency ?? QUEUE_DEFAULTS.concurrency,
    lockDurationMs: o.lockDurationMs ?? QUEUE_DEFAULTS.lockDurationMs,
    stalledIntervalMs: Math.max(1000, Math.round((o.lockDurationMs ?? QUEUE_DEFAULTS.lockDurationMs) / 2)),
  });
  worker.on('error', (err) => c.line(`queue: ${err.message}`));
  c.line(
    `worker ${hostname()}:${process.pid} on ${o.queue.display} (${o.queueName ?? QUEUE_DEFAULTS.name}), runs in ${runsDir}; runs jobs signed by ${[...c.trust.keys()].join(', ')}`,
  );
  await new Promise<void>((r) => {
    if (o.signal.aborted) r();
    else o.signal.addEventListener('abort', () => r(), { once: true });
  });
  await worker.close();
  await c.results?.close();
  await e.close();
}
