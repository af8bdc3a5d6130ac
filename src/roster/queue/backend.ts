import { createPostgresBackend, type JobsOptions, Queue, Worker, withBackend } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { errorCode, FitnessError, messageOf, UsageError } from '../../core/errors.js';

/**
 * The queue engine: BullMQ 6 on Redis (`redis://`, `rediss://`) or on PostgreSQL (`postgres://`,
 * `postgresql://`, through BullMQ's own PostgreSQL backend). Everything else in the roster talks to
 * the small surface below, so both engines run the same code.
 */
export interface QueueUrl {
  kind: 'redis' | 'postgres';
  url: string;
  /** The URL as it may be printed: no password. */
  display: string;
}

export function parseQueueUrl(text: string): QueueUrl {
  if (!URL.canParse(text)) throw new UsageError(`--queue: not a URL: ${text.replace(/\/\/[^@/]*@/, '//…@')}`);
  const u = new URL(text);
  const kind =
    u.protocol === 'redis:' || u.protocol === 'rediss:'
      ? 'redis'
      : u.protocol === 'postgres:' || u.protocol === 'postgresql:'
        ? 'postgres'
        : undefined;
  if (kind === undefined)
    throw new UsageError(`--queue: expected redis://… or postgres://…, got ${u.protocol}//…`);
  const shown = new URL(text);
  if (shown.password !== '') shown.password = '';
  return { kind, url: text, display: shown.href.replace(/:@/, '@') };
}

/** Fails fast, before anything is queued or run: the queue answers, or a one-line fault says why. */
export async function checkReachable(q: QueueUrl, timeoutMs = 5000): Promise<void> {
  const fail = (err: unknown) =>
    new FitnessError('QUEUE_UNREACHABLE', `${q.display}: ${errorCode(err) ?? messageOf(err)}`);
  if (q.kind === 'redis') {
    const client = new Redis(q.url, {
      lazyConnect: true,
      connectTimeout: timeoutMs,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    let first: unknown;
    client.on('error', (err) => {
      first ??= err;
    });
    try {
      await client.connect();
      await client.ping();
    } catch (err) {
      throw fail(first ?? err);
    } finally {
      client.disconnect();
    }
    return;
  }
  const client = new pg.Client({ connectionString: q.url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    throw fail(err);
  } finally {
    await client.end().catch(() => {});
  }
}

export interface WorkerTuning {
  concurrency: number;
  lockDurationMs: number;
  stalledIntervalMs: number;
}

/** The part of a BullMQ job the roster reads and writes (both engines' jobs have it). */
export interface QueueJob {
  id?: string | undefined;
  data: unknown;
  progress: unknown;
  returnvalue: unknown;
  failedReason: string;
  attemptsMade: number;
  /** The queue's own count of the times the job was taken (this time included). */
  attemptsStarted: number;
  getState(): Promise<string>;
  updateProgress(progress: object): Promise<void>;
}

export interface RosterQueue {
  add(name: string, data: object, opts: JobsOptions): Promise<{ id?: string | undefined }>;
  getJob(id: string): Promise<QueueJob | undefined>;
  close(): Promise<void>;
}

export interface RosterWorker {
  close(force?: boolean): Promise<void>;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

export type Processor = (job: QueueJob) => Promise<unknown>;

export interface Engine {
  queue(name: string): RosterQueue;
  worker(name: string, processor: Processor, tuning: WorkerTuning): RosterWorker;
  close(): Promise<void>;
}

/** BullMQ's classes bound to the engine the URL names. */
export function engine(q: QueueUrl): Engine {
  const redis: Redis[] = [];
  const connect = () => {
    const client = new Redis(q.url, { maxRetriesPerRequest: null });
    client.on('error', () => {});
    redis.push(client);
    return client;
  };
  const workerOpts = (t: WorkerTuning) => ({
    concurrency: t.concurrency,
    lockDuration: t.lockDurationMs,
    stalledInterval: t.stalledIntervalMs,
    // A stalled job (its worker died) is retried as a new try; the roster's own limit gives up.
    maxStalledCount: 50,
  });
  if (q.kind === 'redis') {
    return {
      queue: (name) => new Queue(name, { connection: connect() }),
      worker: (name, processor, t) =>
        new Worker(name, processor, { connection: connect(), ...workerOpts(t) }),
      close: async () => {
        for (const c of redis) c.disconnect();
      },
    };
  }
  const pgClasses = withBackend(createPostgresBackend);
  const connection = { connectionString: q.url, migrate: true };
  return {
    queue: (name) => new pgClasses.Queue(name, { connection }),
    worker: (name, processor, t) => new pgClasses.Worker(name, processor, { connection, ...workerOpts(t) }),
    close: async () => {},
  };
}
