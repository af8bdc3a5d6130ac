import { dyadicToNumber } from './dyadic.js';
import { describeValue, requireInteger, requireOpenUnit, StatsInputError } from './errors.js';

/**
 * Principle: in a paired rerun the unit is the task, not the trial. Reps of one task share its
 * prompt, key and tools, so two tasks that flip at 3 reps are two observations, not six.
 *
 * Method (docs/statistics.md, "Paired reruns: the task-level sign-flip test"): each task i gives an
 * integer difference d_i (rewritten minus original first-try successes over its paired reps). Under
 * H0 (the rewrites change nothing) each d_i is symmetric around 0, so every one of the 2^t sign
 * assignments of the differences is equally likely. The statistic is S = Σ d_i; the exact two-sided
 * p-value is the share of assignments with |Σ ±d_i| ≥ |S|. A task with d_i = 0 contributes nothing
 * either way and is left out of the count of assignments.
 */

/** Up to this many non-zero differences the assignments are enumerated one by one. */
const ENUMERATION_LIMIT = 20;

/** The distribution's support, Σ|d_i|, is kept below this so the exact table stays small. */
const RANGE_LIMIT = 1_000_000;

export interface SignFlipResult {
  /** Differences given, zeros included. */
  tasks: number;
  /** Differences that are not zero: the only tasks the test reads. */
  nonZero: number;
  /** Differences above zero and below it (rose + fell = nonZero). */
  rose: number;
  fell: number;
  /** S = Σ d_i. */
  statistic: number;
  /** Exact two-sided p-value: P(|Σ ±d_i| ≥ |S|) over the 2^nonZero equally likely sign assignments. */
  pValue: number;
  alpha: number;
  rejects: boolean;
  /** How the exact count was made: one by one, or from the exact distribution of the sum. */
  computedBy: 'enumeration' | 'distribution';
}

function requireDifferences(differences: readonly number[]): number[] {
  if (!Array.isArray(differences) || differences.length === 0)
    throw new StatsInputError(
      `differences must be a non-empty array of integers; got ${describeValue(differences)}`,
      { argument: 'differences' },
    );
  const all = differences.map((d, i) => requireInteger(`differences[${i}]`, d));
  const range = all.reduce((a, d) => a + Math.abs(d), 0);
  if (range > RANGE_LIMIT)
    throw new StatsInputError(`Σ|differences| must be at most ${RANGE_LIMIT}; got ${range}`, {
      argument: 'differences',
      value: range,
    });
  return all;
}

/** Assignments with |Σ ±d_i| ≥ bound, one by one in Gray-code order (one sign flips per step). */
function countByEnumeration(ds: readonly number[], bound: number): bigint {
  let sum = ds.reduce((a, d) => a + d, 0);
  const signs = ds.map(() => 1);
  let count = Math.abs(sum) >= bound ? 1 : 0;
  for (let i = 1; i < 2 ** ds.length; i++) {
    // The bit that changes between Gray codes i − 1 and i is the lowest set bit of i.
    const j = 31 - Math.clz32(i & -i);
    const d = ds[j] ?? 0;
    sum -= 2 * (signs[j] ?? 1) * d;
    signs[j] = -(signs[j] ?? 1);
    if (Math.abs(sum) >= bound) count += 1;
  }
  return BigInt(count);
}

/**
 * Assignments with |Σ ±d_i| ≥ bound, from the exact distribution of the sum: counts[s + R] is the
 * number of assignments of the tasks so far with sum s, built one task at a time (O(t·R)).
 */
function countByDistribution(ds: readonly number[], bound: number): bigint {
  const range = ds.reduce((a, d) => a + Math.abs(d), 0);
  let counts: bigint[] = Array.from({ length: 2 * range + 1 }, () => 0n);
  counts[range] = 1n;
  for (const d of ds) {
    const next: bigint[] = Array.from({ length: 2 * range + 1 }, () => 0n);
    counts.forEach((c, at) => {
      if (c === 0n) return;
      next[at + d] = (next[at + d] ?? 0n) + c;
      next[at - d] = (next[at - d] ?? 0n) + c;
    });
    counts = next;
  }
  return counts.reduce((a, c, at) => (Math.abs(at - range) >= bound ? a + c : a), 0n);
}

/** The exact two-sided sign-flip permutation test on per-task paired differences. */
export function signFlipExact(differences: readonly number[], alpha = 0.05): SignFlipResult {
  requireOpenUnit('alpha', alpha);
  const all = requireDifferences(differences);
  const ds = all.filter((d) => d !== 0);
  const statistic = ds.reduce((a, d) => a + d, 0);
  const computedBy = ds.length <= ENUMERATION_LIMIT ? 'enumeration' : 'distribution';
  // No non-zero task, or S = 0: every assignment is at least as extreme, p = 1.
  const count =
    statistic === 0
      ? 2n ** BigInt(ds.length)
      : computedBy === 'enumeration'
        ? countByEnumeration(ds, Math.abs(statistic))
        : countByDistribution(ds, Math.abs(statistic));
  // count / 2^t, rounded once to the nearest double.
  const pValue = Math.min(1, dyadicToNumber(count, ds.length));
  return {
    tasks: all.length,
    nonZero: ds.length,
    rose: ds.filter((d) => d > 0).length,
    fell: ds.filter((d) => d < 0).length,
    statistic,
    pValue,
    alpha,
    rejects: pValue < alpha,
    computedBy,
  };
}

/**
 * The same count both ways, so the two computations can be checked against each other.
 * @internal For its tests only.
 */
export const signFlipCounts = { countByEnumeration, countByDistribution };
