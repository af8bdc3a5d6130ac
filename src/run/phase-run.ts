import { runTrial, type TrialDeps } from '../agents/trial.js';
import type { Phase, TrialResult, TrialSpec } from '../agents/types.js';
import { mapLimit } from '../core/pool.js';
import type { Task } from '../suite/schema.js';
import { checkStop, type RunContext } from './context.js';
import type { Tally } from './tally.js';
import { countOf } from './task-counts.js';
import { afterTrial, phasePool, type TrialGround, trialDeps, trialSpecs } from './trials.js';

/** One phase's trials so far in a run of phases that share a pool: those ended, of those registered. */
export interface PhaseSoFar {
  readonly ended: readonly TrialResult[];
  readonly registered: number;
}

/**
 * Asked after each trial of its phase with that phase's ended trials, and every phase of the same
 * run of phases as it stands (a phase not started has none ended): true stops the phase's starts.
 */
type Curtail = (
  ended: readonly TrialResult[],
  registered: number,
  phases: ReadonlyMap<Phase, PhaseSoFar>,
) => boolean;

/** One trial of a phase at a time: run, recorded, counted, and asked whether the phase is curtailed. */
function phaseRunner(
  ctx: RunContext,
  tally: Tally,
  ground: TrialGround,
  specs: TrialSpec[],
  deps: TrialDeps,
  phases: Map<Phase, PhaseSoFar>,
  curtail?: Curtail,
) {
  const ended: TrialResult[] = [];
  const state = { done: 0, stopped: false };
  const one = async (spec: TrialSpec): Promise<TrialResult> => {
    const { phase } = spec;
    const result = await runTrial(spec, deps);
    await afterTrial(ctx, tally, ground, spec, result);
    if (!result.abandoned) {
      ended.push(result);
      phases.set(phase, { ended: [...ended], registered: specs.length });
      ctx.emit({ type: 'trial', phase, count: countOf(result) });
    }
    if (!state.stopped && curtail?.(ended, specs.length, phases) === true) {
      state.stopped = true;
      ctx.progress(`${phase}: curtailed at ${ended.length} of ${specs.length} trials`);
      ctx.emit({ type: 'curtailed', phase, at: ended.length, registered: specs.length });
    }
    state.done += 1;
    if (state.done === specs.length || state.done % 10 === 0)
      ctx.progress(`${phase}: ${state.done}/${specs.length} trials`);
    return result;
  };
  return { one, stopped: () => state.stopped };
}

/** One phase of a run of phases: every task of `tasks` at `reps`, with its own curtailment. */
export interface PhasePlan {
  tasks: readonly Task[];
  phase: Phase;
  reps: number;
  curtail?: Curtail;
}

/**
 * Phases with no decision between them, their trials in one pool, `concurrency` at a time, in plan
 * order (a phase's first trials start while the one before finishes its last, so no worker waits
 * at a phase boundary); throws the run's stop. Each phase's results come back in its registered
 * order. A phase's `curtail`, asked after each of its trials, stops that phase's further starts
 * when it says the decision can no longer change (trials already running finish and are kept); the
 * other phases go on. At concurrency 1 this is the phases one after another.
 */
export async function runPhases(
  ctx: RunContext,
  tally: Tally,
  ground: TrialGround,
  plans: readonly PhasePlan[],
): Promise<TrialResult[][]> {
  const specs = plans.map((p) => trialSpecs(p.tasks, p.phase, p.reps));
  const all = specs.flatMap((list, group) => list.map((spec) => ({ group, spec })));
  const pool = phasePool(
    ctx,
    all.map((a) => a.spec),
  );
  const deps = trialDeps(ctx, ground, pool);
  const phases = new Map<Phase, PhaseSoFar>();
  const runners = plans.map((p, g) =>
    phaseRunner(ctx, tally, ground, specs[g] ?? [], deps, phases, p.curtail),
  );
  const opened = new Set<number>();
  const open = (group: number) => {
    const plan = plans[group];
    if (plan === undefined || opened.has(group)) return;
    opened.add(group);
    ctx.emit({ type: 'phase', phase: plan.phase, registered: specs[group]?.length ?? 0 });
  };
  open(0);
  const results = await mapLimit(
    all,
    ctx.config.concurrency,
    async ({ group, spec }) => {
      const runner = runners[group];
      if (runner === undefined || runner.stopped()) return undefined;
      open(group);
      return runner.one(spec);
    },
    ctx.abort.signal,
  ).finally(() => pool?.stop());
  checkStop(ctx);
  return plans.map((_, g) =>
    results.filter((r, i): r is TrialResult => r !== undefined && !r.abandoned && all[i]?.group === g),
  );
}

/** Every task of `tasks` at `reps` in one phase: `runPhases` with that one phase. */
export async function runPhase(
  ctx: RunContext,
  tally: Tally,
  ground: TrialGround,
  tasks: readonly Task[],
  phase: Phase,
  reps: number,
  curtail?: Curtail,
): Promise<TrialResult[]> {
  const [results] = await runPhases(ctx, tally, ground, [
    { tasks, phase, reps, ...(curtail ? { curtail } : {}) },
  ]);
  return results ?? [];
}
