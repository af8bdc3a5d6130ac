import { z } from 'zod';

/** What a run published: a score, a refusal naming its family, or a void run. */
export const Outcome = z.enum([
  'SCORED',
  'INSUFFICIENT_SURFACE',
  'DEGENERATE',
  'GATE_FAILED',
  'INDETERMINATE',
  'EXTEND_EXHAUSTED',
  'COMPROMISED',
  'VOID',
]);
export type Outcome = z.infer<typeof Outcome>;

/** Outcomes that are refusals: a named gate stopped the run. */
export const RefusalOutcome = Outcome.exclude(['SCORED', 'VOID']);
export type RefusalOutcome = z.infer<typeof RefusalOutcome>;

export const GateId = z.enum([
  'structural',
  'answer_leak',
  'suite_size',
  'plan_power',
  'null_baseline',
  'construct',
]);
export type GateId = z.infer<typeof GateId>;

/** Where the null gate's signal S came from at each of its three decision points. */
export const SignalSource = z.enum(['ceiling', 'reference', 'first_try']);
export type SignalSource = z.infer<typeof SignalSource>;

export const RateVerdict = z.enum(['PASS', 'FAIL', 'EXTEND']);
export type RateVerdict = z.infer<typeof RateVerdict>;
export const CheckVerdict = z.enum(['PASS', 'FAIL']);
export type CheckVerdict = z.infer<typeof CheckVerdict>;
export const NullVerdict = z.enum(['PROCEED', 'KILL', 'INDETERMINATE']);
export type NullVerdict = z.infer<typeof NullVerdict>;

export const StructuralReason = z.enum([
  'no_surface',
  'invalid_schemas',
  'no_explorable_tools',
  'no_usable_results',
  'empty_data',
  'no_candidates',
  'admission_rate_below_floor',
  'answers_unstable',
  'registered_task_invalid',
]);
export const AnswerLeakReason = z.enum(['answer_in_prompt']);
export const SuiteSizeReason = z.enum([
  'below_minimum_suite_size',
  'all_candidates_null_answerable',
  'registration_below_minimum',
]);
/** plan_power never refuses: its reason is a recorded finding about the registration. */
export const PlanPowerReason = z.enum(['underpowered_registration']);
export const NullBaselineReason = z.enum(['no_measurements', 'degenerate_no_signal', 'noise_exceeds_signal']);
export const ConstructReason = z.enum([
  'compromised_oracle_errors',
  'reference_rate_below_threshold',
  'downgraded_underpowered',
  'unresolved_after_max_extensions',
  'extend_exhausted_zero_policy',
  'reference_out_of_budget',
  /**
   * Written before the extension protocol existed (v1), and kept as written: the record carries a
   * zero policy and nothing else about the protocol, so the page explains it from those fields.
   * No current run records it.
   */
  'extend_exhausted',
]);

export type StructuralReason = z.infer<typeof StructuralReason>;
export type AnswerLeakReason = z.infer<typeof AnswerLeakReason>;
export type SuiteSizeReason = z.infer<typeof SuiteSizeReason>;
export type PlanPowerReason = z.infer<typeof PlanPowerReason>;
export type NullBaselineReason = z.infer<typeof NullBaselineReason>;
export type ConstructReason = z.infer<typeof ConstructReason>;

export const GateReason = z.enum([
  ...StructuralReason.options,
  ...AnswerLeakReason.options,
  ...SuiteSizeReason.options,
  ...PlanPowerReason.options,
  ...NullBaselineReason.options,
  ...ConstructReason.options,
]);
export type GateReason = z.infer<typeof GateReason>;

/**
 * The outcome each reason refuses with. `null` marks reasons that are recorded without refusing:
 * an underpowered registration, and a PASS downgraded to EXTEND (which buys a batch, or resolves
 * through one of the extension reasons).
 */
