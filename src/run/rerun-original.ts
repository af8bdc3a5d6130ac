import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TargetInput } from '../connect/target.js';
import { sha256Hex } from '../core/canonical.js';
import { errorCode, FitnessError, UsageError } from '../core/errors.js';
import { isRecord } from '../core/json.js';
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
  /** The target as the original recorded it without secrets, or why it cannot be reused. */
  target: { input: TargetInput } | { why: string };
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
 * The target the original ran, from what it recorded without secrets: the stdio argv of its wire
 * tape's meta line, or its URL. A run that sent a credential, or whose argv was scrubbed, cannot be
 * restarted from the record: the caller re-supplies the target (its env and cwd are never recorded).
 */
function recordedTarget(record: RunRecord, wireText: string): OriginalRun['target'] {
  if (record.identity.credential !== 'anonymous')
    return {
      why: `the original run sent a credential (${record.identity.credential}), which is never recorded`,
    };
  if (record.identity.target.kind === 'http') {
    const url = record.identity.target.description;
    if (url.includes('REDACTED')) return { why: 'the recorded URL had a secret query parameter scrubbed' };
    return { input: { kind: 'http', url, headers: {}, publicHeaders: {} } };
  }
  const first = wireText.slice(0, wireText.indexOf('\n'));
  let command: unknown;
  try {
    const meta: unknown = JSON.parse(first);
    command = isRecord(meta) ? meta.command : undefined;
  } catch {
    return { why: `the wire tape's meta line is not JSON` };
  }
  if (!Array.isArray(command) || command.length === 0 || !command.every((a) => typeof a === 'string'))
    return { why: `the wire tape's meta line names no argv` };
  if (command.some((a) => a.includes('[REDACTED]')))
    return { why: 'a secret was scrubbed from the recorded argv' };
  return { input: { kind: 'stdio', argv: command, env: {}, secretEnv: {} } };
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
  const wire = parseTape(wireText, join(dir, RUN_FILES.wire)).records;
  return {
    dir,
    record,
    tools: new Map(surfaceFromTape(wire).map((l) => [l.tool.name, l.tool])),
    recordSha256: sha256Hex(recordText),
    policy: policy.data,
    suite: suite.suite,
    surfaceDigest,
    trials,
    target: recordedTarget(record, wireText),
  };
}
