import { z } from 'zod';
import { FitnessError } from '../core/errors.js';
import { parseInput } from '../core/issues.js';
import { percentileNearestRank, wilson } from '../stats/index.js';
import { buildCost } from './build-cost.js';
import { clusteredInterval } from './clustered.js';
import { Amount, Count, NonEmpty } from './common.js';
import { CallUsage, PriceTable, type PriceTableInput, type UsageRow } from './pricing.js';
import {
  FailureClass,
  runnerDeterminism,
  type ScoreBlock,
  type TaskScore,
  type ToolAttribution,
} from './score.js';

export const ToolCallOutcome = z.looseObject({
  tool: NonEmpty,
  /** Absent when the call succeeded. */
  failure: FailureClass.optional(),
  /** Time to the response; absent when no response arrived. */
  latencyMs: Amount.optional(),
});
export type ToolCallOutcome = z.infer<typeof ToolCallOutcome>;

/** One drive trial as the pipeline observed it. */
export const TrialOutcome = z.looseObject({
  taskId: NonEmpty,
  rep: Count,
  /** The final answer satisfied the task's check. */
  checkPassed: z.boolean(),
  /** The loop hit a step, token or time limit. */
  budgetExhausted: z.boolean(),
  toolCalls: z.array(ToolCallOutcome),
  /** The runner's usage for the trial, one entry per model call. */
  usage: z.array(CallUsage),
});
export type TrialOutcome = z.infer<typeof TrialOutcome>;

/** First try: the check passed, no tool call failed, and the loop stayed within its budget. */
export function firstTrySuccess(t: TrialOutcome): boolean {
  return t.checkPassed && !t.budgetExhausted && t.toolCalls.every((c) => c.failure === undefined);
}

function fail(message: string): never {
  throw new FitnessError('RECORD_INPUT', `buildScore: ${message}`);
}

function groupTasks(trials: readonly TrialOutcome[], reps: number | undefined): TaskScore[] {
  const byTask = new Map<string, TrialOutcome[]>();
  for (const t of trials) byTask.set(t.taskId, [...(byTask.get(t.taskId) ?? []), t]);
  const out: TaskScore[] = [];
  for (const [taskId, list] of byTask) {
    const seen = new Set(list.map((t) => t.rep));
    if (seen.size !== list.length) fail(`task ${taskId} has a repeated rep`);
    const expected = reps ?? out[0]?.reps ?? list.length;
    if (list.length !== expected) fail(`task ${taskId} has ${list.length} trials, expected ${expected} reps`);
    const firstTry = list.filter(firstTrySuccess).length;
    const eventual = list.filter((t) => t.checkPassed).length;
    out.push({
      taskId,
      reps: list.length,
      firstTry,
      eventual,
      passHatK: firstTry === list.length,
      passAtK: firstTry > 0,
    });
  }
  return out;
}

function attribute(trials: readonly TrialOutcome[]): ToolAttribution[] {
  const byTool = new Map<string, ToolCallOutcome[]>();
  for (const call of trials.flatMap((t) => t.toolCalls))
    byTool.set(call.tool, [...(byTool.get(call.tool) ?? []), call]);
  return [...byTool.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([tool, calls]) => {
      const errorsByClass: Partial<Record<FailureClass, number>> = {};
      for (const c of calls) if (c.failure) errorsByClass[c.failure] = (errorsByClass[c.failure] ?? 0) + 1;
      const latencies = calls.flatMap((c) => (c.latencyMs === undefined ? [] : [c.latencyMs]));
      const p50 = percentileNearestRank(latencies, 50);
      const p95 = percentileNearestRank(latencies, 95);
      return {
        tool,
        calls: calls.length,
        errors: calls.filter((c) => c.failure !== undefined).length,
        errorsByClass,
        ...(p50 !== undefined && p95 !== undefined
          ? { latencyMs: { samples: latencies.length, p50, p95 } }
          : {}),
      };
    });
}

