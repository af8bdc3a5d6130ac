import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StatsInputError } from './errors.js';
import { percentileNearestRank } from './percentile.js';

describe('percentileNearestRank', () => {
  it('matches the textbook nearest-rank examples', () => {
    const values = [15, 20, 35, 40, 50];
    expect([5, 30, 40, 50, 100].map((p) => percentileNearestRank(values, p))).toEqual([15, 20, 20, 35, 50]);
    expect(percentileNearestRank([0.1, 0.4, 0.0], 95)).toBe(0.4);
    expect(percentileNearestRank([0.2], 95)).toBe(0.2);
  });

  it('takes the 95th percentile of 20 values as the 19th smallest (no rounding residue)', () => {
    const values = Array.from({ length: 20 }, (_, i) => 20 - i);
    expect(percentileNearestRank(values, 95)).toBe(19);
  });

  it('is undefined for no values', () => {
    expect(percentileNearestRank([], 95)).toBeUndefined();
  });

  it('returns a member with at least P% at or below it and fewer than P% strictly below (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 100 }),
        (values, percentile) => {
          const result = percentileNearestRank(values, percentile);
          expect(result).toBeDefined();
          expect(values.some((v) => Object.is(v, result) || v === result)).toBe(true);
          const atOrBelow = values.filter((v) => v <= (result ?? Number.NaN)).length;
          const below = values.filter((v) => v < (result ?? Number.NaN)).length;
          expect(atOrBelow * 100).toBeGreaterThanOrEqual(percentile * values.length);
          expect(below * 100).toBeLessThan(percentile * values.length);
        },
      ),
    );
  });

  it('does not reorder the caller’s array', () => {
    const values = [3, 1, 2];
    percentileNearestRank(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });

  it.each([
    [[1, 2], 0, 'percentile must be in (0, 100]; got percentile=0'],
    [[1, 2], 100.5, 'percentile must be in (0, 100]; got percentile=100.5'],
    [[1, 2], Number.NaN, 'percentile must be a finite number; got percentile=NaN'],
    [[1, Number.NaN], 50, 'values[1] must be a finite number; got values[1]=NaN'],
    [[Number.POSITIVE_INFINITY], 50, 'values[0] must be a finite number; got values[0]=Infinity'],
  ])('rejects %o at %f', (values, percentile, message) => {
    expect(() => percentileNearestRank(values, percentile)).toThrow(StatsInputError);
    expect(() => percentileNearestRank(values, percentile)).toThrow(message);
  });
});
