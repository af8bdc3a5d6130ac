import { sameCanonical } from '../core/canonical.js';
import { answerLeakGate, leakInputDigest, leakScanTasks } from '../gates/answer-leak.js';
import { constructGate } from '../gates/construct.js';
import { nullBaselineGate } from '../gates/null-baseline.js';
import { planPowerGate } from '../gates/plan-power.js';
import { structuralGate } from '../gates/structural.js';
import { suiteSizeGate } from '../gates/suite-size.js';
import { policyRecorded } from '../record/extension.js';
import type { GateRecord } from '../record/gate.js';
import type {
  ConstructInput,
  LeakScanTask,
  NullBaselineInput,
  PlanPowerInput,
  RateParams,
  StructuralInput,
  SuiteSizeInput,
} from '../record/gate-input.js';
import type { RunRecord } from '../record/run.js';
import type { SuiteFile } from '../suite/suite-file.js';

/** One gate function and the input it is called with. */
export type GateCall =
  | { gate: 'structural'; input: StructuralInput }
  | { gate: 'answer_leak'; input: LeakScanTask[] }
  | { gate: 'suite_size'; input: SuiteSizeInput }
  | { gate: 'plan_power'; input: PlanPowerInput }
  | { gate: 'null_baseline'; input: NullBaselineInput }
  | { gate: 'construct'; input: ConstructInput };

/** The gate function a call names, called on its input: the pipeline's own functions. */
export function decideGateCall(call: GateCall): GateRecord {
  switch (call.gate) {
    case 'structural':
      return structuralGate(call.input);
    case 'answer_leak':
      return answerLeakGate(call.input);
    case 'suite_size':
      return suiteSizeGate(call.input);
    case 'plan_power':
      return planPowerGate(call.input);
    case 'null_baseline':
      return nullBaselineGate(call.input);
    case 'construct':
      return constructGate(call.input);
  }
}

/** answer_leak's input: the suite's registered and reserve tasks, from suite.json. */
export function suiteScanTasks(suite: SuiteFile | undefined): LeakScanTask[] | string {
  if (suite === undefined) return 'suite.json is missing or invalid';
  return leakScanTasks([...suite.tasks, ...suite.reserve]);
}

/**
 * The call a gate record stores (`input`), checked against the rest of the record first: absent on
 * a record written before inputs were stored, a string when it disagrees with the record.
 * answer_leak stores a digest of its tasks: suite.json's must match it. A suite.json redacted at
 * publish cannot match it, so there (`suiteRedacted`) answer_leak has no stored call either: it
 * scans the redacted copy, as for an older record.
 */
export function storedGateCall(
  gate: GateRecord,
  record: RunRecord,
  suite: SuiteFile | undefined,
  suiteRedacted = false,
): GateCall | string | undefined {
  if (gate.input === undefined) return undefined;
  const disagreement = inputDisagreement(gate, record);
  if (disagreement !== undefined) return disagreement;
  switch (gate.gate) {
    case 'answer_leak': {
      if (suiteRedacted) return undefined;
      const tasks = suiteScanTasks(suite);
      if (typeof tasks === 'string') return tasks;
      return leakInputDigest(tasks) === gate.input?.tasksSha256
        ? { gate: 'answer_leak', input: tasks }
        : "suite.json's tasks are not the ones answer_leak scanned (the stored input's digest differs)";
    }
    case 'structural':
      return gate.input && { gate: 'structural', input: gate.input };
    case 'suite_size':
      return gate.input && { gate: 'suite_size', input: gate.input };
    case 'plan_power':
      return gate.input && { gate: 'plan_power', input: gate.input };
    case 'null_baseline':
      return gate.input && { gate: 'null_baseline', input: gate.input };
    case 'construct':
      return gate.input && { gate: 'construct', input: gate.input };
  }
}

/** A stored number, and the same number as the rest of the record states it (undefined: not stated). */
type Pair = readonly [what: string, stored: unknown, stated: unknown];

const rate = (p: RateParams | undefined) =>
  p && { threshold: p.threshold, alpha: p.alpha, detectableRate: p.detectableRate, power: p.power };
const counts = (c: { k: number; n: number } | undefined) => c && { k: c.k, n: c.n };

