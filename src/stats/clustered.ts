import { requireCount, requireOpenUnit, requirePositiveCount, StatsInputError } from './errors.js';
import { type Interval, wilsonAt } from './wilson.js';

/**
 * Principle: trials of one task share its prompt, key and tools, so they are not independent; a
 * rate over tasks × reps trials carries the information of somewhere between `tasks` and `trials`
 * independent observations, and its interval is drawn at that effective size.
 *
 * Method (docs/statistics.md, "Task-clustered intervals"): the one-way ANOVA estimator of the
 * intraclass correlation for binary outcomes (Fleiss 1981; Ridout, Demétrio & Firth 1999), the
 * design effect deff = 1 + (m − 1)·ρ̂ (Kish 1965), the effective sample size n / deff, and the
 * Wilson interval of the observed proportion at that size. ρ̂ is bounded to [0, 1], so n_eff lies
 * between the task count and the trial count and the interval is never narrower than plain Wilson.
 */

/** One task's trials: `k` successes of `m` reps. */
export interface ClusterCount {
  k: number;
  m: number;
}

/**
 * Why ρ̂ took a bound rather than the estimate (absent when the estimate stood inside [0, 1]):
 * `one_rep` one rep per task, so no design effect (deff = 1); `one_task` no between-task spread to
 * compare with (ρ̂ = 1, n_eff = 1); `reps_agree` every task all-pass or all-fail (ρ̂ = 1);
 * `below_zero` tasks no more alike within than between (0: never looser than plain Wilson).
 */
export const RHO_BOUNDS = ['one_rep', 'one_task', 'reps_agree', 'below_zero'] as const;
export type RhoBound = (typeof RHO_BOUNDS)[number];

export interface ClusteredRate {
  /** Successes and trials over every task. */
  k: number;
  n: number;
  tasks: number;
  /** Reps per task (every task has the same). */
  m: number;
  /** The intraclass correlation used, in [0, 1]. */
  rho: number;
  rhoBound?: RhoBound;
  deff: number;
  nEff: number;
  interval: Interval;
}

function requireClusters(clusters: readonly ClusterCount[]): { m: number; k: number } {
  if (!Array.isArray(clusters) || clusters.length === 0)
    throw new StatsInputError('clusters must be a non-empty array of {k, m}', { argument: 'clusters' });
  const m = requirePositiveCount('clusters[0].m', clusters[0]?.m);
  let k = 0;
  clusters.forEach((c, i) => {
    if (requirePositiveCount(`clusters[${i}].m`, c?.m) !== m)
      throw new StatsInputError(`clusters[${i}].m must equal clusters[0].m (${m}); got ${c.m}`, {
        argument: `clusters[${i}].m`,
        value: c.m,
      });
    const ki = requireCount(`clusters[${i}].k`, c.k);
    if (ki > m)
      throw new StatsInputError(`clusters[${i}].k must be at most m (${m}); got ${ki}`, {
        argument: `clusters[${i}].k`,
        value: ki,
      });
    k += ki;
  });
  return { m, k };
}

/** ρ̂ and the bound it took, from equal-sized clusters of binary outcomes. */
export function intraclassCorrelation(clusters: readonly ClusterCount[]): { rho: number; bound?: RhoBound } {
  const { m, k } = requireClusters(clusters);
  const t = clusters.length;
  if (m === 1) return { rho: 0, bound: 'one_rep' };
  if (t === 1) return { rho: 1, bound: 'one_task' };
  const p = k / (t * m);
  // Mean squares of the one-way ANOVA on the 0/1 outcomes, task as the factor.
  const between = clusters.reduce((a, c) => a + m * (c.k / m - p) ** 2, 0) / (t - 1);
  const within = clusters.reduce((a, c) => a + (c.k * (m - c.k)) / m, 0) / (t * (m - 1));
  if (within === 0) return { rho: 1, bound: 'reps_agree' };
  const rho = (between - within) / (between + (m - 1) * within);
  // A rounding residue either side of 0 (equal mean squares) is 0, not a bound.
  if (rho < -1e-12) return { rho: 0, bound: 'below_zero' };
  return { rho: Math.min(1, Math.max(0, rho)) };
}

/** The rate over every trial with its task-clustered Wilson interval. */
export function clusteredRate(clusters: readonly ClusterCount[], confidence = 0.95): ClusteredRate {
  requireOpenUnit('confidence', confidence);
  const { m, k } = requireClusters(clusters);
  const tasks = clusters.length;
  const n = tasks * m;
  const { rho, bound } = intraclassCorrelation(clusters);
  const deff = 1 + (m - 1) * rho;
  // deff lies in [1, m], so n / deff lies in [tasks, n]; clamped against rounding at the ends.
  const nEff = Math.min(n, Math.max(tasks, n / deff));
  const interval = wilsonAt(k / n, nEff, confidence, { none: k === 0, all: k === n });
  return { k, n, tasks, m, rho, ...(bound ? { rhoBound: bound } : {}), deff, nEff, interval };
}
