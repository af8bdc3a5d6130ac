// The run record: zod schemas (the single source of truth), migrations, read/write, and the pure
// builders the pipeline calls so that no number is computed outside src/record or src/stats.

export { canonicalJson, sha256Hex } from '../core/canonical.js';
export { formatIssue, formatPath, summarize } from '../core/issues.js';
export { buildCost, type CostOptions, noCost } from './build-cost.js';
export {
  buildScore,
  firstTrySuccess,
  type ScoreOptions,
  ToolCallOutcome,
  TrialOutcome,
} from './build-score.js';
export {
  Amount,
  Count,
  Counts,
  IsoTime,
  isRecorded,
  NotRecorded,
  notRecorded,
  OpenUnit,
  PositiveCount,
  Sha256,
  StoredInterval,
  Threshold,
  Unit,
} from './common.js';
export {
  CostBlock,
  CostBreakdown,
  CostReason,
  CostReasonCode,
  ModelCost,
  PriceTableRef,
  RoleCost,
  TokenUse,
  UsageRole,
} from './cost.js';
export {
  ExplorationBasis,
  ExplorationLedger,
  ExplorationTool,
  explorableCount,
} from './exploration.js';
export {
  BatchStep,
  ConstructExtension,
  ExtensionLedger,
  ExtensionPolicy,
  PolicyNotRecorded,
  Pool,
  policyRecorded,
  RegisteredPolicy,
  RegisteredStep,
} from './extension.js';
export {
  Finding,
  FindingKind,
  FindingsBlock,
  ParameterProposal,
  Proposal,
  ProposalSource,
} from './findings.js';
export {
  AnswerLeakGate,
  ConstructGate,
  GateRecord,
  LeakFinding,
  NullBaselineGate,
  NullPhase,
  NullRate,
  PlanPowerGate,
  StructuralGate,
  SuiteSizeGate,
  WireEvidence,
} from './gate.js';
export { generatorChip, Identity, makeRunId, RunId, ScreenField, ServerSlug, Target } from './identity.js';
export {
  parseRecord,
  RecordInvalidError,
  RecordIoError,
  RecordVersionError,
  readRecord,
  serializeRecord,
  type WriteOptions,
  writeRecord,
} from './io.js';
export { LIMITATIONS, migrateV1 } from './migrate.js';
export { Note, Notes, standingNoteSummary } from './notes.js';
export {
  AnswerLeakReason,
  CheckVerdict,
  ConstructReason,
  CostTier,
  DECISION_ORDER,
  type DecisionPoint,
  decisionIndex,
  decisionPoint,
  GATE_TIER,
  GateId,
  GateReason,
  NullBaselineReason,
  NullVerdict,
  Outcome,
  PlanPowerReason,
  RateVerdict,
  REASON_OUTCOME,
  RefusalOutcome,
  SignalSource,
  StructuralReason,
  SuiteSizeReason,
  VoidReason,
} from './outcome.js';
export {
  AgentLimits,
  ConstructParams,
  Credential,
  describeExtensionProtocol,
  ExtensionProtocol,
  Generator,
  GeneratorField,
  ModelId,
  NullParams,
  PREREG_DEFAULTS,
  PreRegistration,
  PreregRef,
  preregSha256,
  RecordedRegistration,
  ScreenConfig,
  serializePrereg,
} from './prereg.js';
export { CallUsage, ModelPrice, PriceTable, type PriceTableInput, priceTokens, UsageRow } from './pricing.js';
export { ProbeResult, REFS_PER_KIND, TapeRef } from './probe.js';
export { proportion } from './proportion.js';
export {
  carriesNumbers,
  decidingNumbers,
  REFUSAL_FIELDS,
  Refusal,
  refusalMatchesGate,
  refusalOf,
} from './refusal.js';
export { KNOWN_SCHEMAS, RunRecord, SCHEMA_V1, SCHEMA_V2 } from './run.js';
export { RunRecordV1 } from './run-v1.js';
export {
  FailureClass,
  PerCompletedTask,
  ScoreBlock,
  TaskScore,
  TokenTotals,
  ToolAttribution,
} from './score.js';
export { Fingerprint, Signer } from './signer.js';
export {
  AdmissionRule,
  buildSuiteSummary,
  Rejected,
  Rejection,
  ScreenDeletion,
  SuiteSummary,
  type SuiteSummaryInput,
  Trimmed,
} from './suite-summary.js';
export { FileDigest, Surface } from './surface.js';
export { Phase, VoidDetails } from './void.js';
