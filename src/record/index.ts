// The run record: zod schemas (the single source of truth), migrations, read/write, and the pure
// builders the pipeline calls so that no number is computed outside src/record or src/stats.

export { NullPhase } from '../tape/phases.js';
export { buildCost, noCost } from './build-cost.js';
export { buildScore, TrialOutcome } from './build-score.js';
export { decidingInterval } from './clustered.js';
export { GateClustered } from './clustered-gate.js';
export { isRecorded, StoredInterval } from './common.js';
export { CostBlock, RoleCost } from './cost.js';
export { ExplorationLedger, ExplorationTool } from './exploration.js';
export { ExtensionPolicy, policyRecorded } from './extension.js';
export {
  AnswerLeakGate,
  ConstructGate,
  GateRecord,
  NullBaselineGate,
  NullRate,
  PlanPowerGate,
  StructuralGate,
  SuiteSizeGate,
} from './gate.js';
export { generatorChip } from './identity.js';
export { parseRecord, readRecord, serializeRecord } from './io.js';
export { standingNoteSummary } from './notes.js';
export { decisionPoint } from './outcome.js';
export { PreRegistration, preregSha256, serializePrereg } from './prereg.js';
export { UsageRow } from './pricing.js';
export { ProbeResult } from './probe.js';
export { carriesNumbers, decidingNumbers, refusalMatchesGate, refusalOf } from './refusal.js';
export { RunRecord } from './run.js';
export { makeRunId } from './run-id.js';
export { noTaskCompleted, ScoreBlock, ToolAttribution } from './score.js';
export { buildSuiteSummary } from './suite-summary.js';
