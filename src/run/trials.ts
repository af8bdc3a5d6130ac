import { mapLimit } from '../agents/pool.js';
import { trialCorrId } from '../agents/prompts.js';
import { needsSession, runTrial, type TrialDeps, type TrialSession } from '../agents/trial.js';
import type { Phase, TrialResult, TrialSpec } from '../agents/types.js';
import { callContext } from '../connect/context.js';
import { ServerPool } from '../connect/server-pool.js';
import { openSession } from '../connect/session.js';
import { serverEnv } from '../connect/target.js';
import type { ModelCallCode } from '../models/errors.js';
import { firstTrySuccess } from '../record/build-score.js';
import type { Task } from '../suite/schema.js';
import { EventKind } from '../tape/schema.js';
import { checkStop, type RunState, RunStop } from './state.js';

/** Model faults no retry fixes: the run stops as VOID rather than counting them as trials. */
const FATAL_MODEL_CODES: ReadonlySet<string> = new Set<ModelCallCode>([
  'MODEL_UNREACHABLE',
  'MODEL_AUTH_FAILED',
  'MODEL_NOT_FOUND',
]);

export function failOnFatalModelFault(state: RunState, fault: { code: string; message: string }): void {
  if (!FATAL_MODEL_CODES.has(fault.code) || state.abort.signal.aborted) return;
  state.abort.abort(new RunStop('crashed', `${fault.code}: ${fault.message}`));
}

/**
 * A fresh session per trial (a fresh server process for stdio, from `pool` when there is one), its
 * handshake under the trial's corr id.
 */
function sessionOpener(state: RunState, pool?: ServerPool): (corrId: string) => Promise<TrialSession> {
  return (corrId) =>
    callContext
      .run({ corrId }, () =>
        openSession(state.config.target, {
          tape: state.tapes.wire,
          ...(state.prior ? { prior: state.prior } : {}),
          connectTimeoutMs: 30_000,
          requestTimeoutMs: state.config.callTimeoutMs,
          ...(pool ? { prestarted: () => pool.take() } : {}),
        }),
      )
      // The next trial's process starts once this one's handshake is over, on a later turn of the
      // event loop: its fork is that trial's start, not a wait of this one.
      .finally(() => {
        if (pool) setImmediate(() => pool.refill());
      });
}

/** Stdio targets with the pool on: the phase's server processes start ahead, at most `concurrency` idle. */
function phasePool(state: RunState, specs: readonly TrialSpec[]): ServerPool | undefined {
  const target = state.config.target;
  if (target.kind !== 'stdio' || !state.config.serverPool) return undefined;
  const demand = specs.filter(needsSession).length;
  if (demand === 0) return undefined;
  return new ServerPool(
    { argv: target.argv, env: serverEnv(target), cwd: target.cwd },
    { size: state.config.concurrency, demand },
  );
}

/** Is the target still there? One fresh session and a tools/list; concurrent askers share the answer. */
export async function targetAlive(state: RunState): Promise<boolean> {
  state.health ??= (async () => {
    try {
      const session = await callContext.run({ corrId: 'health' }, () =>
        openSession(state.config.target, {
          tape: state.tapes.wire,
          ...(state.prior ? { prior: state.prior } : {}),
          connectTimeoutMs: 10_000,
          requestTimeoutMs: 10_000,
        }),
      );
      try {
        await session.listTools({ corrId: 'health', timeoutMs: 10_000 });
        return true;
      } finally {
        await session.close();
      }
    } catch {
      return false;
    }
  })();
  try {
    return await state.health;
  } finally {
    state.health = undefined;
  }
}

