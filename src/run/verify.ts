import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeError } from '../cli/errors.js';
import { answerLeakGate } from '../gates/answer-leak.js';
import { constructGate } from '../gates/construct.js';
import { ladder } from '../gates/ladder.js';
import { nullBaselineGate, type Signal } from '../gates/null-baseline.js';
import { planPowerGate } from '../gates/plan-power.js';
import { structuralGate } from '../gates/structural.js';
import { suiteSizeGate } from '../gates/suite-size.js';
import { canonicalJson, sha256Hex } from '../record/canonical.js';
import { policyRecorded } from '../record/extension.js';
import type { GateRecord } from '../record/gate.js';
import { readRecord } from '../record/io.js';
import type { RunRecord } from '../record/run.js';
import { wilson } from '../stats/index.js';
import { SuiteFile } from '../suite/suite-file.js';
import type { SignatureCheck } from '../tape/check-signature.js';
import { loadTrust, type TrustSet } from '../tape/trust.js';
import { FILES } from './run-dir.js';
import { custodyChecks, type Signer } from './verify-custody.js';
import { type Check, check } from './verify-table.js';
import { readTrialEvents, tapeCountChecks } from './verify-tapes.js';

export interface VerifyResult {
  ok: boolean;
  /** Every check in order, as `verify` prints its table. */
  checks: Check[];
  signature?: SignatureCheck;
  signer?: Signer;
  /** One line per check that failed. */
  problems: string[];
  /** One line per check that passed. */
  checked: string[];
}

