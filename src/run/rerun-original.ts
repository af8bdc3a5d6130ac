import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../core/canonical.js';
import { errorCode, FitnessError, UsageError } from '../core/errors.js';
import { type DriveTrial, driveFirstTries } from '../findings/paired.js';
import { surfaceFromTape } from '../findings/surface.js';
import { parseRecord } from '../record/io.js';
import { Policy } from '../record/policy.js';
import type { RunRecord } from '../record/run.js';
import { readSuiteFile } from '../suite/read-suite.js';
import type { SuiteFile } from '../suite/suite-file.js';
import type { ToolDescriptor } from '../suite/surface.js';
import { RUN_FILES } from '../tape/file-names.js';
import { parseTape } from '../tape/reader.js';
import { type RecordedTarget, recordedTarget } from './rerun-target.js';

/** What a rerun takes from the original run directory, each part validated. */
export interface OriginalRun {
  dir: string;
  record: RunRecord;
  recordSha256: string;
  policy: Policy;
  suite: SuiteFile;
  surfaceDigest: string;
  /** The original's drive trials (corr id → first try), read from its agent tape. */
  trials: Map<string, DriveTrial>;
  /** The tools the original listed, as its wire tape holds them (what the proposals rewrite). */
  tools: Map<string, ToolDescriptor>;
  /** The target every copy in the run agrees on, recorded without secrets, or why there is none. */
  target: RecordedTarget;
}

function text(dir: string, file: string): string {
  try {
    return readFileSync(join(dir, file), 'utf8');
  } catch (err) {
    const code = errorCode(err);
    throw new FitnessError(
      'RERUN_ORIGINAL',
      `${join(dir, file)}: ${code === 'ENOENT' ? 'missing' : `cannot read (${code})`}`,
    );
  }
}

function json(dir: string, file: string): unknown {
  try {
    return JSON.parse(text(dir, file));
  } catch (err) {
    if (err instanceof FitnessError) throw err;
    throw new FitnessError('RERUN_ORIGINAL', `${join(dir, file)}: not JSON`);
  }
}

/** Why a run has nothing to rerun, in the words of its record (outcome, refusing gate, void reason). */
function neverDrove(record: RunRecord): string {
  if (record.refusal)
    return `it was refused at ${record.refusal.gate} (${record.refusal.reason}) before its drive`;
  if (record.void) return `it ended VOID (${record.void.reason}) before its drive`;
  return 'it has no drive on its tapes';
}

/**
 * Reads and checks the original run: a run record (not itself a rerun) that drove, has proposals,
 * and whose suite.json is the registered suite. Each way it cannot be rerun is its own error code.
 */
export function readOriginal(dir: string): OriginalRun {
  if (!existsSync(join(dir, RUN_FILES.record)) && existsSync(join(dir, RUN_FILES.rerun)))
    throw new UsageError(`${dir} is itself a rerun: rerun its original run instead`);
  const recordText = text(dir, RUN_FILES.record);
  let raw: unknown;
  try {
    raw = JSON.parse(recordText);
  } catch {
    throw new FitnessError('RERUN_ORIGINAL', `${join(dir, RUN_FILES.record)}: not JSON`);
  }
  const record = parseRecord(raw, join(dir, RUN_FILES.record));
  const agentText = existsSync(join(dir, RUN_FILES.agent)) ? text(dir, RUN_FILES.agent) : '';
  const trials = driveFirstTries(parseTape(agentText, join(dir, RUN_FILES.agent)).records);
  if (record.findings === undefined || trials.size === 0)
    throw new FitnessError(
      'RERUN_NEVER_DROVE',
      `${record.runId} never drove (${neverDrove(record)}): it has no findings and no proposals to rerun`,
    );
  if (record.findings.proposals.length === 0)
    throw new FitnessError(
      'RERUN_NO_PROPOSALS',
      `${record.runId} has no rewrite proposals (${record.findings.findings.length} finding(s), none with a proposal): there is nothing to rerun with`,
    );
  const suite = readSuiteFile(dir);
  if ('problem' in suite) throw new FitnessError('RERUN_ORIGINAL', `${dir}: ${suite.problem}`);
  if (suite.suite.hash !== record.suite?.hash)
    throw new FitnessError(
      'RERUN_ORIGINAL',
      `${join(dir, RUN_FILES.suite)}: not the registered suite of ${record.runId}`,
    );
  const policy = Policy.safeParse(json(dir, RUN_FILES.policy));
  if (!policy.success)
    throw new FitnessError('RERUN_ORIGINAL', `${join(dir, RUN_FILES.policy)}: does not validate`);
  const surfaceDigest = record.server?.surfaceDigest ?? record.surface?.digest;
  if (surfaceDigest === undefined)
    throw new FitnessError('RERUN_ORIGINAL', `${record.runId} recorded no surface digest to compare against`);
  const wireText = text(dir, RUN_FILES.wire);
  const wireTape = parseTape(wireText, join(dir, RUN_FILES.wire));
  const wire = wireTape.records;
  return {
    dir,
    record,
    tools: new Map(surfaceFromTape(wire).map((l) => [l.tool.name, l.tool])),
    recordSha256: sha256Hex(recordText),
    policy: policy.data,
    suite: suite.suite,
    surfaceDigest,
    trials,
    target: recordedTarget(record.identity, wireTape.meta),
  };
}
