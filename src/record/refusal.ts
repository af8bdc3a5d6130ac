import { z } from 'zod';
import { canonicalJson } from '../core/canonical.js';
import { NullPhase } from '../tape/phases.js';
import { Count, OpenUnit, StoredInterval, Threshold, Unit } from './common.js';
import { LeakFinding, NullRate } from './gate.js';
import { CheckVerdict, GateId, GateReason, NullVerdict, RateVerdict, SignalSource } from './outcome.js';

/**
 * The refusal block at the top of record.json: the refusing gate, its reason, and the numbers that
 * gate decided on, copied from its entry in `gates[]` (never computed a second time), so a reader of
 * the JSON starts from what the gate saw. Records written before the block carried numbers have
 * only `gate` and `reason`; when any number is present, every one the gate carries must be, with
 * the gate's value (`refusalAgrees`).
 */
export const Refusal = z.looseObject({
  gate: GateId,
  reason: GateReason,
  verdict: z.union([RateVerdict, CheckVerdict, NullVerdict]).optional(),
  // construct
  rawVerdict: RateVerdict.optional(),
  k: Count.optional(),
  n: Count.optional(),
  errors: Count.optional(),
  errorShare: Unit.optional(),
  compromisedErrorShare: OpenUnit.optional(),
  threshold: Threshold.optional(),
  alpha: OpenUnit.optional(),
  pValue: Unit.optional(),
  wilson: StoredInterval.optional(),
  achievedPower: Unit.optional(),
  plannedPower: OpenUnit.optional(),
  detectableRate: OpenUnit.optional(),
  // null_baseline
  signalSource: SignalSource.optional(),
  signal: Unit.optional(),
  signalCounts: z.looseObject({ k: Count, n: Count }).optional(),
  nullRates: z.partialRecord(NullPhase, NullRate).optional(),
  notMeasured: z.partialRecord(NullPhase, z.looseObject({ notApplicable: Count })).optional(),
  tNull: Unit.optional(),
  cutoff: Unit.optional(),
  ratio: Threshold.optional(),
  percentile: z.number().gt(0).max(100).optional(),
  // structural, suite_size, answer_leak
  surfaceListed: z.boolean().optional(),
  toolCount: Count.optional(),
  candidates: Count.optional(),
  admitted: Count.optional(),
  admissionRate: Unit.optional(),
  minAdmissionRate: Threshold.optional(),
  registered: Count.optional(),
  minTasks: Count.optional(),
  deletedByScreen: Count.optional(),
  scanned: Count.optional(),
  leaks: z.array(LeakFinding).optional(),
});
export type Refusal = z.infer<typeof Refusal>;

/** Which of a gate's fields are the numbers it decided on, per gate. */
export const REFUSAL_FIELDS: Readonly<Record<GateId, readonly string[]>> = {
  structural: [
    'verdict',
    'surfaceListed',
    'toolCount',
    'candidates',
    'admitted',
    'admissionRate',
    'minAdmissionRate',
    'registered',
  ],
  answer_leak: ['verdict', 'scanned', 'leaks'],
  suite_size: ['verdict', 'registered', 'minTasks', 'deletedByScreen'],
  plan_power: [],
  null_baseline: [
    'verdict',
    'signalSource',
    'signal',
    'signalCounts',
    'nullRates',
    'notMeasured',
    'tNull',
    'cutoff',
    'ratio',
    'percentile',
  ],
  construct: [
    'verdict',
    'rawVerdict',
    'k',
    'n',
    'errors',
    'errorShare',
    'compromisedErrorShare',
    'threshold',
    'alpha',
    'pValue',
    'wilson',
    'achievedPower',
    'plannedPower',
    'detectableRate',
  ],
};

interface GateView {
  gate: GateId;
  reason?: GateReason | string;
}

/** The decided-on numbers a gate (or a refusal block) carries, by the gate's field list. */
export function decidingNumbers(gate: GateId, source: object): Record<string, unknown> {
  const fields = new Set(REFUSAL_FIELDS[gate]);
  return Object.fromEntries(Object.entries(source).filter(([k, v]) => fields.has(k) && v !== undefined));
}

/** The refusal block for a refusing gate: its gate, reason and numbers, copied from the gate. */
export function refusalOf(gate: GateView & object): Refusal {
  return Refusal.parse({ gate: gate.gate, reason: gate.reason, ...decidingNumbers(gate.gate, gate) });
}

/** Whether a refusal block carries numbers at all (records written before it kept them do not). */
export function carriesNumbers(refusal: Refusal): boolean {
  return Object.keys(decidingNumbers(refusal.gate, refusal)).length > 0;
}

/** A refusal block with numbers carries exactly the refusing gate's, with the same values. */
export function refusalMatchesGate(refusal: Refusal, gate: GateView & object): boolean {
  if (!carriesNumbers(refusal)) return true;
  return (
    canonicalJson(decidingNumbers(refusal.gate, refusal)) === canonicalJson(decidingNumbers(gate.gate, gate))
  );
}

interface RecordView {
  refusal?: Refusal;
  gates: readonly (GateView & object)[];
}

/** The refusal block's numbers are the refusing gate's (the last one decided), not a second copy. */
export function refusalAgrees(r: RecordView, ctx: z.RefinementCtx): void {
  const last = r.gates.at(-1);
  if (r.refusal === undefined || last === undefined || last.gate !== r.refusal.gate) return;
  if (!refusalMatchesGate(r.refusal, last))
    ctx.addIssue({
      code: 'custom',
      path: ['refusal'],
      message: `expected the numbers of the refusing ${last.gate} gate, as gates[] carries them`,
    });
}
