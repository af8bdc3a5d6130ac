import type { Finding } from '../record/findings.js';
import type { TapeRef } from '../record/probe.js';
import type { Task } from '../suite/schema.js';
import { finding, plural, present } from './build.js';
import { type DriveTrial, failed, refOf } from './calls.js';

interface Pair {
  expected: string;
  chosen: string;
  trials: Set<string>;
  refs: TapeRef[];
  failedFirstTry: Set<string>;
  neverCalledExpected: Set<string>;
}

/** The tool a task is about: its first expected tool, else the last step of its plan. */
export function expectedTool(task: Task): string | undefined {
  return task.expectedTools[0] ?? task.plan.at(-1)?.tool;
}

const firstTryFailed = (t: DriveTrial) => t.checkPassed !== true || t.exhausted || t.calls.some(failed);

/**
 * Wrong-tool selections: a drive call to a tool that is neither expected nor in the plan of a task
 * whose plan answered at admission (every registered task's key came from executing its plan, so
 * the expected tool would have answered). One finding per (expected, chosen) pair, counted in trials.
 */
export function wrongToolFindings(
  trials: readonly DriveTrial[],
  tasks: ReadonlyMap<string, Task>,
): Finding[] {
  const pairs = new Map<string, Pair>();
  for (const trial of trials) {
    const task = tasks.get(trial.taskId);
    const expected = task === undefined ? undefined : expectedTool(task);
    if (task === undefined || expected === undefined) continue;
    const allowed = new Set([...task.expectedTools, ...task.plan.map((s) => s.tool)]);
    for (const call of trial.calls) {
      if (allowed.has(call.tool)) continue;
      const key = `${expected}\u0000${call.tool}`;
      const pair = pairs.get(key) ?? {
        expected,
        chosen: call.tool,
        trials: new Set(),
        refs: [],
        failedFirstTry: new Set(),
        neverCalledExpected: new Set(),
      };
      pairs.set(key, pair);
      pair.trials.add(trial.corrId);
      pair.refs.push(refOf(call));
      if (firstTryFailed(trial)) pair.failedFirstTry.add(trial.corrId);
      if (!trial.calls.some((c) => c.tool === expected)) pair.neverCalledExpected.add(trial.corrId);
    }
  }
  return [...pairs.values()]
    .map((p) =>
      finding({
        kind: 'wrong-tool',
        tool: p.expected,
        key: p.chosen,
        count: p.trials.size,
        summary: `In ${plural(p.trials.size, 'drive trial')} the agent called ${p.chosen} where the task needed ${p.expected}, which answered when the task was admitted; ${p.neverCalledExpected.size} of them never called ${p.expected}, and ${p.failedFirstTry.size} failed on the first try.`,
        refs: p.refs,
        detail: {
          chosen: p.chosen,
          failedFirstTry: p.failedFirstTry.size,
          neverCalledExpected: p.neverCalledExpected.size,
        },
      }),
    )
    .filter(present);
}
