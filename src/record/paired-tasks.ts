import { z } from 'zod';
import { signFlipExact } from '../stats/sign-flip.js';
import { Count, NonEmpty, OpenUnit, PositiveCount, Unit } from './common.js';

/** The method, named in every block so a later method is a new name, never a silent change. */
export const TASK_LEVEL_METHOD =
  'exact sign-flip permutation test over tasks, two-sided; d = rewritten - original first-try successes per task';

/** The test the first reruns registered and decided by: trials as the unit. Read on old records only. */
export const TRIAL_LEVEL_TEST = 'exact McNemar, two-sided';

/** What a rerun reports about the rewrites: improved, worsened, or no measurable effect. */
export const RERUN_VERDICTS = ['improved', 'worsened', 'no measurable effect'] as const;
export type RerunVerdict = (typeof RERUN_VERDICTS)[number];

/**
 * The verdict of a two-sided test: no measurable effect unless it rejects, then the direction of
 * the difference (rewritten minus original) decides.
 */
export function verdictOf(rejects: boolean, direction: number): RerunVerdict {
  if (!rejects) return 'no measurable effect';
  return direction > 0 ? 'improved' : 'worsened';
}

/** One task's paired reps: first-try successes in each run and their difference. */
export const PairedTask = z
  .looseObject({
    taskId: NonEmpty,
    /** Reps of this task paired (by task id × rep) in both runs. */
    reps: PositiveCount,
    original: Count,
    rewritten: Count,
    /** rewritten − original. */
    difference: z.int(),
  })
  .superRefine((t, ctx) => {
    if (t.original > t.reps || t.rewritten > t.reps)
      ctx.addIssue({ code: 'custom', path: ['reps'], message: 'expected successes <= reps' });
    if (t.difference !== t.rewritten - t.original)
      ctx.addIssue({ code: 'custom', path: ['difference'], message: 'expected rewritten − original' });
  });
export type PairedTask = z.infer<typeof PairedTask>;

/**
 * The rerun's decision (docs/statistics.md, "Paired reruns: the task-level sign-flip test"): the
 * exact sign-flip test on the per-task differences at the registered alpha. The trial-level
 * McNemar beside it only describes the pairs.
 */
export const TaskLevelTest = z
  .looseObject({
    method: z.literal(TASK_LEVEL_METHOD),
    /** Tasks paired. */
    tasks: PositiveCount,
    /** Tasks whose difference is not zero: the only ones the test reads. */
    nonZero: Count,
    /** Tasks whose first-try successes rose with the rewrites, and fell (rose + fell = nonZero). */
    rose: Count,
    fell: Count,
    /** Σ differences. */
    statistic: z.int(),
    pValue: Unit,
    alpha: OpenUnit,
    rejects: z.boolean(),
    perTask: z.array(PairedTask).min(1),
  })
  .superRefine((t, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (t.tasks !== t.perTask.length) issue('tasks', 'expected the number of perTask entries');
    if (new Set(t.perTask.map((p) => p.taskId)).size !== t.perTask.length)
      issue('perTask', 'expected each task once');
    if (t.statistic !== t.perTask.reduce((a, p) => a + p.difference, 0))
      issue('statistic', 'expected the sum of the differences');
    if (t.nonZero !== t.perTask.filter((p) => p.difference !== 0).length)
      issue('nonZero', 'expected the tasks whose difference is not zero');
    if (t.rose !== t.perTask.filter((p) => p.difference > 0).length || t.rose + t.fell !== t.nonZero)
      issue('rose', 'expected the tasks whose difference is above zero, and rose + fell = nonZero');
    if (t.rejects !== t.pValue < t.alpha) issue('rejects', 'expected pValue < alpha');
  });
export type TaskLevelTest = z.infer<typeof TaskLevelTest>;

/** One task's counts before the test: what the pairing produces and verify reads back. */
export type TaskCounts = Pick<PairedTask, 'taskId' | 'reps' | 'original' | 'rewritten'>;

/** The task-level block for per-task counts: the function the rerun and verify both call. */
export function taskLevelTest(tasks: readonly TaskCounts[], alpha: number): TaskLevelTest {
  const perTask = tasks.map((t) => ({
    taskId: t.taskId,
    reps: t.reps,
    original: t.original,
    rewritten: t.rewritten,
    difference: t.rewritten - t.original,
  }));
  const r = signFlipExact(
    perTask.map((t) => t.difference),
    alpha,
  );
  return {
    method: TASK_LEVEL_METHOD,
    tasks: r.tasks,
    nonZero: r.nonZero,
    rose: r.rose,
    fell: r.fell,
    statistic: r.statistic,
    pValue: r.pValue,
    alpha: r.alpha,
    rejects: r.rejects,
    perTask,
  };
}
