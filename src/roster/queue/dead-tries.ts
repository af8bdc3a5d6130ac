/**
 * Who records a try that died with its worker (pure). Every try leaves one record, written once:
 *
 * - by the worker that takes the job's next try, from its own staging root, when the dead try's
 *   folder is there (a shared `--out`, or the same worker again);
 * - else by that next worker as a stand-in: a VOID record of its own, built from the signed job,
 *   when the queue's own state says the previous try ended without its worker (it stalled: the
 *   queue counts it in `attemptsStarted` but not in `attemptsMade`, and the job's last failure is
 *   not that try's own);
 * - by the worker that owns the folder, on its next start (its sweep), only when no later try was
 *   ever started (the job finished or failed with that try as its last): nobody stood in for it.
 *
 * A folder whose try a later worker took over is kept as evidence (marked stood in) and never
 * recorded, so the board counts one attempt per try. Nothing here reads the job's progress.
 */

/** What the queue itself counts for a job (BullMQ's own fields, not its progress). */
export interface QueueCounts {
  /** Times the job was handed out, this time included: the current try's number. */
  attemptsStarted: number;
  /** Tries that ended with their worker alive (it completed or failed the job). */
  attemptsMade: number;
  /** The try whose own worker failed it last (from the job's failedReason), if any. */
  lastFailedTry: number | undefined;
}

export interface EarlierPlan {
  /** Tries to settle from this worker's own staging root. */
  settle: number[];
  /** Tries to record with a stand-in VOID record: they died on another worker, in its folder. */
  standIn: number[];
}

/**
 * The earlier tries a worker taking try `attemptsStarted` records: only the previous try is new
 * (each earlier one was recorded when the try after it was taken). `own`: tries whose folder is
 * under this worker's staging root; `ran`: tries this worker process ran itself (it settles them).
 */
export function earlierPlan(q: QueueCounts, own: ReadonlySet<number>, ran: ReadonlySet<number>): EarlierPlan {
  const prev = Math.max(1, q.attemptsStarted) - 1;
  if (prev < 1 || ran.has(prev)) return { settle: [], standIn: [] };
  if (own.has(prev)) return { settle: [prev], standIn: [] };
  const stalled = prev - q.attemptsMade >= 1 && q.lastFailedTry !== prev;
  return { settle: [], standIn: stalled ? [prev] : [] };
}

const RETRY = /: try (\d+) (?:died|interrupted)$/;

/** The error a worker fails a job with when its try ended without finishing (the job runs again). */
export function retryMessage(key: string, n: number, state: 'died' | 'interrupted'): string {
  return `${key}: try ${n} ${state}`;
}

/** The try a job's failedReason names as ended by its own worker (see retryMessage), if any. */
export function failedTry(reason: string | undefined): number | undefined {
  const m = RETRY.exec(reason ?? '');
  return m ? Number(m[1]) : undefined;
}

/** A try folder's job id and try number, from its name (`<job id>.<try>`); undefined for anything else. */
export function tryOfFolder(name: string): { jobId: string; n: number } | undefined {
  const m = /^([A-Za-z0-9._-]+)\.([1-9]\d{0,5})$/.exec(name);
  return m?.[1] && m[2] ? { jobId: m[1], n: Number(m[2]) } : undefined;
}

export type SweepAction = 'settle' | 'stood-in' | 'leave';

/**
 * What a starting worker does with try `n`'s folder in its own staging root, from the queue's
 * state of its job. A try the queue may still hand on (the job active or waiting, with `n` its
 * latest try) is left to the worker that takes the next try; one a later try took over was
 * recorded by that worker (stood in); one no later try will ever take over is settled here.
 */
export function sweepAction(
  n: number,
  job: { attemptsStarted: number; state: string } | undefined,
): SweepAction {
  if (job === undefined || job.attemptsStarted < n || job.state === 'active') return 'leave';
  const final = job.state === 'completed' || job.state === 'failed';
  if (job.attemptsStarted > n) return 'stood-in';
  return final ? 'settle' : 'leave';
}