/** How the trial ended, on the agent plane beside its turns: budget exhaustion is recorded here per trial. */
function recordTrialEnd(state: RunState, r: TrialResult): void {
  state.tapes.agent.event(
    EventKind.trial,
    {
      phase: r.phase,
      rep: r.rep,
      steps: r.steps,
      checkPassed: r.checkPassed,
      // What each count of the record takes from the trial, so verify can recount it from the tape.
      constructPassed: r.constructPassed ?? null,
      nullApplicable: r.nullApplicable ?? null,
      firstTry: firstTrySuccess({
        taskId: r.taskId,
        rep: r.rep,
        checkPassed: r.checkPassed,
        budgetExhausted: r.exhausted !== undefined,
        toolCalls: r.toolCalls.map((c) => ({ tool: c.tool, ...(c.failure ? { failure: c.failure } : {}) })),
        usage: r.usage,
      }),
      exhausted: r.exhausted ?? null,
      ...(r.oracleError ? { oracleError: r.oracleError.kind } : {}),
      ...(r.modelError ? { modelError: r.modelError.code } : {}),
      durationMs: r.durationMs,
      // Wall time the trial waited for its server (start and handshake); null when it opened none.
      serverWaitMs: r.serverWaitMs ?? null,
    },
    { corrId: r.corrId },
  );
}

async function afterTrial(state: RunState, result: TrialResult): Promise<void> {
  if (result.abandoned) return;
  recordTrialEnd(state, result);
  state.trials[result.phase] = (state.trials[result.phase] ?? 0) + 1;
  state.usage.push(...result.usage.map((u) => ({ ...u, role: 'runner' as const })));
  if (result.modelError) failOnFatalModelFault(state, result.modelError);
  const kind = result.oracleError?.kind;
  if ((kind === 'connect' || kind === 'transport') && !state.abort.signal.aborted) {
    if (!(await targetAlive(state))) {
      state.abort.abort(
        new RunStop('target_died', `the target stopped answering: ${result.oracleError?.message}`),
      );
    }
  }
}

/** The tools trials are offered: destructive ones only when the run allowed them. */
function trialTools(state: RunState) {
  const destructive = new Set((state.safety ?? []).filter((s) => s.destructive).map((s) => s.tool));
  const tools = state.tools?.tools ?? [];
  return state.config.allowDestructive ? tools : tools.filter((t) => !destructive.has(t.name));
}

/**
 * Every task of `tasks` at `reps` in one phase, `concurrency` at a time; throws the run's stop.
 * `curtail`, asked after each trial with the trials ended so far, stops further starts when it says
 * the decision can no longer change (trials already running finish and are kept).
 */
export async function runPhase(
  state: RunState,
  tasks: readonly Task[],
  phase: Phase,
  reps: number,
  curtail?: (ended: readonly TrialResult[], registered: number) => boolean,
): Promise<TrialResult[]> {
  const runner = state.runner;
  if (runner === undefined) throw new RunStop('crashed', 'no runner model');
  const specs: TrialSpec[] = tasks.flatMap((task) =>
    Array.from({ length: reps }, (_, i) => ({
      task,
      phase,
      rep: i + 1,
      corrId: trialCorrId(task.id, phase, i + 1, reps),
    })),
  );
  const pool = phasePool(state, specs);
  const deps: TrialDeps = {
    model: runner,
    tools: trialTools(state),
    openSession: sessionOpener(state, pool),
    limits: { ...state.config.agentLimits, callTimeoutMs: state.config.callTimeoutMs },
    seed: state.config.seed,
    sink: state.tapes.agent,
    runSignal: state.abort.signal,
  };
  let done = 0;
  const ended: TrialResult[] = [];
  let stopped = false;
  const results = await mapLimit(
    specs,
    state.config.concurrency,
    async (spec) => {
      const result = await runTrial(spec, deps);
      await afterTrial(state, result);
      if (!result.abandoned) ended.push(result);
      if (!stopped && curtail?.(ended, specs.length) === true) {
        stopped = true;
        state.progress(`${phase}: curtailed at ${ended.length} of ${specs.length} trials`);
      }
      done += 1;
      if (done === specs.length || done % 10 === 0)
        state.progress(`${phase}: ${done}/${specs.length} trials`);
      return result;
    },
    state.abort.signal,
    () => stopped,
  ).finally(() => pool?.stop());
  checkStop(state);
  const kept = results.filter((r) => !r.abandoned);
  state.results.push(...kept);
  return kept;
}
