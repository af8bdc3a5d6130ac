import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binomCdf } from './binomial.js';
import { StatsInputError } from './errors.js';
import { achievedPower, criticalCount, planSampleSize } from './power.js';

const threshold = fc.oneof(
  fc.double({ min: 0.05, max: 1, noNaN: true }),
  fc.constantFrom(0.9, 0.95, 0.8, 0.5, 1),
);
const alpha = fc.oneof(fc.double({ min: 0.001, max: 0.5, noNaN: true }), fc.constantFrom(0.05, 0.01, 0.1));

describe('criticalCount', () => {
  it('sits exactly on the boundary: P(X<=c) < alpha <= P(X<=c+1) (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), threshold, alpha, (n, t, a) => {
        const c = criticalCount(n, t, a);
        if (c === undefined) {
          expect(binomCdf(0, n, t)).toBeGreaterThanOrEqual(a);
        } else {
          expect(binomCdf(c, n, t)).toBeLessThan(a);
          if (c < n) expect(binomCdf(c + 1, n, t)).toBeGreaterThanOrEqual(a);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('agrees with the raw FAIL rule: every k at or below it, and only those, have p < alpha', () => {
    const n = 36;
    const c = criticalCount(n, 0.9, 0.05);
    expect(c).toBe(28);
    for (let k = 0; k <= n; k++) expect(binomCdf(k, n, 0.9) < 0.05).toBe(k <= 28);
  });

  it('is undefined when even zero successes are not rare enough', () => {
    // P(X = 0 | n = 1, T = 0.9) = 0.1 >= 0.05; n = 2 gives 0.01 < 0.05.
    expect(criticalCount(1, 0.9, 0.05)).toBeUndefined();
    expect(criticalCount(2, 0.9, 0.05)).toBe(0);
    expect(criticalCount(0, 0.9, 0.05)).toBeUndefined();
  });

  it('at T = 1 any shortfall is a failure', () => {
    expect(criticalCount(10, 1, 0.05)).toBe(9);
  });
});

describe('achievedPower', () => {
  it('is P(X <= c | n, d) at the critical count, 0 when there is none (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        threshold,
        alpha,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, t, a, f) => {
          const d = f * t * 0.999;
          const c = criticalCount(n, t, a);
          const power = achievedPower({ n, threshold: t, alpha: a, detectableRate: d });
          expect(power).toBe(c === undefined ? 0 : binomCdf(c, n, d));
          expect(power).toBeGreaterThanOrEqual(0);
          expect(power).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is sawtoothed in n: more trials can mean less power', () => {
    const at = (n: number) => achievedPower({ n, threshold: 0.9, alpha: 0.05, detectableRate: 0.8 });
    const dips = [];
    for (let n = 6; n <= 120; n++) if (at(n) < at(n - 1)) dips.push(n);
    expect(dips.length).toBeGreaterThan(5);
    // 78 reaches the planned 0.80 but 80, two trials more, does not.
    expect(at(78)).toBeGreaterThanOrEqual(0.8);
    expect(at(80)).toBeLessThan(0.8);
  });
});

describe('planSampleSize', () => {
  it('returns the smallest n reaching the power, with its critical count (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0.9, 0.95, 0.8, 0.7),
        fc.constantFrom(0.05, 0.1),
        fc.double({ min: 0.3, max: 0.9, noNaN: true }),
        fc.constantFrom(0.5, 0.8, 0.9),
        fc.integer({ min: 1, max: 20 }),
        (t, a, ratio, power, minN) => {
          const d = t * ratio;
          const plan = planSampleSize({ threshold: t, alpha: a, detectableRate: d, power, minN, maxN: 2000 });
          expect(plan.n).toBeGreaterThanOrEqual(minN);
          expect(plan.power).toBeGreaterThanOrEqual(power);
          expect(plan.power).toBe(achievedPower({ n: plan.n, threshold: t, alpha: a, detectableRate: d }));
          expect(plan.failAtOrBelow).toBe(criticalCount(plan.n, t, a));
          for (let n = minN; n < plan.n; n++) {
            expect(achievedPower({ n, threshold: t, alpha: a, detectableRate: d })).toBeLessThan(power);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('starts at minN = 5 by default', () => {
    const plan = planSampleSize({ threshold: 0.9, alpha: 0.05, detectableRate: 0.01, power: 0.5 });
    expect(plan.n).toBe(5);
  });

  it('throws a typed error naming the plan when no n up to maxN reaches the power', () => {
    const plan = () =>
      planSampleSize({ threshold: 0.9, alpha: 0.05, detectableRate: 0.8, power: 0.8, maxN: 77 });
    expect(plan).toThrow(StatsInputError);
    expect(plan).toThrow(
      'power=0.8 is not reached by any n in [5, 77] at threshold=0.9, alpha=0.05, detectableRate=0.8',
    );
  });

  it('rejects a detectable rate at or above the threshold', () => {
    expect(() => planSampleSize({ threshold: 0.9, alpha: 0.05, detectableRate: 0.9, power: 0.8 })).toThrow(
      'detectableRate must be below threshold (threshold=0.9); got detectableRate=0.9',
    );
  });

  it('rejects maxN below minN and bad bounds', () => {
    const base = { threshold: 0.9, alpha: 0.05, detectableRate: 0.8, power: 0.8 };
    expect(() => planSampleSize({ ...base, minN: 10, maxN: 9 })).toThrow(
      'maxN must be at least minN (minN=10); got maxN=9',
    );
    expect(() => planSampleSize({ ...base, minN: 0 })).toThrow('minN must be a positive integer; got minN=0');
    expect(() => planSampleSize({ ...base, maxN: 1.5 })).toThrow(
      'maxN must be a positive integer; got maxN=1.5',
    );
    expect(() => planSampleSize({ ...base, power: 1 })).toThrow('power must be in (0, 1); got power=1');
  });
});