function usageRows(trials: readonly TrialOutcome[]): UsageRow[] {
  return trials.flatMap((t) => t.usage.map((u) => ({ ...u, role: 'runner' as const })));
}

function tokenTotals(trials: readonly TrialOutcome[]): ScoreBlock['tokens'] {
  const totals = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, trialsWithoutUsage: 0 };
  for (const t of trials) {
    const reported = t.usage.filter((u) => u.status === 'ok' || u.status === 'partial');
    if (reported.length === 0 || reported.length < t.usage.length) totals.trialsWithoutUsage += 1;
    for (const u of reported) {
      totals.input += u.inputTokens ?? 0;
      totals.output += u.outputTokens ?? 0;
      totals.cacheRead += u.cacheReadTokens ?? 0;
      totals.cacheWrite += u.cacheWriteTokens ?? 0;
    }
  }
  return totals;
}

function perCompleted(
  tasks: readonly TaskScore[],
  trials: readonly TrialOutcome[],
  tokens: ScoreBlock['tokens'],
  prices: PriceTable | undefined,
): ScoreBlock['perCompletedTask'] {
  const completed = tasks.filter((t) => t.eventual > 0).length;
  if (completed === 0) return { completedTasks: 0, why: 'no task was completed on any rep' };
  const all = tokens.input + tokens.output + tokens.cacheRead + tokens.cacheWrite;
  const base = { completedTasks: completed, tokens: all / completed };
  if (!prices) return { ...base, costMissing: 'no price table was available' };
  const cost = buildCost(usageRows(trials), prices);
  if (cost.kind === 'none') return { ...base, costMissing: cost.why };
  return {
    ...base,
    cost: { kind: cost.kind, usd: cost.usd / completed, reasons: cost.reasons.map((r) => r.detail) },
  };
}

export interface ScoreOptions {
  /** The registered drive reps; every task must have exactly this many trials. */
  reps?: number;
  /** Prices for the runner's usage; without them the cost per completed task is stated missing. */
  prices?: PriceTableInput;
  /** The runner's model id, so the score says whether its reps could differ through the runner. */
  runner?: string;
}

/** The drive's score block from its trials. Statistics come from src/stats. */
export function buildScore(trials: readonly TrialOutcome[], options: ScoreOptions = {}): ScoreBlock {
  const list = parseInput(z.array(TrialOutcome).min(1), trials, 'buildScore', 'trials');
  const reps =
    options.reps === undefined ? undefined : parseInput(Count.min(1), options.reps, 'buildScore', 'reps');
  const prices =
    options.prices === undefined ? undefined : parseInput(PriceTable, options.prices, 'buildScore', 'prices');
  const perTask = groupTasks(list, reps);
  const firstK = perTask.reduce((a, t) => a + t.firstTry, 0);
  const eventualK = perTask.reduce((a, t) => a + t.eventual, 0);
  const n = list.length;
  const tokens = tokenTotals(list);
  return {
    firstTry: {
      k: firstK,
      n,
      wilson: { ...wilson(firstK, n, 0.95) },
      clustered: clusteredInterval(perTask.map((t) => ({ k: t.firstTry, m: t.reps }))),
    },
    eventual: {
      k: eventualK,
      n,
      wilson: { ...wilson(eventualK, n, 0.95) },
      clustered: clusteredInterval(perTask.map((t) => ({ k: t.eventual, m: t.reps }))),
    },
    tasks: perTask.length,
    reps: perTask[0]?.reps ?? 1,
    ...(options.runner === undefined ? {} : { runnerDeterminism: runnerDeterminism(options.runner) }),
    passHatK: { k: perTask.filter((t) => t.passHatK).length, n: perTask.length },
    passAtK: { k: perTask.filter((t) => t.passAtK).length, n: perTask.length },
    perTask,
    tools: attribute(list),
    tokens,
    perCompletedTask: perCompleted(perTask, list, tokens, prices),
  };
}
