import type { Phase, TrialResult } from '../agents/types.js';
import { constructGate } from '../gates/construct.js';
import { constructStep } from '../gates/construct-step.js';
import { constructCurtail, nullCurtail } from '../gates/curtail.js';
import { resolveExtension } from '../gates/extension.js';
import { nullBaselineGate, type Signal } from '../gates/null-baseline.js';
import { PRICE_TABLE } from '../models/prices.js';
import { buildScore, type TrialOutcome } from '../record/build-score.js';
import type { Pool } from '../record/extension.js';
import type { GateRecord } from '../record/gate.js';
import { REFS_PER_KIND, type TapeRef } from '../record/probe.js';
import type { ScoreBlock } from '../record/score.js';
import { reserveBatches } from '../suite/register.js';
import type { Task } from '../suite/schema.js';
import { NullPhase, perNullPhase } from '../tape/phases.js';
import type { RunContext } from './context.js';
import { failedCallRefs, passingAnswerRefs, trialCalls, wireEvidence } from './evidence.js';
import { type PhaseSoFar, runPhase, runPhases } from './phase-run.js';
import type { Constructed, Driven, NullCounts, NullsRan, Registered, Unrun } from './products.js';
import { RunStop } from './stop.js';
import type { Tally } from './tally.js';
import { budgetEndedOf, countOf, mergeTaskCounts, taskCounts } from './task-counts.js';
import type { TrialGround } from './trials.js';

function emptyNulls(): NullCounts {
  return perNullPhase((p) => (p === 'null-random-args' ? { k: 0, n: 0, notApplicable: 0 } : { k: 0, n: 0 }));
}

/** A null phase's trials as counts (`trialCount`): k = check passed over the applicable ones. */
function nullTally(results: readonly TrialResult[]) {
  // A random-args trial whose randomised call equalled the agent's own measured the real call.
  const applicable = results.filter((r) => countOf(r) !== 'not-applicable');
  return {
    applicable,
    k: applicable.filter((r) => countOf(r) === 'passed').length,
    n: applicable.length,
    notApplicable: results.length - applicable.length,
  };
}

/**
 * Asked after each trial of `phase` before the ceiling gate: has the KILL become certain? Each null
 * phase counts its trials ended so far, the rest of its registered trials (running or not started)
 * as remaining, so a phase not started counts all of them.
 */
function nullCurtailer(ctx: RunContext, into: NullCounts, total: number) {
  return (_: readonly TrialResult[], __: number, sofar: ReadonlyMap<Phase, PhaseSoFar>): boolean => {
    const at = (p: NullPhase) => {
      const ran = sofar.get(p);
      const now = nullTally(ran?.ended ?? []);
      const c = into[p];
      return {
        k: c.k + now.k,
        n: c.n + now.n,
        notApplicable: (c.notApplicable ?? 0) + now.notApplicable,
        remaining: (ran?.registered ?? total) - (ran?.ended.length ?? 0),
      };
    };
    return (
      nullCurtail({
        phases: perNullPhase(at),
        ratio: ctx.config.nulls.ratio,
        percentile: ctx.config.nulls.percentile,
      }) !== undefined
    );
  };
}

/**
 * Drive `tasks` through the three null phases, adding their counts (k = check passed) to `into`,
 * with the agent-plane lines of the first passing answers as the rate's evidence. No decision falls
 * between the three (the gate reads all of them), so their trials share one pool (`runPhases`), each
 * phase's results in its registered order. With `unrun` (the nulls before the ceiling gate,
 * curtailment registered) a phase stops starting trials once the KILL is certain.
 */
