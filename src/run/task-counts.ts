import type { TrialResult } from '../agents/types.js';
import type { TaskCount } from '../record/clustered-gate.js';
import type { NullPhase } from '../tape/phases.js';

/** Per task, in the order tasks first appear: `m` trials that count toward the rate, `k` of them passed. */
function byTask(
  results: readonly TrialResult[],
  counts: (r: TrialResult) => boolean,
  passed: (r: TrialResult) => boolean,
): TaskCount[] {
  const out = new Map<string, TaskCount>();
  for (const r of results) {
    const c = out.get(r.taskId) ?? { taskId: r.taskId, k: 0, m: 0 };
    if (counts(r)) {
      c.m += 1;
      if (passed(r)) c.k += 1;
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

/** A null phase per task: k = check passed; null-random-args counts only applicable trials (m may be 0). */
export function nullTaskCounts(phase: NullPhase, results: readonly TrialResult[]): TaskCount[] {
  return byTask(
    results,
    (r) => phase !== 'null-random-args' || r.nullApplicable === true,
    (r) => r.checkPassed,
  );
}

/** Construct per task: m = completed trials (oracle errors are not in n), k = construct passed. */
export function constructTaskCounts(results: readonly TrialResult[]): TaskCount[] {
  return byTask(
    results,
    (r) => r.oracleError === undefined,
    (r) => r.constructPassed === true,
  );
}
