import { createHash, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { slugify } from '../../run/run-dir.js';
import { signDsse } from '../../tape/signature.js';
import { RosterEntry, RunOverrides } from '../entry.js';
import { ENTRY_NAME_MAX, entryFolder } from '../entry-name.js';
import { TryStart } from '../protocol.js';

/** A queued job's data: one entry × attempt of one roster, as written in the roster (no expansion yet). */
export const QueuedJob = z.looseObject({
  rosterId: z.string().min(1),
  key: z.string().min(1),
  name: z.string().min(1).max(ENTRY_NAME_MAX),
  attempt: z.int().min(1),
  entry: RosterEntry,
  rosterFile: z.string().min(1),
  defaults: RunOverrides,
  conformance: z.looseObject({ enabled: z.boolean(), timeoutMs: z.int().min(1) }),
  jobTimeoutMs: z.int().min(1),
  maxTries: z.int().min(1),
});
export type QueuedJob = z.infer<typeof QueuedJob>;

/** The DSSE payload type of a queued job: the roster's signature covers the whole QueuedJob. */
export const JOB_TYPE = 'application/vnd.fitness-report.roster-job+json';

/**
 * What is put on the queue: a DSSE envelope (Ed25519, the key embedded) over the QueuedJob's JSON,
 * signed by the roster's publisher key. A worker runs only the signed payload, and only when a key
 * it trusts signed it (`worker --trust`).
 */
export const SignedJob = z.strictObject({
  envelope: z.looseObject({
    payloadType: z.literal(JOB_TYPE),
    payload: z.base64(),
    signatures: z.array(z.looseObject({ keyid: z.string(), sig: z.base64(), publicKey: z.base64() })).min(1),
  }),
});
export type SignedJob = z.infer<typeof SignedJob>;

/** The job as the roster queues it: validated, then signed. */
export function signJob(job: QueuedJob, key: KeyObject): SignedJob {
  return { envelope: signDsse(JOB_TYPE, Buffer.from(JSON.stringify(QueuedJob.parse(job)), 'utf8'), key) };
}

/** One try of a queued job, kept in the job's progress so any worker can see what came before. */
export const QueuedTry = z.looseObject({
  try: z.int().min(1),
  state: z.enum(['running', 'finished', 'died', 'interrupted', 'error']),
  host: z.string(),
  pid: z.int().optional(),
  stagingDir: z.string().min(1),
  startedAt: z.iso.datetime(),
  start: TryStart.optional(),
  runId: z.string().optional(),
  outcome: z.string().optional(),
  detail: z.string().optional(),
  conformance: z.string().optional(),
});
export type QueuedTry = z.infer<typeof QueuedTry>;

export const JobProgress = z.looseObject({ tries: z.array(QueuedTry) });
export type JobProgress = z.infer<typeof JobProgress>;

/** A job's tries from its progress (a job nobody started has none). */
export function triesOf(progress: unknown): QueuedTry[] {
  const parsed = JobProgress.safeParse(progress);
  return parsed.success ? parsed.data.tries : [];
}

const short = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

/** The roster's id on the queue: its file name and a hash of its path. */
export function defaultRosterId(file: string): string {
  const base = slugify(file.replace(/^.*[\\/]/, '').replace(/\.json$/i, '')) || 'roster';
  return `${base}-${short(file)}`;
}

/**
 * The BullMQ job id of entry × attempt: stable, so queueing a roster twice adds nothing (BullMQ
 * keeps one job per id). Ids may not contain ':'; the entry name is slugged and hashed, so the id
 * is also a safe file name (a worker's try folders are named by it).
 */
export function queueJobId(rosterId: string, entry: string, attempt: number): string {
  return `${rosterId}.${entryFolder(entry)}.${attempt}`;
}
