import { z } from 'zod';
import { PositiveCount, Unit } from './common.js';
import { RunnerDeterminism } from './score.js';

/**
 * The independent observations a count of construct trials carries, as a range: at least the task
 * count (reps that agree add nothing), at most the trial count (reps independent). One number when
 * the two meet.
 */
export const EffectiveRange = z
  .looseObject({ min: PositiveCount, max: PositiveCount })
  .refine((r) => r.min <= r.max, { message: 'expected min <= max', path: ['min'] });
export type EffectiveRange = z.infer<typeof EffectiveRange>;

/**
 * The effective sample the plan stands on (docs/statistics.md, "The planner"). A deterministic
 * runner's reps of a task are identical, so its effective observations are exactly the task
 * counts; a sampled runner's lie in [tasks, trials] (ρ is unknown before the run). A perfect
 * reference run has every task all-pass, so its ρ̂ is 1 and its clustered interval is Wilson at
 * the task count, for either runner: the lower bounds and PASS flags here are that, against the
 * threshold. Recorded only: the construct gate decides on this suite's trials (docs/statistics.md,
 * 'Which question each interval answers').
 */
export const PlanEffective = z
  .looseObject({
    runnerDeterminism: RunnerDeterminism,
    registeredTasks: PositiveCount,
    /** Tasks after the last registered extension. */
    maxTasks: PositiveCount,
    atRegistered: EffectiveRange,
    atMax: EffectiveRange,
    /** Wilson 95% lower bound of a perfect reference run at its clustered effective size. */
    perfectClusteredLowerAtRegistered: Unit,
    perfectClusteredLowerAtMax: Unit,
    /** Whether that lower bound reaches the threshold. */
    perfectClusteredPassAtRegistered: z.boolean(),
    perfectClusteredPassAtMax: z.boolean(),
  })
  .superRefine((e, ctx) => {
    const sides = [
      ['atRegistered', e.atRegistered, e.registeredTasks],
      ['atMax', e.atMax, e.maxTasks],
    ] as const;
    for (const [path, range, tasks] of sides) {
      if (range.min !== tasks)
        ctx.addIssue({ code: 'custom', path: [path, 'min'], message: `expected the task count ${tasks}` });
      if (e.runnerDeterminism.deterministic && range.max !== range.min)
        ctx.addIssue({
          code: 'custom',
          path: [path, 'max'],
          message: 'expected a deterministic runner to add nothing past the task count',
        });
    }
  });
export type PlanEffective = z.infer<typeof PlanEffective>;
