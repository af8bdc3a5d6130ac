import { z } from 'zod';
import { type ClusterCount, clusteredRate, RHO_BOUNDS } from '../stats/index.js';
import { PositiveCount, StoredInterval, Unit } from './common.js';

/** The method, named in every block so a later method is a new name, never a silent change. */
export const CLUSTERED_METHOD =
  'wilson at n/deff; deff = 1 + (m - 1) * rho; rho: one-way ANOVA, bounded to [0, 1]';

/**
 * A rate's task-clustered interval (docs/statistics.md, "Task-clustered intervals"): trials of one
 * task are not independent, so the interval is drawn at the effective sample size n / deff, which
 * lies between the task count and the trial count. This is the interval decisions use.
 */
export const ClusteredInterval = z
  .looseObject({
    method: z.literal(CLUSTERED_METHOD),
    tasks: PositiveCount,
    /** Reps per task. */
    m: PositiveCount,
    rho: Unit,
    rhoBound: z.enum(RHO_BOUNDS).optional(),
    deff: z.number().min(1),
    nEff: z.number().positive(),
    wilson: StoredInterval,
  })
  .superRefine((c, ctx) => {
    if (Math.abs(c.deff - (1 + (c.m - 1) * c.rho)) > 1e-9)
      ctx.addIssue({ code: 'custom', path: ['deff'], message: 'expected 1 + (m − 1)·rho' });
    if (c.nEff < c.tasks - 1e-9 || c.nEff > c.tasks * c.m + 1e-9)
      ctx.addIssue({ code: 'custom', path: ['nEff'], message: 'expected tasks <= nEff <= tasks × m' });
  });
export type ClusteredInterval = z.infer<typeof ClusteredInterval>;

/** The clustered block for per-task counts: the function build and verify both call. */
export function clusteredInterval(clusters: readonly ClusterCount[]): ClusteredInterval {
  const r = clusteredRate(clusters, 0.95);
  return {
    method: CLUSTERED_METHOD,
    tasks: r.tasks,
    m: r.m,
    rho: r.rho,
    ...(r.rhoBound ? { rhoBound: r.rhoBound } : {}),
    deff: r.deff,
    nEff: r.nEff,
    wilson: { ...r.interval },
  };
}

/** The interval decisions use: the clustered one, or plain Wilson on a record made before it. */
export function decidingInterval(rate: {
  wilson: StoredInterval;
  clustered?: ClusteredInterval;
}): StoredInterval {
  return rate.clustered?.wilson ?? rate.wilson;
}
