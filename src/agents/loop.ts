import { generateText, type StepResult, type StopCondition, stepCountIs, type ToolSet } from 'ai';
import { FitnessError } from '../core/errors.js';
import type { CallUsage } from '../record/pricing.js';
import { CACHED_PREFIX } from './cache.js';
import { assistantBlocks, callUsage, toolResultBlocks, turnUsage } from './turns.js';
import type { AgentModel, Exhaustion, TrialLimits, TurnSink } from './types.js';

export interface AgentRunInput {
  model: AgentModel;
  system: string;
  prompt: string;
  /** Absent (or empty) for the phases that get no tools. */
  tools?: ToolSet;
  limits: Pick<TrialLimits, 'maxSteps' | 'maxOutputTokens' | 'tokenBudgetPerTrial'>;
  /** The run's abort (Ctrl-C, target died): the trial is then abandoned, not exhausted. */
  runSignal?: AbortSignal;
  /** The trial's wall-time limit. */
  timeSignal?: AbortSignal;
  sink?: TurnSink;
  corrId: string;
}

export interface AgentRun {
  text: string;
  steps: number;
  /** One row per model call, including a call that threw. */
  usage: CallUsage[];
  exhausted?: Exhaustion;
  modelError?: { code: string; message: string };
  /** The run was aborted under the trial. */
  abandoned: boolean;
  /** The sink's line of the last assistant turn (the answer the check reads), when one was written. */
  answerLine?: number;
}

function tokensOf(steps: readonly StepResult<ToolSet>[]): number {
  let total = 0;
  for (const s of steps) total += (s.usage.inputTokens ?? 0) + (s.usage.outputTokens ?? 0);
  return total;
}

function budgetReached(budget: number): StopCondition<ToolSet> {
  return ({ steps }) => tokensOf(steps) >= budget;
}

/** Which limit, if any, ended a loop that returned normally. */
function exhaustionOf(steps: readonly StepResult<ToolSet>[], input: AgentRunInput): Exhaustion | undefined {
  const last = steps.at(-1);
  if (last === undefined) return undefined;
  if (last.finishReason === 'length') return 'output_tokens';
  if (last.finishReason !== 'tool-calls') return undefined;
  if (tokensOf(steps) >= input.limits.tokenBudgetPerTrial) return 'token_budget';
  return steps.length >= input.limits.maxSteps ? 'steps' : undefined;
}

function errorOf(err: unknown): { code: string; message: string } {
  const message = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim();
  return { code: err instanceof FitnessError ? err.code : 'MODEL_CALL_FAILED', message: message || 'failed' };
}

/**
 * The one agent loop every phase runs: AI SDK generateText with the phase's tools and a step limit,
 * a token-budget stop, a per-call output limit and the trial's wall-time signal. Each model step is
 * written to the sink as an assistant turn (usage normalised for the tape) followed by a user turn
 * carrying the tool results; a call that throws is an assistant turn with its error.
 */
export async function runAgent(input: AgentRunInput): Promise<AgentRun> {
  const { model, sink, corrId } = input;
  const usage: CallUsage[] = [];
  let stepStarted = Date.now();
  let steps = 0;
  let answerLine: number | undefined;
  sink?.turn({ role: 'system', blocks: [{ type: 'text', text: input.system }], corr_id: corrId });
  sink?.turn({ role: 'user', blocks: [{ type: 'text', text: input.prompt }], corr_id: corrId });
  const signals = [input.runSignal, input.timeSignal].filter((s): s is AbortSignal => s !== undefined);
  try {
    const result = await generateText({
      model: model.model,
      // The system prompt ends the cached prefix (see cache.ts).
      system: { role: 'system', content: input.system, providerOptions: CACHED_PREFIX },
      prompt: input.prompt,
      ...(input.tools && Object.keys(input.tools).length > 0 ? { tools: input.tools } : {}),
      stopWhen: [stepCountIs(input.limits.maxSteps), budgetReached(input.limits.tokenBudgetPerTrial)],
      maxOutputTokens: input.limits.maxOutputTokens,
      maxRetries: 0,
      ...(signals.length > 0 ? { abortSignal: AbortSignal.any(signals) } : {}),
      prepareStep: () => {
        stepStarted = Date.now();
        return undefined;
      },
      onStepFinish: (step) => {
        steps += 1;
        usage.push(callUsage(model, step.usage));
        answerLine = recordStep(sink, model, corrId, step, stepStarted) ?? answerLine;
      },
    });
    const exhausted = exhaustionOf(result.steps, input);
    return {
      text: result.text,
      steps,
      usage,
      ...(exhausted ? { exhausted } : {}),
      abandoned: false,
      ...(answerLine === undefined ? {} : { answerLine }),
    };
  } catch (err) {
    if (input.runSignal?.aborted) return { text: '', steps, usage, abandoned: true };
    if (input.timeSignal?.aborted) return { text: '', steps, usage, exhausted: 'time', abandoned: false };
    const modelError = errorOf(err);
    usage.push({ model: model.id, status: 'threw' });
    sink?.turn({
      role: 'assistant',
      blocks: [],
      corr_id: corrId,
      model: model.id,
      timing: timing(stepStarted),
      error: modelError,
    });
    return { text: '', steps, usage, modelError, abandoned: false };
  }
}

function timing(started: number): { startedAt: string; endedAt: string; latencyMs: number } {
  const ended = Date.now();
  return {
    startedAt: new Date(started).toISOString(),
    endedAt: new Date(ended).toISOString(),
    latencyMs: ended - started,
  };
}

function recordStep(
  sink: TurnSink | undefined,
  model: AgentModel,
  corrId: string,
  step: StepResult<ToolSet>,
  started: number,
): number | undefined {
  if (sink === undefined) return undefined;
  const u = turnUsage(model, step.usage);
  const line = sink.turn({
    role: 'assistant',
    blocks: assistantBlocks(step),
    corr_id: corrId,
    model: model.id,
    ...(u ? { usage: u } : {}),
    timing: timing(started),
  });
  const results = toolResultBlocks(step);
  if (results.length > 0) sink.turn({ role: 'user', blocks: results, corr_id: corrId });
  return line;
}
