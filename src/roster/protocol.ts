import { z } from 'zod';
import { Credential } from '../connect/target.js';
import { Outcome } from '../record/outcome.js';
import { RosterLink } from '../record/roster-link.js';
import { RunEvent } from '../run/events.js';
import { RosterEntry, RunOverrides } from './entry.js';

/**
 * The job one process runs: one roster entry, one attempt, one try. It travels to the job's process
 * over IPC (never argv or a file: an entry's headers and env may hold credentials) and, in queue
 * mode, as the queued job's data (so a roster given to a queue names credentials as `${VAR}`).
 */
export const JobSpec = z.looseObject({
  /** Stable key: entry × attempt. */
  key: z.string().min(1),
  name: z.string().min(1),
  attempt: z.int().min(1),
  try: z.int().min(1),
  entry: RosterEntry,
  rosterFile: z.string().min(1),
  /** Run options for the whole roster; the entry's own `run` wins. */
  defaults: RunOverrides,
  /** The try's own folder: the run directory is created inside it, then settled into the runs folder. */
  stagingDir: z.string().min(1),
  signingKeyPath: z.string().min(1),
  conformance: z.looseObject({ enabled: z.boolean(), timeoutMs: z.int().min(1) }),
  /**
   * A worker's `--allow-env` list: `${VAR}` expands only from these variables, and their values are the
   * run's secrets. Absent for a local roster, which expands from its whole environment.
   */
  allowEnv: z.array(z.string()).optional(),
});
export type JobSpec = z.infer<typeof JobSpec>;

/** What a try was about to measure, sent before its run starts: enough to record it VOID if it dies. */
export const TryStart = z.looseObject({
  slug: z.string().min(1),
  target: z.looseObject({ kind: z.enum(['stdio', 'http']), description: z.string().min(1) }),
  credential: Credential,
  runner: z.string().min(1),
  judge: z.string().min(1),
  generator: z.looseObject({ name: z.string().min(1), version: z.string().min(1) }),
  startedAt: z.iso.datetime(),
  /** The roster job it was for, recorded in its record even when the try dies (absent in older work lists). */
  roster: RosterLink.optional(),
});
export type TryStart = z.infer<typeof TryStart>;

export const ConformanceSummary = z.looseObject({
  ran: z.boolean(),
  text: z.string(),
});

/** Child → parent. */
export const ChildMessage = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('started'), start: TryStart }),
  z.looseObject({ type: z.literal('progress'), line: z.string() }),
  /** The run's own typed progress (its phase, trials and counts), for the roster's live output. */
  z.looseObject({ type: z.literal('event'), event: RunEvent }),
  z.looseObject({
    type: z.literal('result'),
    runId: z.string().min(1),
    runDir: z.string().min(1),
    outcome: Outcome,
    /** The run stopped because the parent asked it to (an interrupt, not the server's doing). */
    interrupted: z.boolean(),
    conformance: ConformanceSummary.optional(),
  }),
  /** The job could not start a run at all (a bad entry value, a serve command that never listened). */
  z.looseObject({ type: z.literal('error'), message: z.string().min(1) }),
]);
export type ChildMessage = z.infer<typeof ChildMessage>;

/** Parent → child. */
export const ParentMessage = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('job'), job: JobSpec }),
  /** Stop now: the roster was interrupted (the try is retried later as the next attempt). */
  z.looseObject({ type: z.literal('abort'), reason: z.string().min(1) }),
  /** The job's wall-clock limit was reached: the run ends VOID `budget_exhausted`. */
  z.looseObject({ type: z.literal('timeout'), limitMs: z.int().min(1) }),
]);
export type ParentMessage = z.infer<typeof ParentMessage>;
