// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${PORT} and ${DATA} are the roster's literal placeholders
import { rmdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { NamedTarget } from '../../connect/target.js';
import { createRunDir } from '../../run/run-dir.js';
import { rosterLink, runOptionsFor, tryStart } from '../job.js';
import type { TryStart } from '../protocol.js';
import { moveUp } from '../settle.js';
import { entryTarget, jobEnv } from '../target.js';
import { writeDeadRecord } from '../void-record.js';
import type { QueuedJob } from './jobs.js';

/**
 * The stand-in record of a try that died on another worker whose folder this worker may not touch
 * (src/roster/queue/dead-tries.ts decides when). It is built from the signed job alone: nothing of
 * the job's progress is read, so it names no process, folder or target that progress claims.
 */

/** The job's target as its try expanded it, but for the try's own port and data copy (unknown here). */
function plannedTarget(job: QueuedJob, allowEnv: readonly string[], env: NodeJS.ProcessEnv): NamedTarget {
  const { env: vars, secretVars } = jobEnv(job.entry, env, allowEnv);
  const places = {
    rosterDir: dirname(job.rosterFile),
    ...(job.entry.serve ? { port: 0 } : {}),
    ...(job.entry.data === undefined ? {} : { data: '${DATA}' }),
  };
  const target = entryTarget(job.name, job.entry, job.rosterFile, vars, places);
  return secretVars === undefined ? target : { ...target, secretVars };
}

/** A description with the stand-in port 0 written as the roster wrote it, `${PORT}` (pure). */
export function portAsWritten(description: string): string {
  return description.replace(/^(https?:\/\/[^/?#]*):0(?=[/?#]|$)/, '$1:${PORT}');
}

/** What the dead try was about to measure, as far as the signed job says; never throws. */
function standInStart(
  job: QueuedJob,
  n: number,
  allowEnv: readonly string[],
  env: NodeJS.ProcessEnv,
): TryStart {
  const options = runOptionsFor(job.entry, job.defaults);
  const roster = rosterLink({ name: job.name, attempt: job.attempt, try: n });
  try {
    const start = tryStart(plannedTarget(job, allowEnv, env), options, roster);
    return { ...start, target: { ...start.target, description: portAsWritten(start.target.description) } };
  } catch {
    const start = tryStart(
      { kind: 'stdio', argv: ['roster-entry'], env: {}, secretEnv: {} },
      options,
      roster,
    );
    return {
      ...start,
      target: { kind: job.entry.url ? 'http' : 'stdio', description: 'not expanded on this worker' },
    };
  }
}

export interface StandIn {
  runId: string;
  runDir: string;
}

/** The detail of a stand-in record (pure): the try died elsewhere, and its folder stays there. */
export function standInDetail(n: number): string {
  return `try ${n} died on another worker (its job lock expired and the queue handed the job out again); its folder and tapes stay with that worker, in its own --out, which this worker may not touch`;
}

/**
 * Writes the stand-in VOID record (reason `aborted`, the one a try whose worker died gets), signed
 * like any run, in `stagingDir` (a folder of this worker's own), then moves it into the runs folder.
 */
export async function writeStandIn(o: {
  job: QueuedJob;
  n: number;
  stagingDir: string;
  runsDir: string;
  signingKeyPath: string;
  allowEnv: readonly string[];
}): Promise<StandIn> {
  const start = standInStart(o.job, o.n, o.allowEnv, process.env);
  const made = createRunDir(o.stagingDir, start.slug, new Date(start.startedAt));
  await writeDeadRecord(
    {
      runId: made.runId,
      dir: made.dir,
      start,
      reason: 'aborted',
      detail: standInDetail(o.n),
      note: `A stand-in: try ${o.n} of this job died on another worker, and this worker, which took the job's next try, recorded it VOID from the signed job alone. Its tapes stay in that worker's folder; its start time is not known here (the times given are when this record was written). Nothing in it was read from the job's progress.`,
    },
    o.signingKeyPath,
  );
  const runDir = moveUp(made.dir, o.runsDir);
  try {
    rmdirSync(o.stagingDir);
  } catch {
    // the run could not be moved up: it stays here, whole and signed
  }
  return { runId: made.runId, runDir };
}
