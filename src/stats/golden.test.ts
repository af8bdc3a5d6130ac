import { describe, expect, it } from 'vitest';
import { binomCdf } from './binomial.js';
import { achievedPower, planSampleSize } from './power.js';
import { publishedVerdict, rawRateVerdict } from './verdict.js';
import { wilson } from './wilson.js';

// Every golden vector docs/statistics.md marks with †, as written there, plus the sizing claims of
// docs/design.md §4.
const construct = { threshold: 0.9, alpha: 0.05, detectableRate: 0.8, power: 0.8 } as const;

describe('the golden vectors of docs/statistics.md', () => {
  it('binomCdf(4, 10, 0.5) is exactly 0.376953125', () => {
    expect(binomCdf(4, 10, 0.5)).toBe(0.376953125);
  });

  // Each p-value is held to half a unit in the last digit written here.
  it.each([
    [32, 36, 'EXTEND', 0.4915, 5e-5],
    [25, 36, 'FAIL', 0.000556, 5e-7],
    [60, 72, 'EXTEND', 0.053, 5e-5],
    [56, 72, 'FAIL', 0.00174, 5e-6],
  ] as const)('raw verdict %i/%i at T=0.90 is %s with p ≈ %f', (k, n, verdict, p, tolerance) => {
    const result = rawRateVerdict({ k, n, threshold: 0.9, alpha: 0.05 });
    expect(result.verdict).toBe(verdict);
    expect(Math.abs(result.pValue - p)).toBeLessThanOrEqual(tolerance);
    expect(result.rate).toBe(k / n);
  });

  it.each([
    [33, 36],
    [68, 72],
  ] as const)('raw verdict %i/%i at T=0.90 is PASS', (k, n) => {
    expect(rawRateVerdict({ k, n, threshold: 0.9, alpha: 0.05 }).verdict).toBe('PASS');
  });

  it('plan(0.90, 0.80) = 78 with power 0.80818, failing at <= 65', () => {
    const plan = planSampleSize(construct);
    expect(plan.n).toBe(78);
    expect(plan.power).toBeCloseTo(0.80818, 5);
    expect(plan.failAtOrBelow).toBe(65);
  });

  it.each([
    [80, 0.75299],
    [87, 0.77829],
    [36, 0.43397],
  ] as const)('achievedPower at n=%i is %f', (n, power) => {
    expect(achievedPower({ n, threshold: 0.9, alpha: 0.05, detectableRate: 0.8 })).toBeCloseTo(power, 5);
  });

  it('Wilson(32, 36) = (0.74685, 0.95593) with z = 1.959964', () => {
    const interval = wilson(32, 36);
    expect(interval.lower).toBeCloseTo(0.74685, 5);
    expect(interval.upper).toBeCloseTo(0.95593, 5);
    expect(interval.z).toBeCloseTo(1.959964, 6);
    expect(interval.confidence).toBe(0.95);
  });

  it('33/36 publishes EXTEND, downgraded from a raw PASS', () => {
    const verdict = publishedVerdict({ k: 33, n: 36, ...construct });
    expect(verdict.raw).toBe('PASS');
    expect(verdict.published).toBe('EXTEND');
    expect(verdict.downgraded).toBe(true);
    expect(verdict.wilson.lower).toBeLessThan(0.9);
    expect(verdict.achievedPower).toBeCloseTo(0.43397, 5);
  });

  it('48/48 publishes PASS on its Wilson lower bound 0.926', () => {
    const verdict = publishedVerdict({ k: 48, n: 48, ...construct });
    expect(verdict.published).toBe('PASS');
    expect(verdict.downgraded).toBe(false);
    expect(verdict.wilson.lower).toBeCloseTo(0.926, 3);
    // The bound, not power, carries it: 48 trials are underpowered on their own.
    expect(verdict.achievedPower).toBeLessThan(0.8);
  });
});

describe('the sizing claims of docs/design.md §4', () => {
  it('the last registered extension (48 → 66 → 84 trials) reaches the planned power: 0.815 at 84', () => {
    const trials = [16, 22, 28].map((tasks) => tasks * 3);
    expect(trials).toEqual([48, 66, 84]);
    const at84 = achievedPower({ n: 84, threshold: 0.9, alpha: 0.05, detectableRate: 0.8 });
    expect(at84).toBeCloseTo(0.815, 3);
    expect(at84).toBeGreaterThanOrEqual(0.8);
    expect(achievedPower({ n: 66, threshold: 0.9, alpha: 0.05, detectableRate: 0.8 })).toBeLessThan(0.8);
  });

  it('a 12-trial registration can never publish PASS, whatever it scores', () => {
    for (let k = 0; k <= 12; k++) {
      expect(publishedVerdict({ k, n: 12, ...construct }).published).not.toBe('PASS');
    }
  });
});

describe('docs/statistics.md sizing table', () => {
  const band = (n: number) => {
    const published = {
      PASS: [] as number[],
      FAIL: [] as number[],
      EXTEND: [] as number[],
      downgraded: [] as number[],
    };
    for (let k = 0; k <= n; k++) {
      const verdict = publishedVerdict({ k, n, ...construct });
      published[verdict.published].push(k);
      if (verdict.downgraded) published.downgraded.push(k);
    }
    const range = (ks: number[]) => (ks.length === 0 ? 'none' : `${ks[0]}-${ks[ks.length - 1]}`);
    return {
      power: Number(achievedPower({ n, threshold: 0.9, alpha: 0.05, detectableRate: 0.8 }).toFixed(3)),
      FAIL: range(published.FAIL),
      EXTEND: range(published.EXTEND),
      PASS: range(published.PASS),
      downgraded: range(published.downgraded),
      allLower: Number(wilson(n, n).lower.toFixed(3)),
    };
  };

  it.each([
    [
      48,
      { power: 0.642, FAIL: '0-39', EXTEND: '40-47', PASS: '48-48', downgraded: '44-47', allLower: 0.926 },
    ],
    [
      66,
      { power: 0.691, FAIL: '0-54', EXTEND: '55-64', PASS: '65-66', downgraded: '60-64', allLower: 0.945 },
    ],
    [84, { power: 0.815, FAIL: '0-70', EXTEND: '71-75', PASS: '76-84', downgraded: 'none', allLower: 0.956 }],
  ] as const)('at %i trials', (n, expected) => {
    expect(band(n)).toEqual(expected);
  });

  it('35/35 is the smallest perfect run whose Wilson bound clears 0.9', () => {
    expect(wilson(35, 35).lower).toBeGreaterThanOrEqual(0.9);
    expect(wilson(34, 34).lower).toBeLessThan(0.9);
  });
});
