import { join } from 'node:path';
import type { TrialResult } from '../agents/types.js';
import { constructGate } from '../gates/construct.js';
import { constructStep } from '../gates/construct-step.js';
import { resolveExtension } from '../gates/extension.js';
import { NULL_PHASES, nullBaselineGate, type PhaseCounts, type Signal } from '../gates/null-baseline.js';
import { PRICE_TABLE } from '../models/prices.js';
import { buildScore, type TrialOutcome } from '../record/build-score.js';
import type { Pool } from '../record/extension.js';
import type { NullPhase } from '../record/gate.js';
import { REFS_PER_KIND, type TapeRef } from '../record/probe.js';
import type { ScoreBlock } from '../record/score.js';
import { reserveBatches } from '../suite/register.js';
import type { Task } from '../suite/schema.js';
import { failedCallRefs, passingAnswerRefs, trialCalls, wireEvidence } from './evidence.js';
import { decide } from './free-gates.js';
import { FILES } from './run-dir.js';
import { completed, type RunState, RunStop } from './state.js';
import { runPhase } from './trials.js';

type NullCounts = Record<NullPhase, PhaseCounts>;

function emptyNulls(): NullCounts {
  return {
    'null-no-tools': { k: 0, n: 0 },
    'null-stubbed-empty': { k: 0, n: 0 },
    'null-random-args': { k: 0, n: 0, notApplicable: 0 },
  };
}

/**
 * Drive `tasks` through the three null phases, adding their counts (k = check passed) to `into`,
 * with the agent-plane lines of the first passing answers as the rate's evidence.
 */
async function runNulls(state: RunState, tasks: readonly Task[], into: NullCounts): Promise<void> {
  for (const phase of NULL_PHASES) {
    const results = await runPhase(state, tasks, phase, state.config.reps.nulls);
    const counts = into[phase];
    // A random-args trial whose randomised call equalled the agent's own measured the real call.
    const applicable =
      phase === 'null-random-args' ? results.filter((r) => r.nullApplicable === true) : results;
    counts.k += applicable.filter((r) => r.checkPassed).length;
    counts.n += applicable.length;
    if (phase === 'null-random-args')
      counts.notApplicable = (counts.notApplicable ?? 0) + results.length - applicable.length;
    counts.tapeRefs = [...(counts.tapeRefs ?? []), ...passingAnswerRefs(applicable)].slice(0, REFS_PER_KIND);
  }
}

/** Oracle errors stand beside the sample (never silently dropped); k counts construct passes. */
function addPool(pool: Pool, results: readonly TrialResult[]): Pool {
  const completedTrials = results.filter((r) => r.oracleError === undefined);
  return {
    k: pool.k + completedTrials.filter((r) => r.constructPassed === true).length,
    n: pool.n + completedTrials.length,
    errors: pool.errors + results.length - completedTrials.length,
  };
}

function nullGate(state: RunState, nulls: NullCounts, signal: Signal): boolean {
  return decide(
    state,
    nullBaselineGate({
      phases: nulls,
      signal,
      ratio: state.config.nulls.ratio,
      percentile: state.config.nulls.percentile,
    }),
  );
}

interface ConstructOutcome {
  passed: boolean;
  pool: Pool;
  consumed: Task[];
  nulls: NullCounts;
}

/** Construct with the registered extension protocol: EXTEND buys the next reserve batch (nulls + construct). */
async function constructWithExtensions(state: RunState, nulls: NullCounts): Promise<ConstructOutcome> {
  const { config } = state;
  const registration = state.registration;
  if (registration === undefined) throw new RunStop('crashed', 'construct without a registration');
  const params = config.construct;
  const policy = {
    batchTasks: registration.extension.batchTasks,
    maxExtensions: registration.extension.maxExtensions,
  };
  const all: TrialResult[] = await runPhase(state, registration.tasks, 'construct', config.reps.construct);
  const registeredPool = addPool({ k: 0, n: 0, errors: 0 }, all);
  let pool = registeredPool;
  const batches: { tasksAdded: number; pool: Pool }[] = [];
  const consumed: Task[] = [];
  const reserve = reserveBatches(registration);
  let step = constructStep(pool, params, config.compromisedErrorShare);
  let next = resolveExtension({ verdict: step.verdict, batchesUsed: 0 }, policy);
  while (next.action === 'buy') {
    const batch = reserve[next.batch - 1];
    if (batch === undefined) throw new RunStop('crashed', `reserve batch ${next.batch} is missing`);
    state.progress(
      `construct: EXTEND at ${pool.k}/${pool.n}; buying reserve batch ${next.batch} (${batch.length} tasks)`,
    );
    await runNulls(state, batch, nulls);
    const results = await runPhase(state, batch, 'construct', config.reps.construct);
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
    wire: wireEvidence(await trialCalls(state.tapes.wire, join(state.dir, FILES.wire), all)),
  });
  return { passed: decide(state, gate), pool, consumed, nulls };
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

/** Gates 5–7: nulls (S = 1), construct with extensions, nulls (S = reference), drive, nulls (S = first try). */
export async function paidGates(state: RunState): Promise<ScoreBlock | undefined> {
  const { config } = state;
  const registration = state.registration;
  if (registration === undefined) throw new RunStop('crashed', 'gates without a registration');
  const nulls = emptyNulls();
  await runNulls(state, registration.tasks, nulls);
  completed(state, 'nulls');
  if (!nullGate(state, nulls, { source: 'ceiling' })) return undefined;
  const construct = await constructWithExtensions(state, nulls);
  completed(state, 'construct');
  if (!construct.passed) return undefined;
  if (!nullGate(state, nulls, { source: 'reference', counts: { k: construct.pool.k, n: construct.pool.n } }))
    return undefined;
  const driven = [...registration.tasks, ...construct.consumed];
  const drive = await runPhase(state, driven, 'drive', config.reps.drive);
  completed(state, 'drive');
  const score = withToolRefs(
    buildScore(drive.map(trialOutcome), { reps: config.reps.drive, prices: PRICE_TABLE }),
    failedCallRefs(await trialCalls(state.tapes.wire, join(state.dir, FILES.wire), drive)),
  );
  if (!nullGate(state, nulls, { source: 'first_try', counts: { k: score.firstTry.k, n: score.firstTry.n } }))
    return undefined;
  return score;
}
