import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StatsInputError } from './errors.js';
import { normalCdf, normalQuantile } from './normal.js';

// Reference values computed with mpmath at 50+ digits for the exact double inputs shown, then
// rounded to the nearest double.
const cdfReference: [number, number][] = [
  [-37, 5.725571222524577e-300],
  [-20, 2.7536241186062337e-89],
  [-10, 7.619853024160525e-24],
  [-5, 2.866515718791939e-7],
  [-3, 0.0013498980316300946],
  [-2.0000001, 0.022750126549083104],
  [-1.9999999, 0.022750137347276402],
  [-1, 0.15865525393145705],
  [-0.5, 0.3085375387259869],
  [-1e-5, 0.49999601057719606],
  [0, 0.5],
  [0.3, 0.6179114221889527],
  [1, 0.8413447460685429],
  [2, 0.9772498680518208],
  [3, 0.9986501019683699],
  [5, 0.9999997133484281],
];

const quantileReference: [number, number][] = [
  [1e-300, -37.0470962993612],
  [1e-100, -21.273453560965326],
  [1e-10, -6.361340902404057],
  [0.001, -3.0902323061678136],
  [0.025, -1.9599639845400543],
  [0.3, -0.5244005127080408],
  [0.5, 0],
  [0.8, 0.8416212335729144],
  [0.975, 1.9599639845400538],
  [0.995, 2.5758293035489004],
  [0.999999, 4.753424308817087],
];

describe('normalCdf', () => {
  it.each(cdfReference)('Φ(%f) matches the high-precision reference to 1e-14 relative', (x, reference) => {
    expect(Math.abs(normalCdf(x) - reference) / reference).toBeLessThan(1e-14);
  });

  it('is symmetric and monotone (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -30, max: 30, noNaN: true }),
        fc.double({ min: -30, max: 30, noNaN: true }),
        (a, b) => {
          const [x, y] = a <= b ? [a, b] : [b, a];
          expect(normalCdf(x)).toBeLessThanOrEqual(normalCdf(y));
          expect(Math.abs(normalCdf(x) + normalCdf(-x) - 1)).toBeLessThan(1e-15);
        },
      ),
    );
  });
});

describe('normalQuantile', () => {
  it.each(quantileReference)('Φ⁻¹(%f) matches the high-precision reference to 1e-13', (p, reference) => {
    expect(Math.abs(normalQuantile(p) - reference)).toBeLessThan(1e-13 * Math.max(1, Math.abs(reference)));
  });

  it('normalQuantile(0.975) ≈ 1.959964', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
  });

  it('inverts normalCdf across the whole range (fast-check)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-300, max: 1 - 1e-12, noNaN: true }), (p) => {
        const x = normalQuantile(p);
        expect(Number.isFinite(x)).toBe(true);
        // Relative in the smaller tail, where both functions are computed with relative accuracy.
        const tail = Math.min(p, 1 - p);
        const back = p <= 0.5 ? normalCdf(x) : 1 - normalCdf(x);
        expect(Math.abs(back - tail) / tail).toBeLessThan(1e-12 + 1e-15 / tail);
      }),
    );
  });

  it.each([0, 1, -0.1, 1.1, Number.NaN, Number.POSITIVE_INFINITY])('rejects p=%f with a typed error', (p) => {
    expect(() => normalQuantile(p)).toThrow(StatsInputError);
    expect(() => normalQuantile(p)).toThrow(`p must be in (0, 1); got p=${p}`);
  });
});
