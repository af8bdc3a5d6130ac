// The one agent loop and its phase variants (DESIGN.md §6).
export { carriesKey, checkAnswer, reachedKeyThroughServer } from './evaluate.js';
export { type AgentRun, type AgentRunInput, runAgent } from './loop.js';
export { mapLimit } from './pool.js';
export { phaseHasTools, phaseNeedsServer, phasePrompt, trialCorrId } from './prompts.js';
export { randomArguments } from './random-args.js';
export { type ScreenCalls, type ScreenDeps, screenCandidates } from './screen.js';
export { EMPTY_RESULT, type ToolContext, toolSet, withToolContext } from './tools.js';
export { runTrial, type TrialDeps, type TrialSession } from './trial.js';
export type {
  AgentModel,
  Exhaustion,
  OracleError,
  Phase,
  ToolCallRecord,
  ToolSession,
  TrialLimits,
  TrialResult,
  TrialSpec,
  TurnSink,
} from './types.js';