/** Where a gate's stored input and the rest of the record state the same number, each pair. */
function pairs(gate: GateRecord, record: RunRecord): Pair[] {
  const reg = record.prereg?.registration;
  const ext = reg && policyRecorded(reg.extension) ? reg.extension : undefined;
  const reps = reg?.reps.construct;
  const suite = record.suite;
  const times = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined ? undefined : a * b;
  switch (gate.gate) {
    case 'structural': {
      const i = gate.input;
      if (i === undefined) return [];
      return [
        ['candidates', i.candidates, gate.candidates],
        ['candidates', i.candidates, suite?.candidates],
        ['rejected', i.rejected, suite?.rejected.total],
        ['registered', i.registered, suite?.registered],
        ['minAdmissionRate', i.minAdmissionRate, reg?.minAdmissionRate],
      ];
    }
    case 'answer_leak':
      return [];
    case 'suite_size': {
      const i = gate.input;
      if (i === undefined) return [];
      return [
        ['registered', i.registered, suite?.registered],
        ['deletedByScreen', i.deletedByScreen, suite?.deletedByScreen],
        // Stored since the explain names key-unstable rejections; records before it have none to compare.
        ['rejected', i.rejected, i.rejected === undefined ? undefined : suite?.rejected.total],
        ['minTasks', i.minTasks, reg?.minTasks],
        ['requestedTasks', i.requestedTasks, reg?.tasks],
      ];
    }
    case 'plan_power': {
      const i = gate.input;
      if (i === undefined) return [];
      return [
        ['construct', rate(i.construct), rate(reg?.construct)],
        ['registeredTrials', i.registeredTrials, times(suite?.registered, reps)],
        ['trialsPerBatch', i.trialsPerBatch, times(ext?.batchTasks, reps)],
        ['maxExtensions', i.maxExtensions, ext?.maxExtensions],
        ['design.registeredTasks', i.design?.registeredTasks, suite?.registered],
        ['design.tasksPerBatch', i.design?.tasksPerBatch, ext?.batchTasks],
        ['design.runner', i.design?.runner, record.identity.runner],
      ];
    }
    case 'null_baseline': {
      const i = gate.input;
      if (i === undefined) return [];
      const construct = record.gates.find((g) => g.gate === 'construct');
      const reference = construct?.gate === 'construct' ? construct : undefined;
      const signal = i.signal.source === 'ceiling' ? undefined : counts(i.signal.counts);
      const stated =
        i.signal.source === 'reference'
          ? counts(reference)
          : i.signal.source === 'first_try'
            ? counts(record.score?.firstTry)
            : undefined;
      return [
        ['signal.source', i.signal.source, gate.signalSource],
        ['signal.counts', signal, stated],
        ['ratio', i.ratio, reg?.nulls.ratio],
        ['percentile', i.percentile, reg?.nulls.percentile],
      ];
    }
    case 'construct': {
      const i = gate.input;
      if (i === undefined) return [];
      const policy = policyRecorded(i.policy) ? i.policy : undefined;
      return [
        ['reps', i.reps, reps],
        ['params', rate(i.params), rate(reg?.construct)],
        ['compromisedErrorShare', i.compromisedErrorShare, reg?.compromisedErrorShare],
        ['policy.batchTasks', policy?.batchTasks, ext?.batchTasks],
        ['policy.maxExtensions', i.policy.maxExtensions, ext?.maxExtensions],
        ['registered.tasks', i.registered.tasks, suite?.registered],
      ];
    }
  }
}

/**
 * Whether a gate's stored input agrees with the record where the record states the same numbers
 * (the suite summary, the registration, the identity, the signal's own source), so a forged input
 * cannot make a forged verdict decide again. The first disagreement, or undefined.
 */
function inputDisagreement(gate: GateRecord, record: RunRecord): string | undefined {
  for (const [what, stored, stated] of pairs(gate, record)) {
    if (stated !== undefined && !sameCanonical(stored ?? null, stated))
      return `the stored input's ${what} ${JSON.stringify(stored ?? null)} is not the record's ${JSON.stringify(stated)}`;
  }
  return undefined;
}
