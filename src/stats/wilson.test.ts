import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StatsInputError } from './errors.js';
import { normalQuantile } from './normal.js';
import { wilson } from './wilson.js';

const countPair = fc
  .integer({ min: 1, max: 5000 })
  .chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)));
const confidence = fc.oneof(
  fc.constantFrom(0.95, 0.9, 0.99),
  fc.double({ min: 0.01, max: 0.999999, noNaN: true }),
);

describe('wilson', () => {
  it('keeps 0 <= lower <= point <= upper <= 1 (fast-check)', () => {
    fc.assert(
      fc.property(countPair, confidence, ([k, n], c) => {
        const interval = wilson(k, n, c);
        expect(interval.point).toBe(k / n);
        expect(0 <= interval.lower && interval.lower <= interval.point).toBe(true);
        expect(interval.point <= interval.upper && interval.upper <= 1).toBe(true);
      }),
    );
  });

  it('bounds are the roots of the score equation (p̂ − π)² = z²·π(1 − π)/n (fast-check)', () => {
    fc.assert(
      fc.property(countPair, confidence, ([k, n], c) => {
        const { lower, upper, z, point } = wilson(k, n, c);
        for (const bound of [lower, upper]) {
          const residual = (point - bound) ** 2 - (z * z * bound * (1 - bound)) / n;
          expect(Math.abs(residual)).toBeLessThan(1e-12);
        }
      }),
    );
  });

  it('bounds rise with k and the interval widens with confidence (fast-check)', () => {
    fc.assert(
      fc.property(countPair, ([k, n]) => {
        if (k < n) {
          expect(wilson(k + 1, n).lower).toBeGreaterThan(wilson(k, n).lower);
          expect(wilson(k + 1, n).upper).toBeGreaterThan(wilson(k, n).upper);
        }
        const narrow = wilson(k, n, 0.9);
        const wide = wilson(k, n, 0.99);
        expect(wide.lower).toBeLessThanOrEqual(narrow.lower);
        expect(wide.upper).toBeGreaterThanOrEqual(narrow.upper);
      }),
    );
  });

  it('is exactly 0 / 1 at the edges and matches the closed form n/(n + z²) at k = n', () => {
    const all = wilson(48, 48);
    expect(all.upper).toBe(1);
    expect(all.lower).toBeCloseTo(48 / (48 + all.z ** 2), 14);
    expect(wilson(0, 10).lower).toBe(0);
  });

  it('uses z = Φ⁻¹(1 − (1 − confidence)/2)', () => {
    expect(wilson(5, 10, 0.9).z).toBeCloseTo(normalQuantile(0.95), 13);
    expect(wilson(5, 10, 0.99).z).toBeCloseTo(2.5758293035489, 12);
  });

  it.each([
    [1, 0, 0.95, 'n must be a positive integer; got n=0'],
    [11, 10, 0.95, 'k must be an integer in [0, n] (n=10); got k=11'],
    [1.5, 10, 0.95, 'k must be an integer in [0, n] (n=10); got k=1.5'],
    [1, 10, 1, 'confidence must be in (0, 1); got confidence=1'],
    [1, 10, Number.NaN, 'confidence must be in (0, 1); got confidence=NaN'],
  ])('wilson(%s, %s, %s) throws: %s', (k, n, c, message) => {
    expect(() => wilson(k, n, c)).toThrow(StatsInputError);
    expect(() => wilson(k, n, c)).toThrow(message);
  });
});