export const REASON_OUTCOME: Readonly<Record<GateReason, RefusalOutcome | null>> = {
  no_surface: 'INSUFFICIENT_SURFACE',
  // It listed tools, but every one was malformed: a true statement about the server's surface.
  invalid_schemas: 'INSUFFICIENT_SURFACE',
  // Nothing was read-only by declaration, assertion or inference: the run could not measure, which
  // says nothing about how much surface the server has.
  no_explorable_tools: 'INDETERMINATE',
  // Every exploration call failed: with only generated arguments (no given context), nothing was
  // learnt about the server's answers, so nothing can be said about its surface either.
  no_usable_results: 'INDETERMINATE',
  // Every answer said the server holds nothing: its data is empty, which says nothing of its surface.
  empty_data: 'INDETERMINATE',
  no_candidates: 'INSUFFICIENT_SURFACE',
  admission_rate_below_floor: 'INSUFFICIENT_SURFACE',
  // Most candidates failed admission because one read-only call answered differently when made again
  // (in a fresh process): no task can be graded against a fixed key. A validity failure, not a thin surface.
  answers_unstable: 'GATE_FAILED',
  registered_task_invalid: 'GATE_FAILED',
  answer_in_prompt: 'GATE_FAILED',
  below_minimum_suite_size: 'INSUFFICIENT_SURFACE',
  all_candidates_null_answerable: 'DEGENERATE',
  // The user registered fewer tasks than the minimum: the run's choice, not the server's surface.
  registration_below_minimum: 'INDETERMINATE',
  underpowered_registration: null,
  no_measurements: 'INDETERMINATE',
  degenerate_no_signal: 'INDETERMINATE',
  noise_exceeds_signal: 'DEGENERATE',
  compromised_oracle_errors: 'COMPROMISED',
  reference_rate_below_threshold: 'GATE_FAILED',
  downgraded_underpowered: null,
  unresolved_after_max_extensions: 'GATE_FAILED',
  extend_exhausted_zero_policy: 'EXTEND_EXHAUSTED',
  // The reference's failures that decided the refusal ended on a per-trial limit the registration set:
  // with a larger budget the verdict might differ, so the run says nothing about the server.
  reference_out_of_budget: 'INDETERMINATE',
  extend_exhausted: 'EXTEND_EXHAUSTED',
};

/**
 * Why a run is VOID: it did not complete its registered size. `target_died`: the server exited or
 * stopped answering; `timeout`: its calls went unanswered past their deadline; `transport_error`:
 * it sent frames the transport refuses (over the size or depth limit) or broke the connection;
 * `budget_exhausted`: the pre-registered wall-clock budget ran out; `state_changed`: a call sent with
 * the arguments admission bound no longer answered what admission read from it, so the server's data
 * changed under the measurement (it still did when asked again in a fresh process); `answers_differ`:
 * such a call answered otherwise in one trial's process but as admission read it when asked again,
 * so the server's processes disagree when several run side by side (one at a time measures it), or
 * a fresh process answers otherwise until it has loaded its data;
 * `unreachable`: the target was never reached (nothing listening at
 * the URL, a command that does not exist or cannot start, a server that exited before the
 * handshake): no server answered, so the run says nothing about one; `budget_cap` is kept for
 * records that predate it.
 */
export const VoidReason = z.enum([
  'aborted',
  'crashed',
  'unreachable',
  'target_died',
  'timeout',
  'transport_error',
  'budget_exhausted',
  'budget_cap',
  'state_changed',
  'answers_differ',
]);
export type VoidReason = z.infer<typeof VoidReason>;

/** The eight decision points, in the only order a run may record them. */
export const DECISION_ORDER = [
  'structural',
  'answer_leak',
  'suite_size',
  'plan_power',
  'null_baseline:ceiling',
  'construct',
  'null_baseline:reference',
  'null_baseline:first_try',
] as const;
export type DecisionPoint = (typeof DECISION_ORDER)[number];

export function decisionPoint(record: { gate: GateId; signalSource?: SignalSource }): DecisionPoint {
  if (record.gate === 'null_baseline') return `null_baseline:${record.signalSource ?? 'ceiling'}`;
  return record.gate;
}

export function decisionIndex(record: { gate: GateId; signalSource?: SignalSource }): number {
  return DECISION_ORDER.indexOf(decisionPoint(record));
}
