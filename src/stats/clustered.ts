import { requireCount, requireOpenUnit, StatsInputError } from './errors.js';
import { type Interval, wilsonAt } from './wilson.js';

/**
 * Principle: trials of one task share its prompt, key and tools, so they are not independent; a
 * rate over tasks × reps trials carries the information of somewhere between `tasks` and `trials`
 * independent observations, and its interval is drawn at that effective size.
 *
 * Method (docs/statistics.md, "Task-clustered intervals"): the one-way ANOVA estimator of the
 * intraclass correlation for binary outcomes (Fleiss 1981; Ridout, Demétrio & Firth 1999; for
 * unequal task sizes with n0 in place of m, Donner 1986), the design effect deff = 1 + (m̄ − 1)·ρ̂
 * (Kish 1965; m̄ the mean trials per task), the effective sample size n / deff, and the
 * Wilson interval of the observed proportion at that size. ρ̂ is bounded to [0, 1], so n_eff lies
 * between the task count and the trial count and the interval is never narrower than plain Wilson.
 */

/** One task's trials: `k` successes of `m` completed trials (m = 0: not a cluster, left out). */
export interface ClusterCount {
  k: number;
  m: number;
}

/**
 * Why ρ̂ took a bound rather than the estimate (absent when the estimate stood inside [0, 1]):
 * `one_rep` one trial per task, so no design effect (deff = 1); `one_task` no between-task spread to
 * compare with (ρ̂ = 1, n_eff = 1); `reps_agree` every task all-pass or all-fail (ρ̂ = 1);
 * `below_zero` tasks no more alike within than between (0: never looser than plain Wilson).
 */
export const RHO_BOUNDS = ['one_rep', 'one_task', 'reps_agree', 'below_zero'] as const;
export type RhoBound = (typeof RHO_BOUNDS)[number];

export interface ClusteredRate {
  /** Successes and trials over every task. */
  k: number;
  n: number;
  /** Tasks with at least one trial (a task of size 0 is not a cluster). */
  tasks: number;
  /** Trials per task: the reps when every task has the same, else the mean n / tasks. */
  m: number;
  /** Whether every task has the same number of trials. */
  equalSizes: boolean;
  /** The ANOVA's cluster size, n0 = (n − Σm_i²/n)/(tasks − 1); m when sizes are equal. */
  n0: number;
  /** The intraclass correlation used, in [0, 1]. */
  rho: number;
  rhoBound?: RhoBound;
  deff: number;
  nEff: number;
  interval: Interval;
}

interface Sized {
  /** The clusters with at least one trial. */
  kept: ClusterCount[];
  k: number;
  n: number;
  equalSizes: boolean;
}

function requireClusters(clusters: readonly ClusterCount[]): Sized {
  if (!Array.isArray(clusters) || clusters.length === 0)
    throw new StatsInputError('clusters must be a non-empty array of {k, m}', { argument: 'clusters' });
  const kept: ClusterCount[] = [];
  let k = 0;
  let n = 0;
  clusters.forEach((c, i) => {
    const m = requireCount(`clusters[${i}].m`, c?.m);
    const ki = requireCount(`clusters[${i}].k`, c.k);
    if (ki > m)
      throw new StatsInputError(`clusters[${i}].k must be at most m (${m}); got ${ki}`, {
        argument: `clusters[${i}].k`,
        value: ki,
      });
    if (m === 0) return;
    kept.push({ k: ki, m });
    k += ki;
    n += m;
  });
  if (kept.length === 0)
    throw new StatsInputError('clusters must hold at least one trial (every m is 0)', {
      argument: 'clusters',
    });
  const first = kept[0]?.m;
  return { kept, k, n, equalSizes: kept.every((c) => c.m === first) };
}

/**
 * ρ̂ and the bound it took. The one-way ANOVA on the 0/1 outcomes with the task as the factor; for
 * unequal sizes the standard estimator replaces m by n0 = (n − Σm_i²/n)/(t − 1) (Donner 1986;
 * Ridout, Demétrio & Firth 1999), which is m exactly when every task has m trials.
 */
function anova({ kept, k, n }: Sized): { rho: number; bound?: RhoBound; n0: number } {
  const t = kept.length;
  if (n === t) return { rho: 0, bound: 'one_rep', n0: 1 };
  if (t === 1) return { rho: 1, bound: 'one_task', n0: n };
  const p = k / n;
  const n0 = (n - kept.reduce((a, c) => a + c.m * c.m, 0) / n) / (t - 1);
  const between = kept.reduce((a, c) => a + c.m * (c.k / c.m - p) ** 2, 0) / (t - 1);
  const within = kept.reduce((a, c) => a + (c.k * (c.m - c.k)) / c.m, 0) / (n - t);
  if (within === 0) return { rho: 1, bound: 'reps_agree', n0 };
  const rho = (between - within) / (between + (n0 - 1) * within);
  // A rounding residue either side of 0 (equal mean squares) is 0, not a bound.
  if (rho < -1e-12) return { rho: 0, bound: 'below_zero', n0 };
  return { rho: Math.min(1, Math.max(0, rho)), n0 };
}

/** The rate over every trial with its task-clustered Wilson interval. */
export function clusteredRate(clusters: readonly ClusterCount[], confidence = 0.95): ClusteredRate {
  requireOpenUnit('confidence', confidence);
  const sized = requireClusters(clusters);
  const { k, n, equalSizes } = sized;
  const tasks = sized.kept.length;
  const m = n / tasks;
  const { rho, bound, n0 } = anova(sized);
  // Kish's design effect at the mean cluster size (the reps when sizes are equal).
  const deff = 1 + (m - 1) * rho;
  // deff lies in [1, m], so n / deff lies in [tasks, n]; clamped against rounding at the ends.
  const nEff = Math.min(n, Math.max(tasks, n / deff));
  const interval = wilsonAt(k / n, nEff, confidence, { none: k === 0, all: k === n });
  return { k, n, tasks, m, equalSizes, n0, rho, ...(bound ? { rhoBound: bound } : {}), deff, nEff, interval };
}
