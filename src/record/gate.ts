import { z } from 'zod';
import { NullPhase } from '../tape/phases.js';
import { GateClustered, perTaskAgrees, TaskCount } from './clustered-gate.js';
import { Count, NonEmpty, OpenUnit, PositiveCount, StoredInterval, Threshold, Unit } from './common.js';
import { ConstructCurtailed, NullCurtailed } from './curtail.js';
import { ConstructExtension } from './extension.js';
import {
  AnswerLeakInput,
  ConstructInput,
  ExplorationFigures,
  NullBaselineInput,
  PlanPowerInput,
  StructuralInput,
  SuiteSizeInput,
} from './gate-input.js';
import {
  AnswerLeakReason,
  CheckVerdict,
  ConstructReason,
  NullBaselineReason,
  NullVerdict,
  PlanPowerReason,
  RateVerdict,
  REASON_OUTCOME,
  RefusalOutcome,
  SignalSource,
  StructuralReason,
  SuiteSizeReason,
} from './outcome.js';
import { PlanEffective } from './plan-effective.js';
import { REFS_PER_KIND, TapeRef } from './probe.js';
import { WireEvidence } from './wire-evidence.js';

/** Fields every gate record carries. `outcome` is present exactly when this decision refuses the run. */
const common = {
  outcome: RefusalOutcome.optional(),
  /** One sentence generated from this record's own numbers. */
  explain: NonEmpty,
};

/** The input the gate function was called with (gate-input.ts); absent on records written before it was stored. */
const stored = <S extends z.ZodType>(input: S) => ({ input: input.optional() });

type Checked = { reason?: keyof typeof REASON_OUTCOME; outcome?: RefusalOutcome };

export function outcomeMatchesReason(record: Checked, ctx: z.RefinementCtx): void {
  const expected = record.reason === undefined ? null : REASON_OUTCOME[record.reason];
  const got = record.outcome ?? null;
  if (expected !== got) {
    ctx.addIssue({
      code: 'custom',
      path: ['outcome'],
      message: `reason ${record.reason ?? '(none)'} implies outcome ${expected ?? '(none)'}, got ${got ?? '(none)'}`,
    });
  }
}

export const StructuralGate = z
  .looseObject({
    gate: z.literal('structural'),
    tier: z.literal('free'),
    verdict: CheckVerdict,
    reason: StructuralReason.optional(),
    surfaceListed: z.boolean(),
    toolCount: Count,
    /** Entries tools/list returned, before malformed ones were left out (absent on older records). */
    listedTools: Count.optional(),
    /** Of the rejected candidates, those rejected as key-unstable (absent on older records). */
    unstable: Count.optional(),
    candidates: Count,
    admitted: Count,
    /** (candidates − rejected by admission) / candidates; absent when there were no candidates. */
    admissionRate: Unit.optional(),
    minAdmissionRate: Threshold,
    registered: Count,
    invalidTasks: z.array(z.looseObject({ taskId: NonEmpty, detail: NonEmpty })),
    /** explore/2 only: what the exploration ledger says, so a no-candidate refusal is explained by it. */
    exploration: z.looseObject(ExplorationFigures.shape).optional(),
    ...stored(StructuralInput),
    ...common,
  })
  .superRefine(outcomeMatchesReason);

export const LeakFinding = z.looseObject({ taskId: NonEmpty, phrase: NonEmpty, where: NonEmpty });
export type LeakFinding = z.infer<typeof LeakFinding>;

export const AnswerLeakGate = z
  .looseObject({
    gate: z.literal('answer_leak'),
    tier: z.literal('free'),
    verdict: CheckVerdict,
    reason: AnswerLeakReason.optional(),
    scanned: Count,
    leaks: z.array(LeakFinding),
    ...stored(AnswerLeakInput),
    ...common,
  })
  .superRefine(outcomeMatchesReason);

export const SuiteSizeGate = z
  .looseObject({
    gate: z.literal('suite_size'),
    tier: z.literal('free'),
    verdict: CheckVerdict,
    reason: SuiteSizeReason.optional(),
    registered: Count,
    minTasks: PositiveCount,
    deletedByScreen: Count,
    /** The suite size the run registered (`--tasks`); absent on records written before it was kept. */
    requestedTasks: PositiveCount.optional(),
    ...stored(SuiteSizeInput),
    ...common,
  })
  .superRefine(outcomeMatchesReason);

/** The design's power numbers for this registration. Never refuses; an underpowered one is recorded. */
export const PlanPowerGate = z
  .looseObject({
    gate: z.literal('plan_power'),
    tier: z.literal('free'),
    verdict: z.literal('PASS'),
    reason: PlanPowerReason.optional(),
    threshold: Threshold,
    alpha: OpenUnit,
    detectableRate: OpenUnit,
    plannedPower: OpenUnit,
    /** Smallest n reaching the planned power (src/stats planSampleSize). */
    requiredN: PositiveCount,
    registeredTrials: Count,
    achievedPower: Unit,
    /** Trials after the last registered extension. */
    maxTrials: Count,
    achievedPowerAtMax: Unit,
    /** Whether a perfect reference run could publish PASS at the registered size / at the last extension. */
    perfectPassAtRegistered: z.boolean(),
    perfectPassAtMax: z.boolean(),
    /** The effective sample planned for; absent on a record planned before the design effect was stated. */
    effective: PlanEffective.optional(),
    ...stored(PlanPowerInput),
    ...common,
  })
  .superRefine(outcomeMatchesReason);

