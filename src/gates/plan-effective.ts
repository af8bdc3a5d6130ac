import type { PlanDesign } from '../record/gate-input.js';
import type { EffectiveRange, PlanEffective } from '../record/plan-effective.js';
import { runnerDeterminism } from '../record/score.js';
import { wilson } from '../stats/index.js';
import { GateInputError, inputs } from './errors.js';
import { pct } from './format.js';

export interface PlanTrials {
  registeredTrials: number;
  trialsPerBatch: number;
  maxTrials: number;
  maxExtensions: number;
  threshold: number;
}

const WHERE = "see docs/statistics.md, 'Which question each interval answers'";

/** Reps per task, from the trial and task counts: the two must agree on one whole number. */
function repsOf(d: PlanDesign, t: PlanTrials): number {
  const reps = t.registeredTrials / d.registeredTasks;
  if (!Number.isSafeInteger(reps) || reps < 1)
    throw new GateInputError(
      'plan_power',
      'registeredTrials',
      `a whole multiple of registeredTasks (registeredTasks=${d.registeredTasks})`,
      t.registeredTrials,
    );
  if (t.trialsPerBatch !== d.tasksPerBatch * reps)
    throw new GateInputError(
      'plan_power',
      'trialsPerBatch',
      `tasksPerBatch × reps (${d.tasksPerBatch} × ${reps})`,
      t.trialsPerBatch,
    );
  return reps;
}

function range(tasks: number, trials: number, deterministic: boolean): EffectiveRange {
  return { min: tasks, max: deterministic ? tasks : trials };
}

function observations(tasks: number, trials: number, deterministic: boolean): string {
  return deterministic ? `${trials} are ${tasks}` : `${trials} carry ${tasks} to ${trials}`;
}

function lowerClause(e: PlanEffective, threshold: number): string {
  const at = (tasks: number, lower: number) => `${pct(lower)} at ${tasks}`;
  const reg = at(e.registeredTasks, e.perfectClusteredLowerAtRegistered);
  const max = at(e.maxTasks, e.perfectClusteredLowerAtMax);
  const verdict = (pass: boolean) => (pass ? 'reaching' : 'under');
  const head = `a perfect reference run's reps all agree, so its clustered lower bound is`;
  if (
    e.maxTasks === e.registeredTasks ||
    e.perfectClusteredPassAtRegistered === e.perfectClusteredPassAtMax
  ) {
    const both = e.maxTasks === e.registeredTasks ? reg : `${reg} and ${max}`;
    return `${head} ${both}, ${verdict(e.perfectClusteredPassAtMax)} the ${pct(threshold)} threshold`;
  }
  return `${head} ${reg}, under the ${pct(threshold)} threshold, and ${max}, reaching it`;
}

/**
 * The effective sample of a plan, and the sentence that says it. A perfect reference run has every
 * task all-pass (ρ̂ = 1 under the clustered method), so its clustered interval is Wilson at the task
 * count whatever the runner; the sampled runner's range is what a run that is not perfect may carry.
 */
export function planEffective(
  design: PlanDesign,
  t: PlanTrials,
): { effective: PlanEffective; explain: string } {
  const v = inputs('plan_power');
  const registeredTasks = v.positive('registeredTasks', design.registeredTasks);
  const tasksPerBatch = v.count('tasksPerBatch', design.tasksPerBatch);
  if (typeof design.runner !== 'string' || design.runner.length === 0)
    throw new GateInputError('plan_power', 'runner', 'a model id', design.runner);
  const reps = repsOf({ ...design, registeredTasks }, t);
  const determinism = runnerDeterminism(design.runner);
  // At one rep a task is one trial, so either runner's trials are its observations.
  const deterministic = determinism.deterministic || reps === 1;
  const maxTasks = registeredTasks + tasksPerBatch * t.maxExtensions;
  const lowerAt = (tasks: number) => wilson(tasks, tasks).lower;
  const lowReg = lowerAt(registeredTasks);
  const lowMax = lowerAt(maxTasks);
  const effective: PlanEffective = {
    runnerDeterminism: determinism,
    registeredTasks,
    maxTasks,
    atRegistered: range(registeredTasks, t.registeredTrials, deterministic),
    atMax: range(maxTasks, t.maxTrials, deterministic),
    perfectClusteredLowerAtRegistered: lowReg,
    perfectClusteredLowerAtMax: lowMax,
    perfectClusteredPassAtRegistered: lowReg >= t.threshold,
    perfectClusteredPassAtMax: lowMax >= t.threshold,
  };
  const extended =
    maxTasks === registeredTasks
      ? ''
      : `, and ${observations(maxTasks, t.maxTrials, deterministic)} after the last extension`;
  const lead =
    reps === 1
      ? `One construct rep per task: ${t.registeredTrials} construct trials are ${registeredTasks} independent observations`
      : determinism.deterministic
        ? `A deterministic runner repeats itself, so its reps add no information: ${t.registeredTrials} construct trials are ${registeredTasks} independent observations`
        : `A sampled runner's reps may differ, by how much is unknown before the run: ${t.registeredTrials} construct trials carry ${registeredTasks} to ${t.registeredTrials} independent observations`;
  const explain = `${lead}${extended}; ${lowerClause(effective, t.threshold)}. The construct gate decides on this suite's trials: its claim is about these tasks, each of them observed (${WHERE}).`;
  return { effective, explain };
}
