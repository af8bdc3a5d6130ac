// Gate decisions: pure functions over counts, each returning a typed gate record (src/record) with
// an explain sentence built from its own numbers. Statistics come from src/stats; I/O lives in the
// pipeline that runs these.

export { findLeak, keyPhrases, type LeakHit, squash } from '../core/leak.js';
export { answerLeakGate, type LeakScanTask } from './answer-leak.js';
export { type ConstructInput, constructGate } from './construct.js';
export { constructStep, type StepDecision } from './construct-step.js';
export { GateInputError } from './errors.js';
export { type ExtensionDecision, type ExtensionState, resolveExtension } from './extension.js';
export { type LadderResult, ladder, outcomeOf, type RunEnding } from './ladder.js';
export {
  NULL_PHASES,
  type NullBaselineInput,
  nullBaselineGate,
  type PhaseCounts,
  type Signal,
} from './null-baseline.js';
export { type PlanPowerInput, planPowerGate, type RateParams } from './plan-power.js';
export { type StructuralInput, structuralGate } from './structural.js';
export { type SuiteSizeInput, suiteSizeGate } from './suite-size.js';
