import { z } from 'zod';
import { TrustSource } from '../tape/trust.js';
import { Count, NonEmpty, Sha256 } from './common.js';
import { CompareResult } from './compare.js';
import { ExitCode, runExitCode } from './exit-code.js';
import { Outcome } from './outcome.js';
import { PipelineGate } from './pipeline-gate.js';
import { Refusal } from './refusal.js';
import type { RunRecord } from './run.js';
import { RunId } from './run-id.js';
import { RateBlock } from './score.js';
import { VoidDetails } from './void.js';

/**
 * What `run --json`, `verify --json` and `probe --json` print: one JSON document each, the very
 * object the library's job returns (`RunResult.report`, `VerifyResult.report`, `probeServer`). One
 * version for the three, told apart by `command`. Derived anew on every call and read back by
 * nothing in the product, so `z.object` (unknown fields dropped); the record's own loose shapes
 * inside (`Refusal`, `VoidDetails`, `RateBlock`, `ProbeResult`) stay loose.
 */
export const RESULT_SCHEMA = 'fitness-report.result/1';

/**
 * `run --json`: the outcome and its exit code, the refusal or the VOID block, the first-try rate
 * with its plain Wilson and task-clustered intervals, each copied from the record (never computed
 * here), and where the run and its record are, with the record file's sha256 (the manifest's).
 */
export const RunReport = z
  .object({
    schema: z.literal(RESULT_SCHEMA),
    command: z.literal('run'),
    runId: RunId,
    outcome: Outcome,
    exitCode: ExitCode,
    /** The run directory. */
    dir: NonEmpty,
    record: z.object({ path: NonEmpty, sha256: Sha256 }),
    runner: NonEmpty,
    /** The record's refusal block: present exactly when a gate refused the run. */
    refusal: Refusal.optional(),
    /** The record's VOID block: present exactly when the outcome is VOID. */
    void: VoidDetails.optional(),
    /** The record's `score.firstTry` (k, n, `wilson`, `clustered`): present exactly when SCORED. */
    firstTry: RateBlock.optional(),
    /** The record's `score.tasks`: present exactly when SCORED. */
    tasks: Count.optional(),
    /** `run --baseline`: the baseline (A) compared with this run (B), as `compare A B --json` prints it. */
    comparison: CompareResult.optional(),
    /** `run --baseline`, `--fail-on`, `--fail-under`: whether the pipeline should fail, and why. */
    gate: PipelineGate.optional(),
  })
  .superRefine((r, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (r.exitCode !== runExitCode(r.outcome)) issue('exitCode', `expected ${runExitCode(r.outcome)}`);
    if ((r.firstTry !== undefined) !== (r.outcome === 'SCORED')) issue('firstTry', 'present iff SCORED');
    if ((r.void !== undefined) !== (r.outcome === 'VOID')) issue('void', 'present iff VOID');
    if (r.refusal !== undefined && (r.outcome === 'SCORED' || r.outcome === 'VOID'))
      issue('refusal', 'only on a refused run');
  });
export type RunReport = z.infer<typeof RunReport>;

/** One row of `verify`'s table: what was checked, whether it held, and what was found. */
export const VerifyCheck = z.object({ check: NonEmpty, ok: z.boolean(), detail: z.string() });
export type VerifyCheck = z.infer<typeof VerifyCheck>;

/** Who signed, and whether (and why) the verifier trusts that key. */
const VerifySigner = z
  .object({ keyid: NonEmpty, trusted: z.boolean(), trustedAs: TrustSource.optional() })
  .refine((s) => s.trusted === (s.trustedAs !== undefined), {
    message: 'trustedAs is given exactly when the signer is trusted',
    path: ['trustedAs'],
  });

/** `verify --json`: every check in table order, the signer, and the verdict (ok iff every check held). */
export const VerifyReport = z
  .object({
    schema: z.literal(RESULT_SCHEMA),
    command: z.literal('verify'),
    ok: z.boolean(),
    exitCode: z.union([z.literal(0), z.literal(1)]),
    /** Null when no signature could be read (an unsigned run, a broken envelope). */
    signer: VerifySigner.nullable(),
    /** A published run: who signed its redaction.json. */
    redactionSigner: VerifySigner.optional(),
    checks: z.array(VerifyCheck),
  })
  .refine((r) => r.ok === r.checks.every((c) => c.ok) && r.exitCode === (r.ok ? 0 : 1), {
    message: 'expected ok (exit 0) exactly when every check holds',
    path: ['ok'],
  });
export type VerifyReport = z.infer<typeof VerifyReport>;

/** A verifier's view of a signer (`trusted` is why, absent when untrusted) as the report states it. */
export function reportSigner(signer: { keyid: string; trusted?: TrustSource }): z.infer<typeof VerifySigner> {
  return {
    keyid: signer.keyid,
    trusted: signer.trusted !== undefined,
    ...(signer.trusted === undefined ? {} : { trustedAs: signer.trusted }),
  };
}

export function verifyReport(
  checks: readonly VerifyCheck[],
  signer?: { keyid: string; trusted?: TrustSource },
  redactionSigner?: { keyid: string; trusted?: TrustSource },
): VerifyReport {
  const ok = checks.every((c) => c.ok);
  return {
    schema: RESULT_SCHEMA,
    command: 'verify',
    ok,
    exitCode: ok ? 0 : 1,
    signer: signer === undefined ? null : reportSigner(signer),
    ...(redactionSigner === undefined ? {} : { redactionSigner: reportSigner(redactionSigner) }),
    checks: checks.map((c) => ({ check: c.check, ok: c.ok, detail: c.detail })),
  };
}

/** `run --json` from the record as written: every number copied from it, none computed. */
export function runReport(
  record: RunRecord,
  where: { dir: string; recordPath: string; recordSha256: string },
): RunReport {
  return {
    schema: RESULT_SCHEMA,
    command: 'run',
    runId: record.runId,
    outcome: record.outcome,
    exitCode: runExitCode(record.outcome),
    dir: where.dir,
    record: { path: where.recordPath, sha256: where.recordSha256 },
    runner: record.identity.runner,
    ...(record.refusal === undefined ? {} : { refusal: record.refusal }),
    ...(record.void === undefined ? {} : { void: record.void }),
    ...(record.score === undefined ? {} : { firstTry: record.score.firstTry, tasks: record.score.tasks }),
  };
}
