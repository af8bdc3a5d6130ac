import type { TrialResult } from '../agents/types.js';
import { firstTrySuccess } from '../record/build-score.js';
import type { TaskCount } from '../record/clustered-gate.js';
import { budgetEnded, type TrialCount, trialCount } from '../record/trial-count.js';

/**
 * What each count of the record takes from a trial: the fields the agent tape's `fitness.trial`
 * event carries (so verify and the viewer count from the tape what the run counted) and the live
 * display's count of it. The drive's first try is the score's own rule (`firstTrySuccess`).
 */
export function trialFacts(r: TrialResult) {
  return {
    phase: r.phase,
    checkPassed: r.checkPassed,
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
    ...(r.oracleError ? { oracleError: r.oracleError.kind } : {}),
  };
}

/** How a trial counts in its phase (src/record/trial-count.ts over its facts). */
export function countOf(r: TrialResult): TrialCount {
  return trialCount(trialFacts(r));
}

/** The failed trials that ended on a per-trial limit, by limit, as the tape's trial events recount them. */
export function budgetEndedOf(results: readonly TrialResult[]) {
  return budgetEnded(results.map((r) => ({ ...trialFacts(r), exhausted: r.exhausted })));
}

/**
 * Per task, in the order tasks first appear: `m` trials that count toward the phase's rate, `k` of
 * them passed, by `trialCount` (null-random-args: applicable trials only, so m may be 0; construct:
 * oracle errors are not in m, as they are not in n).
 */
export function taskCounts(results: readonly TrialResult[]): TaskCount[] {
  const out = new Map<string, TaskCount>();
  for (const r of results) {
    const c = out.get(r.taskId) ?? { taskId: r.taskId, k: 0, m: 0 };
    const count = countOf(r);
    if (count === 'passed' || count === 'failed') {
      c.m += 1;
      if (count === 'passed') c.k += 1;
    }
    out.set(r.taskId, c);
  }
  return [...out.values()];
}

/** Counts so far plus more: a task seen again (never, across batches) adds to its own counts. */
export function mergeTaskCounts(a: readonly TaskCount[], b: readonly TaskCount[]): TaskCount[] {
  const out = new Map<string, TaskCount>(a.map((c) => [c.taskId, { ...c }]));
  for (const c of b) {
    const was = out.get(c.taskId);
    out.set(c.taskId, was ? { taskId: c.taskId, k: was.k + c.k, m: was.m + c.m } : { ...c });
  }
  return [...out.values()];
}
