import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../core/canonical.js';
import { describeError, errorCode, messageOf } from '../core/errors.js';
import { readRecord } from '../record/io.js';
import { type VerifyReport, verifyReport } from '../record/result.js';
import type { RunRecord } from '../record/run.js';
import { readSuiteFile } from '../suite/read-suite.js';
import type { SuiteFile } from '../suite/suite-file.js';
import type { SignatureCheck } from '../tape/check-signature.js';
import { RUN_FILES } from '../tape/file-names.js';
import { loadTrust, type TrustSet } from '../tape/trust.js';
import { type Custody, custodyChecks, type Signer } from './verify-custody.js';
import { findingsChecks, refusalChecks } from './verify-findings.js';
import { gateChecks } from './verify-gates.js';
import { policyFileCheck, preregOrderChecks, tapeMoments } from './verify-prereg.js';
import { publishedCustodyChecks } from './verify-redaction.js';
import { verifyRerunDir } from './verify-rerun.js';
import { type Check, check } from './verify-table.js';
import { readTrialEvents, tapeCountChecks } from './verify-tapes.js';
import { voidReasonChecks } from './verify-void.js';

export interface VerifyResult {
  ok: boolean;
  /** Every check in order, as `verify` prints its table. */
  checks: Check[];
  signature?: SignatureCheck;
  signer?: Signer;
  /** A published run: who signed its redaction.json. */
  redactionSigner?: Signer;
  /** One line per check that failed. */
  problems: string[];
  /** One line per check that passed. */
  checked: string[];
  /** What `verify --json` prints: every check, the signer and whether it is trusted, the verdict. */
  report: VerifyReport;
}

export interface VerifyOptions {
  /** Signers you trust; default: your own publisher key and the trust file in the config directory. */
  trust?: TrustSet;
  /** An untrusted signer is reported but does not fail the run. */
  allowUntrusted?: boolean;
}

function readText(dir: string, path: string): string | Error {
  try {
    return readFileSync(join(dir, path), 'utf8');
  } catch (err) {
    const code = errorCode(err);
    return new Error(
      code === 'ENOENT'
        ? `${path}: missing (the record names it)`
        : `${path}: cannot read (${code ?? String(err)})`,
    );
  }
}

/** A file the board redacted: its digest is checked against the signed original's, not recomputed. */
function redactedHashCheck(
  name: string,
  path: string,
  claimed: string,
  redacted: ReadonlyMap<string, string>,
): Check | undefined {
  const original = redacted.get(path);
  if (original === undefined) return undefined;
  return check(
    name,
    original === claimed,
    `${path} redacted at publish; the signed original's sha256 ${original.slice(0, 12)}… ${original === claimed ? 'is' : 'is not'} the one the record states`,
  );
}

function registrationChecks(
  dir: string,
  record: RunRecord,
  suite: SuiteFile | undefined,
  redacted: ReadonlyMap<string, string>,
): Check[] {
  const out: Check[] = [];
  const prereg =
    record.prereg && redactedHashCheck('prereg', record.prereg.path, record.prereg.sha256, redacted);
  if (prereg) out.push(prereg);
  else if (record.prereg) {
    const text = readText(dir, record.prereg.path);
    out.push(
      text instanceof Error
        ? check('prereg', false, text.message)
        : check(
            'prereg',
            sha256Hex(text) === record.prereg.sha256,
            `${record.prereg.path} sha256 ${record.prereg.sha256.slice(0, 12)}…`,
          ),
    );
  }
  if (record.suite && redacted.has(RUN_FILES.suite))
    out.push(
      check(
        'suite',
        true,
        `${RUN_FILES.suite} redacted at publish: its hash cannot be recomputed from the copy; the signed manifest binds the original file and the suite hash`,
      ),
    );
  else if (record.suite) {
    const text = readText(dir, RUN_FILES.suite);
    out.push(
      text instanceof Error
        ? check('suite', false, text.message)
        : check(
            'suite',
            suite?.hash === record.suite.hash,
            suite ? `suite.json hash ${suite.hash.slice(0, 12)}…` : 'suite.json is not a suite file',
          ),
    );
  }
  return out;
}

function policyRow(dir: string, record: RunRecord, redacted: ReadonlyMap<string, string>): Check[] {
  const ref = record.policy;
  const row = ref && redactedHashCheck('policy', ref.path, ref.sha256, redacted);
  return row ? [row] : policyFileCheck(dir, record);
}

async function tapeChecks(dir: string, record: RunRecord): Promise<Check[]> {
  if (!record.files.some((f) => f.path === RUN_FILES.agent)) return [];
  const out: Check[] = [];
  try {
    out.push(...tapeCountChecks(record, await readTrialEvents(dir)));
  } catch (err) {
    out.push(check('tape counts', false, `${RUN_FILES.agent}: ${messageOf(err)}`));
  }
  try {
    out.push(...preregOrderChecks(record, await tapeMoments(dir)));
  } catch (err) {
    out.push(check('pre-registration order', false, messageOf(err)));
  }
  return out;
}

/**
 * `fitness-report verify`: who signed the run and whether you trust them, every file against the
 * complete signed manifest, the prereg and suite hashes, every verdict recomputed from the stored
 * counts with src/gates and src/stats, and the counts themselves recounted from the tapes.
 */
export async function verifyFitnessRun(dir: string, options: VerifyOptions = {}): Promise<VerifyResult> {
  const trust = options.trust ?? loadTrust([], process.env, (p) => p);
  if (!existsSync(join(dir, RUN_FILES.record)) && existsSync(join(dir, RUN_FILES.rerun)))
    return result(await verifyRerunDir(dir, trust, options.allowUntrusted === true));
  let record: RunRecord | undefined;
  let recordError: string | undefined;
  try {
    record = await readRecord(join(dir, RUN_FILES.record));
  } catch (err) {
    recordError = describeError(err);
  }
  const published = existsSync(join(dir, RUN_FILES.redaction));
  const custody = await (published ? publishedCustodyChecks : custodyChecks)(
    dir,
    record,
    trust,
    options.allowUntrusted === true,
  );
  const redacted = custody.redacted ?? new Map<string, string>();
  const checks = [...custody.checks];
  if (record === undefined) checks.push(check('record', false, recordError ?? 'unreadable'));
  else {
    const read = readSuiteFile(dir);
    const suite = 'suite' in read ? read.suite : undefined;
    checks.push(
      ...policyRow(dir, record, redacted),
      ...registrationChecks(dir, record, suite, redacted),
      ...gateChecks(record, suite, redacted.has(RUN_FILES.suite)),
      ...refusalChecks(record),
      ...findingsChecks(dir, record, redacted),
      ...(await tapeChecks(dir, record)),
      ...(await voidReasonChecks(dir, record)),
    );
  }
  return result({ checks, custody });
}

function result({ checks, custody }: { checks: Check[]; custody: Custody }): VerifyResult {
  const line = (c: Check) => `${c.check}: ${c.detail}`;
  return {
    ok: checks.every((c) => c.ok),
    checks,
    ...(custody.signature ? { signature: custody.signature } : {}),
    ...(custody.signer ? { signer: custody.signer } : {}),
    ...(custody.redactionSigner ? { redactionSigner: custody.redactionSigner } : {}),
    problems: checks.filter((c) => !c.ok).map(line),
    checked: checks.filter((c) => c.ok).map(line),
    report: verifyReport(checks, custody.signer, custody.redactionSigner),
  };
}
