import { z } from 'zod';
import { type ClusterCount, clusteredRate, RHO_BOUNDS } from '../stats/index.js';
import { ClusteredInterval, clusteredInterval } from './clustered.js';
import { Count, NonEmpty, PositiveCount, StoredInterval, Unit } from './common.js';

/** The method at unequal task sizes: a new name, so it is never read as the equal-size one. */
export const CLUSTERED_UNEQUAL_METHOD =
  'wilson at n/deff; deff = 1 + (mean m - 1) * rho; rho: one-way ANOVA with n0 for unequal task sizes, bounded to [0, 1]';

/**
 * A gate rate's per-task counts: `k` successes of `m` trials that count toward the rate (construct:
 * completed, without oracle errors; null-random-args: applicable). A task with m = 0 is not a cluster.
 */
export const TaskCount = z
  .looseObject({ taskId: NonEmpty, k: Count, m: Count })
  .refine((c) => c.k <= c.m, { message: 'k must not exceed m', path: ['k'] });
export type TaskCount = z.infer<typeof TaskCount>;

/**
 * The clustered interval when task sizes differ (docs/statistics.md, "Unequal task sizes"): ρ̂ from
 * the one-way ANOVA with n0 in place of m, deff at the mean size `trials / tasks`.
 */
export const UnequalClusteredInterval = z
  .looseObject({
    method: z.literal(CLUSTERED_UNEQUAL_METHOD),
    /** Tasks with at least one trial. */
    tasks: PositiveCount,
    trials: PositiveCount,
    /** The ANOVA's cluster size n0 = (trials − Σm_i²/trials)/(tasks − 1). */
    n0: z.number().min(1),
    rho: Unit,
    rhoBound: z.enum(RHO_BOUNDS).optional(),
    deff: z.number().min(1),
    nEff: z.number().positive(),
    wilson: StoredInterval,
  })
  .superRefine((c, ctx) => {
    if (Math.abs(c.deff - (1 + (c.trials / c.tasks - 1) * c.rho)) > 1e-9)
      ctx.addIssue({ code: 'custom', path: ['deff'], message: 'expected 1 + (trials / tasks − 1)·rho' });
    if (c.nEff < c.tasks - 1e-9 || c.nEff > c.trials + 1e-9)
      ctx.addIssue({ code: 'custom', path: ['nEff'], message: 'expected tasks <= nEff <= trials' });
  });
export type UnequalClusteredInterval = z.infer<typeof UnequalClusteredInterval>;

/** A gate rate's clustered block: the equal-size shape when every task has the same trials. */
export const GateClustered = z.union([ClusteredInterval, UnequalClusteredInterval]);
export type GateClustered = z.infer<typeof GateClustered>;

/** The clustered block for a gate rate's per-task counts: the one function gates and verify call. */
export function gateClustered(perTask: readonly ClusterCount[]): GateClustered {
  const r = clusteredRate(perTask, 0.95);
  if (r.equalSizes) return clusteredInterval(perTask);
  return {
    method: CLUSTERED_UNEQUAL_METHOD,
    tasks: r.tasks,
    trials: r.n,
    n0: r.n0,
    rho: r.rho,
    ...(r.rhoBound ? { rhoBound: r.rhoBound } : {}),
    deff: r.deff,
    nEff: r.nEff,
    wilson: { ...r.interval },
  };
}

/** Trials the block rests on, whichever shape it has. */
export function clusteredTrials(c: GateClustered): number {
  return c.method === CLUSTERED_UNEQUAL_METHOD ? c.trials : c.tasks * c.m;
}

/** A rate carrying per-task counts: they sum to its k and n, and the block rests on the same trials. */
export function perTaskAgrees(
  r: {
    k: number;
    n: number;
    perTask?: readonly TaskCount[] | undefined;
    clustered?: GateClustered | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (r.clustered !== undefined && r.perTask === undefined)
    ctx.addIssue({ code: 'custom', path: ['clustered'], message: 'a clustered block needs perTask' });
  if (r.perTask === undefined) return;
  const k = r.perTask.reduce((a, c) => a + c.k, 0);
  const n = r.perTask.reduce((a, c) => a + c.m, 0);
  if (k !== r.k || n !== r.n)
    ctx.addIssue({
      code: 'custom',
      path: ['perTask'],
      message: `per-task counts sum to ${k}/${n}, not ${r.k}/${r.n}`,
    });
  if (r.clustered !== undefined && clusteredTrials(r.clustered) !== r.n)
    ctx.addIssue({
      code: 'custom',
      path: ['clustered'],
      message: `expected the block to rest on ${r.n} trials`,
    });
}
