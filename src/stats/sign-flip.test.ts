import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StatsInputError } from './errors.js';
import { mcnemarExact } from './mcnemar.js';
import { signFlipCounts, signFlipExact } from './sign-flip.js';

const Vector = z.object({
  name: z.string(),
  differences: z.array(z.number()),
  alpha: z.number(),
  nonZero: z.number(),
  statistic: z.number(),
  pValue: z.number(),
  rejects: z.boolean(),
});
const reference = z
  .object({ vectors: z.array(Vector) })
  .parse(
    JSON.parse(
      readFileSync(new URL('../../test/fixtures/reference/sign-flip.json', import.meta.url), 'utf8'),
    ),
  );

describe('signFlipExact against Python (scripts/reference/sign-flip.py)', () => {
  it.each(reference.vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const r = signFlipExact(v.differences, v.alpha);
    expect(r.tasks).toBe(v.differences.length);
    expect(r.nonZero).toBe(v.nonZero);
    expect(r.statistic).toBe(v.statistic);
    // Both sides are an exact count over 2^t rounded once: equal, not merely close.
    expect(r.pValue).toBe(v.pValue);
    expect(r.rejects).toBe(v.rejects);
  });
});

describe('signFlipExact', () => {
  it('the issue’s two tasks flipping at 3 reps are not "improved": p = 0.5, where trial McNemar says 0.031', () => {
    expect(mcnemarExact(0, 6).pValue).toBe(0.03125);
    const r = signFlipExact([3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(r).toMatchObject({
      tasks: 16,
      nonZero: 2,
      rose: 2,
      fell: 0,
      statistic: 6,
      pValue: 0.5,
      rejects: false,
    });
  });

  it('with one rep per task it is the exact McNemar test (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1, max: 1 }), { minLength: 1, maxLength: 30 }), (ds) => {
        const c = ds.filter((d) => d === 1).length;
        const b = ds.filter((d) => d === -1).length;
        expect(signFlipExact(ds).pValue).toBeCloseTo(mcnemarExact(b, c).pValue, 14);
      }),
    );
  });

  it('enumeration and the distribution of the sum count the same (fast-check)', () => {
    const { countByEnumeration, countByDistribution } = signFlipCounts;
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: -3, max: 3 }).filter((d) => d !== 0),
          { minLength: 1, maxLength: 12 },
        ),
        fc.integer({ min: 0, max: 40 }),
        (ds, bound) => {
          expect(countByDistribution(ds, bound)).toBe(countByEnumeration(ds, bound));
        },
      ),
    );
  });

  it('is symmetric: reversing every sign keeps p and flips the statistic', () => {
    const ds = [2, -1, 3, 1, -2, 1, 0, 2];
    const r = signFlipExact(ds);
    const flipped = signFlipExact(ds.map((d) => -d));
    expect(flipped.pValue).toBe(r.pValue);
    expect(flipped.statistic).toBe(-r.statistic);
    expect([r.rose, r.fell, flipped.rose, flipped.fell]).toEqual([5, 2, 2, 5]);
  });

  it('enumerates up to 20 non-zero tasks and uses the exact distribution beyond, zeros not counted', () => {
    expect(signFlipExact([...Array(20).fill(1), 0, 0]).computedBy).toBe('enumeration');
    expect(signFlipExact(Array(21).fill(1)).computedBy).toBe('distribution');
    // 200 tasks at m = 3 stay fast and exact: all improved is 2 / 2^200.
    const r = signFlipExact(Array(200).fill(3));
    expect(r.pValue).toBe(2 ** -199);
    expect(r.rejects).toBe(true);
  });

  it('refuses differences that are not integers, an empty list, and a bad alpha', () => {
    expect(() => signFlipExact([])).toThrow(StatsInputError);
    expect(() => signFlipExact([1, 0.5])).toThrow(
      /differences\[1\] must be an integer; got differences\[1\]=0.5/,
    );
    expect(() => signFlipExact([1, Number.NaN])).toThrow(StatsInputError);
    expect(() => signFlipExact([2_000_000])).toThrow(/at most 1000000/);
    expect(() => signFlipExact([1], 1)).toThrow(/alpha must be in \(0, 1\)/);
  });
});
