import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binomCdf } from './binomial.js';
import { criticalCount } from './power.js';

/**
 * The construct gate decides on trials because its claim is about the registered suite, each task
 * observed (docs/statistics.md, "Which question each interval answers"). That rests on one fact:
 * trials of tasks with unequal pass rates p_i sum to a count more concentrated than the binomial of
 * their mean (Hoeffding 1956, Theorem 4), so the binomial's tails bound the true ones. These tests
 * check the fact, and the gate's FAIL test built on it, against the exact distribution.
 */

/** P(X ≤ k) for X a sum of independent Bernoulli(p_i): the Poisson-binomial CDF, by dynamic programming. */
function poissonBinomialCdf(k: number, rates: readonly number[]): number {
  let dist = [1];
  for (const p of rates) {
    const next = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((w, i) => {
      next[i] = (next[i] ?? 0) + w * (1 - p);
      next[i + 1] = (next[i + 1] ?? 0) + w * p;
    });
    dist = next;
  }
  return dist.slice(0, k + 1).reduce((a, b) => a + b, 0);
}

/** Each task's rate repeated for its reps: the trials of a suite. */
const trialsOf = (taskRates: readonly number[], reps: number) =>
  taskRates.flatMap((p) => Array(reps).fill(p));

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

const suite = fc.record({
  taskRates: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 30 }),
  reps: fc.integer({ min: 1, max: 4 }),
});

describe('trials of a fixed suite are no more spread than the binomial of their mean', () => {
  it('lower tail: P(X ≤ b) ≤ P(Bin(n, p̄) ≤ b) for every b ≤ n·p̄ − 1 (fast-check)', () => {
    fc.assert(
      fc.property(suite, ({ taskRates, reps }) => {
        const trials = trialsOf(taskRates, reps);
        const n = trials.length;
        const pBar = mean(trials);
        for (let b = 0; b <= n * pBar - 1; b++)
          expect(poissonBinomialCdf(b, trials)).toBeLessThanOrEqual(binomCdf(b, n, pBar) + 1e-12);
      }),
      { numRuns: 300 },
    );
  });

  it('upper tail: P(X ≥ b) ≤ P(Bin(n, p̄) ≥ b) for every b ≥ n·p̄ + 1 (fast-check)', () => {
    fc.assert(
      fc.property(suite, ({ taskRates, reps }) => {
        const trials = trialsOf(taskRates, reps);
        const n = trials.length;
        const pBar = mean(trials);
        for (let b = Math.ceil(n * pBar + 1); b <= n; b++)
          expect(1 - poissonBinomialCdf(b - 1, trials)).toBeLessThanOrEqual(
            1 - binomCdf(b - 1, n, pBar) + 1e-12,
          );
      }),
      { numRuns: 300 },
    );
  });

  it('so the construct FAIL test, at a suite whose mean rate is the threshold, fails no more often than α', () => {
    // 16 tasks × 3 reps, the default registration: half the tasks at 0.99, half at 0.81 (mean 0.90).
    const taskRates = Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? 0.99 : 0.81));
    const trials = trialsOf(taskRates, 3);
    const c = criticalCount(48, 0.9, 0.05) ?? -1;
    expect(c).toBeGreaterThanOrEqual(0);
    const falseFail = poissonBinomialCdf(c, trials);
    expect(falseFail).toBeLessThan(binomCdf(c, 48, 0.9));
    expect(falseFail).toBeLessThan(0.05);
  });

  it('a deterministic reference (every p_i 0 or 1) leaves no uncertainty about the suite’s rate', () => {
    const trials = trialsOf([1, 1, 1, 0], 3);
    expect(poissonBinomialCdf(8, trials)).toBe(0);
    expect(poissonBinomialCdf(9, trials)).toBe(1);
  });
});
