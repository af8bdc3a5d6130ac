import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { readRecord } from '../record/io.js';
import type { Outcome, VoidReason } from '../record/outcome.js';
import { createRunDir } from '../run/run-dir.js';
import { RUN_FILES } from '../tape/file-names.js';
import { TryStart } from './protocol.js';
import { stagedRuns, writeDeadRecord } from './void-record.js';

export interface Settled {
  runId: string;
  /** Where the run directory now is: the runs folder, or the staging folder if its name was taken. */
  runDir: string;
  outcome: Outcome;
  /** The record was written here, for a try that died before writing its own. */
  recordedDead: boolean;
  /**
   * The run reached its own end (any outcome but a VOID `aborted`): its process died after the
   * record was written, so the job is finished, not run again.
   */
  ranToEnd: boolean;
}

export interface SettleOptions {
  stagingDir: string;
  runsDir: string;
  signingKeyPath: string;
  /** What the try had started (from the job's process), if it said. */
  start?: TryStart;
  /** Why the try ended without its own record, for the VOID record written in its place. */
  death: { reason: VoidReason; detail: string };
}

const START_FILE = 'try.json';

/** What a try reported before its run started, kept in its staging folder (no secrets: see TryStart). */
export function writeTryStart(stagingDir: string, start: TryStart): void {
  mkdirSync(stagingDir, { recursive: true });
  writeFileSync(join(stagingDir, START_FILE), `${JSON.stringify(start)}\n`);
}

function readTryStart(stagingDir: string): TryStart | undefined {
  try {
    const parsed = TryStart.safeParse(JSON.parse(readFileSync(join(stagingDir, START_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Moves a finished run directory up into the runs folder, never over an existing one. */
export function moveUp(dir: string, runsDir: string): string {
  const next = join(runsDir, basename(dir));
  try {
    mkdirSync(runsDir, { recursive: true });
    mkdirSync(next);
  } catch {
    return dir;
  }
  try {
    renameSync(dir, next);
    return next;
  } catch {
    rmdirSync(next);
    return dir;
  }
}

function removeIfEmpty(dir: string): void {
  try {
    if (existsSync(dir) && readdirSync(dir).length === 0) rmdirSync(dir);
  } catch {
    // something is still there: kept as evidence
  }
}

/**
 * Settles one try's staging folder: the run it wrote (its own record), or a VOID record in place of
 * the one a dead process never wrote (in the run directory it left, or in a new one when it died
 * before creating any), then moves it into the runs folder. Settle a try once (its caller marks
 * it settled): a try with a start and no directory left is recorded as one that died before
 * creating any. Undefined when the try never started a run (no start, no directory).
 */
export async function settleTry(options: SettleOptions): Promise<Settled | undefined> {
  const kept = options.start ?? readTryStart(options.stagingDir);
  const o = { ...options, ...(kept ? { start: kept } : {}) };
  rmSync(join(o.stagingDir, START_FILE), { force: true });
  let names = stagedRuns(o.stagingDir);
  if (names.length === 0) {
    if (o.start === undefined) {
      removeIfEmpty(o.stagingDir);
      return undefined;
    }
    const made = createRunDir(o.stagingDir, o.start.slug, new Date(o.start.startedAt));
    names = [basename(made.dir)];
  }
  let last: Settled | undefined;
  for (const name of names) {
    const dir = join(o.stagingDir, name);
    let recordedDead = false;
    let ranToEnd = false;
    let outcome: Outcome;
    if (existsSync(join(dir, RUN_FILES.record))) {
      const record = await readRecord(join(dir, RUN_FILES.record));
      outcome = record.outcome;
      ranToEnd = !(outcome === 'VOID' && record.void?.reason === 'aborted');
    } else {
      if (o.start === undefined) continue;
      // The conformance evidence joins the run before its record is signed, as a finished run's does.
      const evidence = join(o.stagingDir, 'conformance');
      if (existsSync(evidence) && !existsSync(join(dir, 'conformance')))
        renameSync(evidence, join(dir, 'conformance'));
      await writeDeadRecord({ runId: name, dir, start: o.start, ...o.death }, o.signingKeyPath);
      outcome = 'VOID';
      recordedDead = true;
    }
    last = { runId: name, runDir: moveUp(dir, o.runsDir), outcome, recordedDead, ranToEnd };
  }
  removeIfEmpty(o.stagingDir);
  return last;
}