async function runNulls(
  ctx: RunContext,
  tally: Tally,
  ground: TrialGround,
  tasks: readonly Task[],
  into: NullCounts,
  unrun?: Unrun,
): Promise<void> {
  const registered = tasks.length * ctx.config.reps.nulls;
  const curtail = unrun ? nullCurtailer(ctx, into, registered) : undefined;
  const plans = NullPhase.options.map((phase) => ({
    tasks,
    phase,
    reps: ctx.config.reps.nulls,
    ...(curtail ? { curtail } : {}),
  }));
  const ran = await runPhases(ctx, tally, ground, plans);
  NullPhase.options.forEach((phase, i) => {
    const results = ran[i] ?? [];
    const counts = into[phase];
    const tally = nullTally(results);
    counts.k += tally.k;
    counts.n += tally.n;
    if (phase === 'null-random-args')
      counts.notApplicable = (counts.notApplicable ?? 0) + tally.notApplicable;
    counts.perTask = mergeTaskCounts(counts.perTask ?? [], taskCounts(results));
    counts.tapeRefs = [...(counts.tapeRefs ?? []), ...passingAnswerRefs(tally.applicable)].slice(
      0,
      REFS_PER_KIND,
    );
    if (unrun && results.length < registered) unrun[phase] = registered - results.length;
  });
}

/** Oracle errors stand beside the sample (never silently dropped); k counts construct passes (`trialCount`). */
function addPool(pool: Pool, results: readonly TrialResult[]): Pool {
  const counts = results.map(countOf);
  const k = counts.filter((c) => c === 'passed').length;
  return {
    k: pool.k + k,
    n: pool.n + k + counts.filter((c) => c === 'failed').length,
    errors: pool.errors + counts.filter((c) => c === 'error').length,
  };
}

function nullGate(ctx: RunContext, nulls: NullCounts, signal: Signal, unrun?: Unrun): GateRecord {
  return nullBaselineGate({
    phases: nulls,
    signal,
    ratio: ctx.config.nulls.ratio,
    percentile: ctx.config.nulls.percentile,
    ...(unrun && Object.keys(unrun).length > 0 ? { curtailed: unrun } : {}),
  });
}

/** Construct with the registered extension protocol: EXTEND buys the next reserve batch (nulls + construct). */
export async function constructStage(
  ctx: RunContext,
  registered: Registered,
  nulls: NullCounts,
  tally: Tally,
): Promise<Constructed> {
  const { config } = ctx;
  const { registration } = registered;
  const params = config.construct;
  const policy = {
    batchTasks: registration.extension.batchTasks,
    maxExtensions: registration.extension.maxExtensions,
  };
  const curtailer = (before: Pool, batchesUsed: number) =>
    config.curtail
      ? (ended: readonly TrialResult[], registered: number) =>
          constructCurtail({
            pool: addPool(before, ended),
            remaining: registered - ended.length,
            batchesUsed,
            params,
            compromisedErrorShare: config.compromisedErrorShare,
            policy,
          }) !== undefined
      : undefined;
  const empty = { k: 0, n: 0, errors: 0 };
  const all: TrialResult[] = await runPhase(
    ctx,
    tally,
    registered,
    registration.tasks,
    'construct',
    config.reps.construct,
    curtailer(empty, 0),
  );
  let unrun = registration.tasks.length * config.reps.construct - all.length;
  const registeredPool = addPool(empty, all);
  let pool = registeredPool;
  const batches: { tasksAdded: number; pool: Pool }[] = [];
  const consumed: Task[] = [];
  const reserve = reserveBatches(registration);
  let step = constructStep(pool, params, config.compromisedErrorShare);
  let next = resolveExtension({ verdict: step.verdict, batchesUsed: 0 }, policy);
  while (next.action === 'buy' && unrun === 0) {
    const batch = reserve[next.batch - 1];
    if (batch === undefined) throw new RunStop('crashed', `reserve batch ${next.batch} is missing`);
    ctx.progress(
      `construct: EXTEND at ${pool.k}/${pool.n}; buying reserve batch ${next.batch} (${batch.length} tasks)`,
    );
    await runNulls(ctx, tally, registered, batch, nulls);
    const results = await runPhase(
      ctx,
      tally,
      registered,
      batch,
      'construct',
      config.reps.construct,
      curtailer(pool, batches.length + 1),
    );
    unrun = batch.length * config.reps.construct - results.length;
    all.push(...results);
    pool = addPool(pool, results);
    batches.push({ tasksAdded: batch.length, pool });
    consumed.push(...batch);
    step = constructStep(pool, params, config.compromisedErrorShare);
    next = resolveExtension({ verdict: step.verdict, batchesUsed: batches.length }, policy);
  }
  const gate = constructGate({
    params,
    compromisedErrorShare: config.compromisedErrorShare,
    policy,
    reps: config.reps.construct,
    registered: { tasks: registration.tasks.length, pool: registeredPool },
    batches,
    wire: wireEvidence(trialCalls(ctx.tapes.wire, all)),
    perTask: taskCounts(all),
    budgetEnded: budgetEndedOf(all),
    ...(unrun > 0 ? { curtailed: { remaining: unrun } } : {}),
  });
  return { gate, pool, consumed };
}

