import type { PriorDiscovery } from '@modelcontextprotocol/client';
import { trialCorrId } from '../agents/prompts.js';
import { needsSession, type TrialDeps, type TrialSession } from '../agents/trial.js';
import type { Phase, TrialResult, TrialSpec } from '../agents/types.js';
import { ServerPool } from '../connect/server-pool.js';
import { serverEnv } from '../connect/target.js';
import type { ModelCallCode } from '../models/errors.js';
import type { Task } from '../suite/schema.js';
import { EventKind } from '../tape/schema.js';
import type { RunContext } from './context.js';
import { driftStop } from './drift-recheck.js';
import type { Surveyed } from './products.js';
import { openRunSession } from './run-session.js';
import { RunStop } from './stop.js';
import type { Tally } from './tally.js';
import { trialFacts } from './task-counts.js';

/** Model faults no retry fixes: the run stops as VOID rather than counting them as trials. */
const FATAL_MODEL_CODES: ReadonlySet<string> = new Set<ModelCallCode>([
  'MODEL_UNREACHABLE',
  'MODEL_AUTH_FAILED',
  'MODEL_NOT_FOUND',
]);

export function failOnFatalModelFault(ctx: RunContext, fault: { code: string; message: string }): void {
  if (!FATAL_MODEL_CODES.has(fault.code) || ctx.abort.signal.aborted) return;
  ctx.abort.abort(new RunStop('crashed', `${fault.code}: ${fault.message}`));
}

/** What trials are run over: the tools offered, their safety, and the era verdict to reuse. */
export type TrialGround = Pick<Surveyed, 'prior' | 'tools' | 'safety'>;

/**
 * A fresh session per trial (a fresh server process for stdio, from `pool` when there is one), its
 * handshake under the trial's corr id.
 */
function sessionOpener(
  ctx: RunContext,
  prior: PriorDiscovery | undefined,
  pool?: ServerPool,
): (corrId: string) => Promise<TrialSession> {
  return (corrId) =>
    openRunSession(ctx, corrId, { prior, ...(pool ? { prestarted: () => pool.take() } : {}) })
      // The next trial's process starts once this one's handshake is over, on a later turn of the
      // event loop: its fork is that trial's start, not a wait of this one.
      .finally(() => {
        if (pool) setImmediate(() => pool.refill());
      });
}

/** Stdio targets with the pool on: the phase's server processes start ahead, at most `concurrency` idle. */
export function phasePool(ctx: RunContext, specs: readonly TrialSpec[]): ServerPool | undefined {
  const target = ctx.config.target;
  if (target.kind !== 'stdio' || ctx.config.serverStarts !== 'ahead') return undefined;
  const demand = specs.filter(needsSession).length;
  if (demand === 0) return undefined;
  return new ServerPool(
    { argv: target.argv, env: serverEnv(target), cwd: target.cwd },
    { size: ctx.config.concurrency, demand },
  );
}

/** The in-flight liveness check of each run, shared by the trials that saw the target fail. */
const health = new WeakMap<RunContext, Promise<boolean>>();

/** Is the target still there? One fresh session and a tools/list; concurrent askers share the answer. */
export async function targetAlive(ctx: RunContext, prior: PriorDiscovery | undefined): Promise<boolean> {
  const check = health.get(ctx) ?? freshCheck(ctx, prior);
  health.set(ctx, check);
  try {
    return await check;
  } finally {
    health.delete(ctx);
  }
}

async function freshCheck(ctx: RunContext, prior: PriorDiscovery | undefined): Promise<boolean> {
  try {
    const session = await openRunSession(ctx, 'health', { prior, deadlineMs: 10_000 });
    try {
      await session.listTools({ corrId: 'health', timeoutMs: 10_000 });
      return true;
    } finally {
      await session.close();
    }
  } catch {
    return false;
  }
}

/** How the trial ended, on the agent plane beside its turns: budget exhaustion is recorded here per trial. */
function recordTrialEnd(ctx: RunContext, r: TrialResult): void {
  ctx.tapes.agent.event(
    EventKind.trial,
    {
      // What each count of the record takes from the trial, so verify and the viewer recount it from the tape.
      ...trialFacts(r),
      rep: r.rep,
      steps: r.steps,
      exhausted: r.exhausted ?? null,
      ...(r.stateChanged === undefined ? {} : { stateChanged: r.stateChanged }),
      ...(r.modelError ? { modelError: r.modelError.code } : {}),
      durationMs: r.durationMs,
      // Wall time the trial waited for its server (start and handshake); null when it opened none.
      serverWaitMs: r.serverWaitMs ?? null,
    },
    { corrId: r.corrId },
  );
}

export async function afterTrial(
  ctx: RunContext,
  tally: Tally,
  ground: TrialGround,
  spec: TrialSpec,
  result: TrialResult,
): Promise<void> {
  if (result.abandoned) return;
  recordTrialEnd(ctx, result);
  tally.addTrials(result.phase, 1);
  tally.addUsage(result.usage.map((u) => ({ ...u, role: 'runner' as const })));
  if (result.modelError) failOnFatalModelFault(ctx, result.modelError);
  const { stateChanged } = result;
  if (stateChanged !== undefined && !ctx.abort.signal.aborted) {
    const stop = await driftStop(ctx, ground.prior, spec.task, { ...result, stateChanged });
    if (!ctx.abort.signal.aborted) ctx.abort.abort(stop);
  }
  const kind = result.oracleError?.kind;
  if ((kind === 'connect' || kind === 'transport') && !ctx.abort.signal.aborted) {
    if (!(await targetAlive(ctx, ground.prior))) {
      ctx.abort.abort(
        new RunStop('target_died', `the target stopped answering: ${result.oracleError?.message}`),
      );
    }
  }
}

/** The tools trials are offered: destructive ones only when the run allowed them. */
function trialTools(ctx: RunContext, ground: TrialGround) {
  const destructive = new Set(ground.safety.filter((s) => s.destructive).map((s) => s.tool));
  const tools = ground.tools.tools;
  return ctx.config.allowDestructive ? tools : tools.filter((t) => !destructive.has(t.name));
}

export function trialSpecs(tasks: readonly Task[], phase: Phase, reps: number): TrialSpec[] {
  return tasks.flatMap((task) =>
    Array.from({ length: reps }, (_, i) => ({
      task,
      phase,
      rep: i + 1,
      corrId: trialCorrId(task.id, phase, i + 1, reps),
    })),
  );
}

export function trialDeps(ctx: RunContext, ground: TrialGround, pool: ServerPool | undefined): TrialDeps {
  return {
    model: ctx.runner,
    tools: trialTools(ctx, ground),
    openSession: sessionOpener(ctx, ground.prior, pool),
    limits: { ...ctx.config.agentLimits, callTimeoutMs: ctx.config.callTimeoutMs },
    seed: ctx.config.seed,
    sink: ctx.tapes.agent,
    runSignal: ctx.abort.signal,
  };
}
