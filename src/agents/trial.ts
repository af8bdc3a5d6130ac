import type { ToolCallOutcome as WireOutcome } from '../connect/session.js';
import type { ToolCallOutcome as SuiteOutcome } from '../suite/surface.js';
import { verifyCorrId } from '../tape/corr-id.js';
import { planDrift } from './drift.js';
import { checkAnswer, randomArgsApplicable, reachedKeyThroughServer } from './evaluate.js';
import { plannedArguments } from './handles.js';
import { type AgentRun, runAgent } from './loop.js';
import { phaseHasTools, phaseNeedsServer, phasePrompt } from './prompts.js';
import { type ToolContext, toolSet, withToolContext } from './tools.js';
import type {
  AgentModel,
  OracleError,
  SurfaceTools,
  ToolSession,
  TrialLimits,
  TrialResult,
  TrialSpec,
  TurnSink,
} from './types.js';

/** A session a trial owns: closed when the trial ends (a fresh server process for stdio targets). */
export interface TrialSession extends ToolSession {
  close(): Promise<void>;
}

export interface TrialDeps {
  model: AgentModel;
  /** The tools the loop is offered (destructive ones already removed unless allowed). */
  tools: SurfaceTools;
  /** Opens a session for one trial; throws a one-line fault when the target cannot be reached. */
  openSession: (corrId: string) => Promise<TrialSession>;
  limits: TrialLimits;
  seed: number;
  sink?: TurnSink;
  runSignal?: AbortSignal;
}

/** Does this trial open a session (a server process, over stdio)? */
export function needsSession(spec: TrialSpec): boolean {
  return phaseNeedsServer(spec.phase) || spec.task.check.kind === 'state';
}

function suiteOutcome(outcome: WireOutcome): SuiteOutcome {
  if (outcome.kind === 'result') return { kind: 'result', result: outcome.result };
  if (outcome.kind === 'rpc-error') return { kind: 'error', message: outcome.message, code: outcome.code };
  if (outcome.kind === 'timeout')
    return { kind: 'error', message: `no response within ${outcome.timeoutMs} ms` };
  return { kind: 'error', message: outcome.message };
}

async function verify(spec: TrialSpec, session: TrialSession | undefined, deps: TrialDeps) {
  const check = spec.task.check;
  if (check.kind !== 'state' || session === undefined) return undefined;
  const outcome = await session.callTool(check.call.tool, check.call.arguments, {
    corrId: verifyCorrId(spec.corrId),
    timeoutMs: deps.limits.callTimeoutMs,
  });
  return suiteOutcome(outcome);
}

/**
 * One trial of one task in one phase: a session when the phase reaches the server, the agent loop,
 * the state verification when the check needs one, and the verdicts. Never throws for server or
 * model behaviour: those are the trial's data.
 */
export async function runTrial(spec: TrialSpec, deps: TrialDeps): Promise<TrialResult> {
  const started = Date.now();
  const timeSignal = AbortSignal.timeout(deps.limits.trialTimeoutMs);
  const signal = AbortSignal.any([timeSignal, ...(deps.runSignal ? [deps.runSignal] : [])]);
  let session: TrialSession | undefined;
  let connectError: OracleError | undefined;
  let serverWaitMs: number | undefined;
  if (needsSession(spec)) {
    const asked = performance.now();
    try {
      session = await deps.openSession(spec.corrId);
    } catch (err) {
      connectError = { kind: 'connect', message: err instanceof Error ? err.message : String(err) };
    }
    serverWaitMs = Math.round(performance.now() - asked);
  }
  try {
    const ctx: ToolContext = {
      phase: spec.phase,
      corrId: spec.corrId,
      ...(session ? { session } : {}),
      seed: deps.seed,
      callTimeoutMs: deps.limits.callTimeoutMs,
      signal,
      calls: [],
      oracle: {},
      ...(spec.phase === 'null-random-args' ? { planned: plannedArguments(spec.task) } : {}),
    };
    const usable = connectError === undefined || !phaseNeedsServer(spec.phase);
    const { system, prompt } = phasePrompt(spec.task, spec.phase);
    const run: AgentRun = usable
      ? await withToolContext(ctx, () =>
          runAgent({
            model: deps.model,
            system,
            prompt,
            ...(phaseHasTools(spec.phase) ? { tools: toolSet(deps.tools) } : {}),
            limits: deps.limits,
            ...(deps.runSignal ? { runSignal: deps.runSignal } : {}),
            timeSignal,
            ...(deps.sink ? { sink: deps.sink } : {}),
            corrId: spec.corrId,
          }),
        )
      : { text: '', steps: 0, usage: [], abandoned: false };
    const verification = run.abandoned ? undefined : await verify(spec, session, deps);
    const check = checkAnswer(spec.task, run.text, verification);
    const oracleError: OracleError | undefined =
      connectError ??
      ctx.oracle.error ??
      (run.modelError ? { kind: 'model', message: run.modelError.message } : undefined);
    const exhausted = run.exhausted;
    const cleanCalls = ctx.calls.every((c) => c.failure === undefined);
    const result: TrialResult = {
      taskId: spec.task.id,
      phase: spec.phase,
      rep: spec.rep,
      corrId: spec.corrId,
      answer: run.text,
      checkPassed: check.pass,
      checkDetail: check.detail,
      firstTry: check.pass && cleanCalls && exhausted === undefined && oracleError === undefined,
      ...(exhausted ? { exhausted } : {}),
      ...(oracleError ? { oracleError } : {}),
      ...(run.modelError ? { modelError: run.modelError } : {}),
      ...(run.abandoned ? { abandoned: true } : {}),
      toolCalls: ctx.calls,
      ...(run.answerLine === undefined ? {} : { answerLine: run.answerLine }),
      usage: run.usage,
      steps: run.steps,
      durationMs: Date.now() - started,
      ...(serverWaitMs === undefined ? {} : { serverWaitMs }),
    };
    if (spec.phase === 'construct')
      result.constructPassed = check.pass && reachedKeyThroughServer(spec.task, ctx.calls);
    if (spec.phase === 'construct' || spec.phase === 'drive') {
      const changed = planDrift(spec.task, ctx.calls);
      if (changed !== undefined) result.stateChanged = changed;
    }
    if (spec.phase === 'null-random-args') result.nullApplicable = randomArgsApplicable(spec.task, ctx.calls);
    return result;
  } finally {
    await session?.close().catch(() => {});
  }
}