export function trialOutcome(r: TrialResult): TrialOutcome {
  return {
    taskId: r.taskId,
    rep: r.rep,
    checkPassed: r.checkPassed,
    budgetExhausted: r.exhausted !== undefined,
    toolCalls: r.toolCalls.map((c) => ({
      tool: c.tool,
      ...(c.failure ? { failure: c.failure } : {}),
      ...(c.latencyMs === undefined ? {} : { latencyMs: c.latencyMs }),
    })),
    usage: r.usage,
  };
}

/** Each tool's attribution links the wire lines of its failed calls, when it had any. */
function withToolRefs(score: ScoreBlock, refs: ReadonlyMap<string, TapeRef[]>): ScoreBlock {
  const tools = score.tools.map((t) => {
    const tapeRefs = refs.get(t.tool);
    return tapeRefs && tapeRefs.length > 0 ? { ...t, tapeRefs } : t;
  });
  return { ...score, tools };
}

/** The null phases over the registered tasks (S = 1 next): curtailed once the ceiling gate's KILL is certain, when registered. */
export async function nullsStage(ctx: RunContext, registered: Registered, tally: Tally): Promise<NullsRan> {
  const counts = emptyNulls();
  const unrun: Unrun | undefined = ctx.config.curtail ? {} : undefined;
  await runNulls(ctx, tally, registered, registered.registration.tasks, counts, unrun);
  return { counts, unrun };
}

/** Gate 5: the null baseline against the ceiling (S = 1), decided before any paid construct trial. */
export function ceilingGate(ctx: RunContext, nulls: NullsRan): GateRecord {
  return nullGate(ctx, nulls.counts, { source: 'ceiling' }, nulls.unrun);
}

/** The null baseline again, against the construct's reference rate. */
export function referenceGate(ctx: RunContext, nulls: NullsRan, construct: Constructed): GateRecord {
  return nullGate(ctx, nulls.counts, {
    source: 'reference',
    counts: { k: construct.pool.k, n: construct.pool.n },
  });
}

/** The drive over the registered and bought tasks: its score, which stands if the first-try null gate passes. */
export async function driveStage(
  ctx: RunContext,
  registered: Registered,
  construct: Constructed,
  tally: Tally,
): Promise<Driven> {
  const { config } = ctx;
  const driven = [...registered.registration.tasks, ...construct.consumed];
  const results = await runPhase(ctx, tally, registered, driven, 'drive', config.reps.drive);
  const score = withToolRefs(
    buildScore(results.map(trialOutcome), {
      reps: config.reps.drive,
      prices: PRICE_TABLE,
      runner: ctx.runner.id,
    }),
    failedCallRefs(trialCalls(ctx.tapes.wire, results)),
  );
  return { ...registered, score };
}

/** The null baseline once more, against the drive's first-try rate: whether the score stands. */
export function firstTryGate(ctx: RunContext, nulls: NullsRan, driven: Driven): GateRecord {
  const { firstTry } = driven.score;
  return nullGate(ctx, nulls.counts, { source: 'first_try', counts: { k: firstTry.k, n: firstTry.n } });
}
