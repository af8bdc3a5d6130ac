/** The task suite (DESIGN 5): generators, admission, screen, registration, checks. */
export { admitCandidates } from './admission/admit.js';
export { ArgumentValidator } from './admission/arguments.js';
export { contextHaystacks } from './admission/key-rules.js';
export type { AdmissionEntry, AdmissionOptions, Rejection, Verdict } from './admission/types.js';
export {
  bindCheck,
  type CheckInput,
  type CheckResult,
  evaluateAnswerCheck,
  evaluateCheck,
  MIN_LITERAL,
  permissiveProblem,
  referenceAnswer,
  staticCheckProblem,
} from './checks.js';
export {
  byAnnotations,
  DestructiveInference,
  safetyIndex,
  surfaceSafety,
  ToolSafety,
  toolSafety,
} from './destructive.js';
export {
  applyPolicy,
  DEFAULT_POLICY,
  type ExplorablePolicy,
  INFERENCE_RULE,
  inferredReadOnly,
  SafetyBasis,
} from './explorable.js';
export {
  EXPLORE_V2,
  type Explore2Options,
  type Explore2Result,
  ExploreTransportError,
  explore2,
} from './explore/explore2.js';
export { applyExtract, type Extracted, readResult } from './extract.js';
export { GivenValue } from './given.js';
export {
  JUDGE,
  JudgeCandidate,
  type JudgeOptions,
  JudgeOutput,
  type JudgeResult,
  judgeCandidates,
} from './judge.js';
export type { JudgeCall } from './judge-call.js';
export { type InferenceResult, inferDestructiveness } from './judge-safety.js';
export { containsNormalised, keyText, normaliseText } from './normalise.js';
export { type ExecutedStep, executePlan, type PlanOptions, type PlanRun } from './plan.js';
export { resolvePointer } from './pointer.js';
export { deriveSeed, mulberry32, shuffle } from './prng.js';
export {
  type ExtensionPlan,
  type Registration,
  type RegistrationOptions,
  register,
  reserveBatches,
  suiteHash,
  surfaceDigest,
} from './register.js';
export { type InvalidTask, leakScanTasks, revalidateTasks } from './revalidate.js';
export {
  AnswerCheck,
  Candidate,
  Check,
  Extract,
  Fate,
  FromHandle,
  Generator,
  generatorLabel,
  LedgerEntry,
  PlanStep,
  RejectionRule,
  StateCheck,
  Task,
} from './schema.js';
export {
  applyScreen,
  type ScreenAnswer,
  type ScreenCounts,
  type ScreenOutcome,
  type ScreenResult,
} from './screen.js';
export { candidatesAsked } from './sizing.js';
export {
  admittedTasks,
  assertFateInvariant,
  buildSuiteFile,
  countFates,
  FateCounts,
  GeneratorFault,
  ledgerRejections,
  SuiteFile,
  type SuiteFileInput,
  survivors,
} from './suite-file.js';
export {
  type DroppedTool,
  parseSurface,
  resultText,
  ToolAnnotations,
  type ToolCaller,
  type ToolCallOutcome,
  ToolDescriptor,
  ToolResult,
  ToolSurface,
} from './surface.js';