function readSuite(dir: string): SuiteFile | undefined {
  try {
    const parsed = SuiteFile.safeParse(JSON.parse(readFileSync(join(dir, FILES.suite), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function signalFor(gate: Extract<GateRecord, { gate: 'null_baseline' }>, record: RunRecord): Signal {
  if (gate.signalSource === 'ceiling') return { source: 'ceiling' };
  // A refusal at this decision has no score block: the gate record keeps its own counts.
  if (gate.signalCounts) return { source: gate.signalSource, counts: gate.signalCounts };
  if (gate.signalSource === 'reference') {
    const c = record.gates.find((g) => g.gate === 'construct');
    return { source: 'reference', ...(c?.gate === 'construct' ? { counts: { k: c.k, n: c.n } } : {}) };
  }
  const s = record.score?.firstTry;
  return { source: 'first_try', ...(s ? { counts: { k: s.k, n: s.n } } : {}) };
}

/** The gate decided again, by the same pure function, from the counts the record stores. */
function recompute(gate: GateRecord, record: RunRecord, suite: SuiteFile | undefined): GateRecord | string {
  const reg = record.prereg?.registration;
  switch (gate.gate) {
    case 'structural':
      return structuralGate({
        surfaceListed: gate.surfaceListed,
        toolCount: gate.toolCount,
        candidates: gate.candidates,
        rejected: gate.candidates - gate.admitted,
        registered: gate.registered,
        invalidTasks: gate.invalidTasks,
        minAdmissionRate: gate.minAdmissionRate,
        ...(gate.exploration ? { exploration: gate.exploration } : {}),
      });
    case 'answer_leak':
      if (suite === undefined) return 'suite.json is missing or invalid';
      return answerLeakGate(
        [...suite.tasks, ...suite.reserve].map((t) => ({
          taskId: t.id,
          prompt: t.prompt,
          answerKey: t.answerKey,
          boundArguments: t.boundArguments,
        })),
      );
    case 'suite_size':
      return suiteSizeGate({
        registered: gate.registered,
        deletedByScreen: gate.deletedByScreen,
        minTasks: gate.minTasks,
      });
    case 'plan_power': {
      const ext = reg?.extension;
      if (reg === undefined || ext === undefined || !policyRecorded(ext))
        return 'no registered extension policy';
      return planPowerGate({
        construct: {
          threshold: gate.threshold,
          alpha: gate.alpha,
          detectableRate: gate.detectableRate,
          power: gate.plannedPower,
        },
        registeredTrials: gate.registeredTrials,
        trialsPerBatch: ext.batchTasks * reg.reps.construct,
        maxExtensions: ext.maxExtensions,
      });
    }
    case 'null_baseline':
      return nullBaselineGate({
        phases: {
          ...Object.fromEntries(
            Object.entries(gate.notMeasured ?? {}).map(([p, m]) => [
              p,
              { k: 0, n: 0, notApplicable: m.notApplicable },
            ]),
          ),
          ...gate.nullRates,
        },
        signal: signalFor(gate, record),
        ratio: gate.ratio,
        percentile: gate.percentile,
      });
    case 'construct': {
      const ledger = gate.extension.ledger;
      if (reg === undefined || ledger === undefined || !policyRecorded(gate.extension.policy))
        return 'no construct ledger';
      return constructGate({
        params: {
          threshold: gate.threshold,
          alpha: gate.alpha,
          detectableRate: gate.detectableRate,
          power: gate.plannedPower,
        },
        compromisedErrorShare: gate.compromisedErrorShare,
        policy: gate.extension.policy,
        reps: reg.reps.construct,
        registered: { tasks: ledger.registered.tasks, pool: ledger.registered.pool },
        batches: ledger.batches.map((b) => ({ tasksAdded: b.tasksAdded, pool: b.poolAfter })),
        ...(gate.wire ? { wire: gate.wire } : {}),
      });
    }
  }
}

function same(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
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
    const code = (err as NodeJS.ErrnoException).code;
    return new Error(
      code === 'ENOENT'
        ? `${path}: missing (the record names it)`
        : `${path}: cannot read (${code ?? String(err)})`,
    );
  }
}

function registrationChecks(dir: string, record: RunRecord, suite: SuiteFile | undefined): Check[] {
  const out: Check[] = [];
  if (record.prereg) {
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
  if (record.suite) {
    const text = readText(dir, FILES.suite);
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

function gateChecks(record: RunRecord, suite: SuiteFile | undefined): Check[] {
  const out: Check[] = [];
  for (const gate of record.gates) {
    const again = recompute(gate, record, suite);
    const name =
      gate.gate === 'null_baseline' ? `gate null_baseline (${gate.signalSource})` : `gate ${gate.gate}`;
    if (typeof again === 'string') out.push(check(name, false, again));
    else
      out.push(
        check(
          name,
          same(again, gate),
          `${gate.verdict}${same(again, gate) ? ', recomputed the same' : ` (recomputed ${again.verdict})`}`,
        ),
      );
  }
  if (record.score) {
    const { firstTry, eventual } = record.score;
    out.push(
      check(
        'interval first-try',
        same(wilson(firstTry.k, firstTry.n, 0.95), firstTry.wilson),
        `${firstTry.k}/${firstTry.n} Wilson 95%`,
      ),
    );
    out.push(
      check(
        'interval eventual',
        same(wilson(eventual.k, eventual.n, 0.95), eventual.wilson),
        `${eventual.k}/${eventual.n} Wilson 95%`,
      ),
    );
  }
  if (record.outcome !== 'VOID') {
    try {
      const again = ladder(record.gates).outcome;
      out.push(
        check(
          'outcome',
          again === record.outcome,
          `${record.outcome}${again === record.outcome ? '' : ` (the ladder gives ${again})`}`,
        ),
      );
    } catch (err) {
      out.push(check('outcome', false, (err as Error).message));
    }
  }
  return out;
}

async function tapeChecks(dir: string, record: RunRecord): Promise<Check[]> {
  if (!record.files.some((f) => f.path === FILES.agent)) return [];
  try {
    return tapeCountChecks(record, await readTrialEvents(dir));
  } catch (err) {
    return [check('tape counts', false, `${FILES.agent}: ${(err as Error).message}`)];
  }
}

/**
 * `fitness-report verify`: who signed the run and whether you trust them, every file against the
 * complete signed manifest, the prereg and suite hashes, every verdict recomputed from the stored
 * counts with src/gates and src/stats, and the counts themselves recounted from the tapes.
 */
export async function verifyFitnessRun(dir: string, options: VerifyOptions = {}): Promise<VerifyResult> {
  const trust = options.trust ?? loadTrust([], process.env, (p) => p);
  let record: RunRecord | undefined;
  let recordError: string | undefined;
  try {
    record = await readRecord(join(dir, FILES.record));
  } catch (err) {
    recordError = describeError(err);
  }
  const custody = await custodyChecks(dir, record, trust, options.allowUntrusted === true);
  const checks = [...custody.checks];
  if (record === undefined) checks.push(check('record', false, recordError ?? 'unreadable'));
  else {
    const suite = readSuite(dir);
    checks.push(
      ...registrationChecks(dir, record, suite),
      ...gateChecks(record, suite),
      ...(await tapeChecks(dir, record)),
    );
  }
  const line = (c: Check) => `${c.check}: ${c.detail}`;
  return {
    ok: checks.every((c) => c.ok),
    checks,
    ...(custody.signature ? { signature: custody.signature } : {}),
    ...(custody.signer ? { signer: custody.signer } : {}),
    problems: checks.filter((c) => !c.ok).map(line),
    checked: checks.filter((c) => c.ok).map(line),
  };
}
