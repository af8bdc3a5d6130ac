import { sameJson } from '../core/canonical.js';
import type { Task } from '../suite/schema.js';

/**
 * What null-random-args must randomise to be a null at all (docs/design.md §6): the arguments that
 * carry the task's handle. The plan's arguments for a tool (as bound at admission: harvested, given,
 * or as a last resort generated) are what select the answer; a random call that leaves every one of
 * them as planned, or a plan step with no arguments at all, measured the real call, so the trial is
 * not applicable. A call to a tool the plan never uses has no handle to keep and counts as random.
 */
export type PlannedArguments = ReadonlyMap<string, readonly Record<string, unknown>[]>;

/** Each plan tool's bound argument sets, in plan order. */
export function plannedArguments(task: Task): PlannedArguments {
  const out = new Map<string, Record<string, unknown>[]>();
  task.plan.forEach((step, i) => {
    const args = task.boundArguments[i] ?? step.arguments;
    out.set(step.tool, [...(out.get(step.tool) ?? []), args]);
  });
  return out;
}

/** Did these random arguments change a handle-carrying argument of this tool's planned call(s)? */
export function changesHandle(
  tool: string,
  random: Record<string, unknown>,
  planned: PlannedArguments | undefined,
): boolean {
  const sets = planned?.get(tool);
  if (planned === undefined || sets === undefined) return true;
  return sets.some((set) => {
    const handles = Object.entries(set).filter(([, v]) => v !== undefined && v !== null && v !== '');
    return handles.some(([name, value]) => !sameJson(random[name], value));
  });
}
