// Models: the provider registry, the offline heuristic model, pricing and tape usage.
export {
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_OPENAI_MODEL,
  type DefaultModels,
  defaultModels,
} from './defaults.js';
export {
  type CallErrorContext,
  type ModelCallCode,
  type ModelCallDetails,
  ModelCallError,
  type ModelConfigCode,
  ModelConfigError,
  scrubSecrets,
  toModelCallError,
} from './errors.js';
export { DEFAULT_RETRY, GuardedModel, type RetryPolicy } from './guarded.js';
export { evaluateArithmetic } from './heuristic/arithmetic.js';
export { estimateTokens, HEURISTIC_MODEL_ID, HeuristicModel } from './heuristic/model.js';
export { findPlan, type PlanStep, resolvePointer } from './heuristic/plan.js';
export { MAX_LEXICAL_CALLS, UNKNOWN } from './heuristic/policy.js';
export { type ModelPrice, PRICE_TABLE, type PriceTable, priceFor } from './prices.js';
export { ENV, type Env, type ResolvedModel, type ResolveOptions, resolveModel } from './registry.js';
export { isPinnedModel, type ModelSpec, PROVIDERS, type ProviderName, parseModelSpec } from './spec.js';
export { type TapeUsage, toTapeUsage } from './usage.js';