export const NullRate = z
  .looseObject({
    k: Count,
    /** Applicable trials (null-random-args: the randomised call differed from the agent's own). */
    n: PositiveCount,
    rate: Unit,
    /** null-random-args: trials that measured the real call (absent on records written before the rule). */
    notApplicable: Count.optional(),
    /** Agent-plane lines of the answers that passed the check (the first REFS_PER_KIND of k). */
    tapeRefs: z.array(TapeRef).max(REFS_PER_KIND).optional(),
    /** Plain Wilson 95% over the trials, beside `clustered`; both absent on records made before them. */
    wilson: StoredInterval.optional(),
    perTask: z.array(TaskCount).optional(),
    clustered: GateClustered.optional(),
  })
  .refine((r) => r.k <= r.n, { message: 'k must not exceed n', path: ['k'] })
  .superRefine(perTaskAgrees);
export type NullRate = z.infer<typeof NullRate>;

export const NullBaselineGate = z
  .looseObject({
    gate: z.literal('null_baseline'),
    tier: z.literal('cheap'),
    verdict: NullVerdict,
    reason: NullBaselineReason.optional(),
    signalSource: SignalSource,
    /** S; absent (with reason no_measurements) when the signal was not measured. */
    signal: Unit.optional(),
    /** The k/n behind a measured S (absent for the ceiling, and on records written before it was kept). */
    signalCounts: z.looseObject({ k: Count, n: Count }).optional(),
    ratio: Threshold,
    percentile: z.number().gt(0).max(100),
    nullRates: z.partialRecord(NullPhase, NullRate),
    /** Phases that ran but had no applicable trial: not measured, never a rate of 0. */
    notMeasured: z.partialRecord(NullPhase, z.looseObject({ notApplicable: PositiveCount })).optional(),
    /** Nearest-rank percentile of the three null rates; absent when any phase is missing. */
    tNull: Unit.optional(),
    /** ratio · S, the line T_null must stay below. */
    cutoff: Unit.optional(),
    /** Null phases stopped early because no remaining outcome could change the KILL (absent: none). */
    curtailed: NullCurtailed.optional(),
    ...stored(NullBaselineInput),
    ...common,
  })
  .superRefine(outcomeMatchesReason);

/** Construct fields shared by every schema version; v1 lacked the extension block. */
export const constructFields = {
  gate: z.literal('construct'),
  tier: z.literal('paid'),
  verdict: RateVerdict,
  /** The pooled sample the final verdict was decided on. */
  k: Count,
  n: Count,
  errors: Count,
  /** errors / (n + errors), compared against compromisedErrorShare before any verdict. */
  errorShare: Unit,
  compromisedErrorShare: OpenUnit,
  threshold: Threshold,
  alpha: OpenUnit,
  detectableRate: OpenUnit,
  plannedPower: OpenUnit,
  requiredN: PositiveCount,
  /** The statistics below are absent when no trial completed (n = 0). */
  rate: Unit.optional(),
  pValue: Unit.optional(),
  wilson: StoredInterval.optional(),
  achievedPower: Unit.optional(),
  rawVerdict: RateVerdict.optional(),
  downgraded: z.boolean().optional(),
  wire: WireEvidence.optional(),
  ...common,
};

export function kWithinN(g: { k: number; n: number }, ctx: z.RefinementCtx): void {
  if (g.k > g.n) ctx.addIssue({ code: 'custom', path: ['k'], message: `k ${g.k} must not exceed n ${g.n}` });
}

export const ConstructGate = z
  .looseObject({
    ...constructFields,
    reason: ConstructReason.optional(),
    extension: ConstructExtension,
    /** The last step stopped early because no remaining outcome could change the refusal. */
    curtailed: ConstructCurtailed.optional(),
    /** The final pool per task (m: completed trials) and its clustered interval (absent on older records). */
    perTask: z.array(TaskCount).optional(),
    clustered: GateClustered.optional(),
    ...stored(ConstructInput),
  })
  .superRefine(kWithinN)
  .superRefine(perTaskAgrees)
  .superRefine(outcomeMatchesReason);

export const GateRecord = z.discriminatedUnion('gate', [
  StructuralGate,
  AnswerLeakGate,
  SuiteSizeGate,
  PlanPowerGate,
  NullBaselineGate,
  ConstructGate,
]);
export type GateRecord = z.infer<typeof GateRecord>;
export type StructuralGate = z.infer<typeof StructuralGate>;
export type AnswerLeakGate = z.infer<typeof AnswerLeakGate>;
export type SuiteSizeGate = z.infer<typeof SuiteSizeGate>;
export type PlanPowerGate = z.infer<typeof PlanPowerGate>;
export type NullBaselineGate = z.infer<typeof NullBaselineGate>;
export type ConstructGate = z.infer<typeof ConstructGate>;
