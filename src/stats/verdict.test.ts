import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binomCdf } from './binomial.js';
import { StatsInputError } from './errors.js';
import { achievedPower, criticalCount } from './power.js';
import { publishedVerdict, rawRateVerdict } from './verdict.js';
import { wilson } from './wilson.js';

const plan = { threshold: 0.9, alpha: 0.05, detectableRate: 0.8, power: 0.8 } as const;
const countPair = fc
  .integer({ min: 1, max: 400 })
  .chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)));

describe('rawRateVerdict', () => {
  it('follows the three-outcome rule exactly (fast-check)', () => {
    fc.assert(
      fc.property(
        countPair,
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.double({ min: 0.001, max: 0.5, noNaN: true }),
        ([k, n], threshold, alpha) => {
          const result = rawRateVerdict({ k, n, threshold, alpha });
          const p = binomCdf(k, n, threshold);
          expect(result.pValue).toBe(p);
          const expected = k / n >= threshold ? 'PASS' : p < alpha ? 'FAIL' : 'EXTEND';
          expect(result.verdict).toBe(expected);
          // FAIL happens exactly at or below the critical count.
          const c = criticalCount(n, threshold, alpha);
          if (result.verdict === 'FAIL') expect(c !== undefined && k <= c).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('meets a decimal threshold at equality (81/90 at 0.9)', () => {
    expect(rawRateVerdict({ k: 81, n: 90, threshold: 0.9, alpha: 0.05 }).verdict).toBe('PASS');
    expect(rawRateVerdict({ k: 80, n: 90, threshold: 0.9, alpha: 0.05 }).verdict).toBe('EXTEND');
  });

  it.each([
    [{ k: 1, n: 0, threshold: 0.9, alpha: 0.05 }, 'n must be a positive integer; got n=0'],
    [{ k: 5, n: 4, threshold: 0.9, alpha: 0.05 }, 'k must be an integer in [0, n] (n=4); got k=5'],
    [{ k: 1, n: 4, threshold: 0, alpha: 0.05 }, 'threshold must be in (0, 1]; got threshold=0'],
    [{ k: 1, n: 4, threshold: 1.01, alpha: 0.05 }, 'threshold must be in (0, 1]; got threshold=1.01'],
    [{ k: 1, n: 4, threshold: 0.9, alpha: 1 }, 'alpha must be in (0, 1); got alpha=1'],
    [{ k: 1, n: 4, threshold: 0.9, alpha: Number.NaN }, 'alpha must be in (0, 1); got alpha=NaN'],
  ])('rejects %o', (input, message) => {
    expect(() => rawRateVerdict(input)).toThrow(StatsInputError);
    expect(() => rawRateVerdict(input)).toThrow(message);
  });
});

describe('publishedVerdict', () => {
  it('publishes a raw PASS only with the Wilson bound or the planned power (fast-check)', () => {
    fc.assert(
      fc.property(countPair, ([k, n]) => {
        const result = publishedVerdict({ k, n, ...plan });
        const interval = wilson(k, n);
        const power = achievedPower({ n, threshold: 0.9, alpha: 0.05, detectableRate: 0.8 });
        expect(result.wilson).toEqual(interval);
        expect(result.achievedPower).toBe(power);
        expect(result.plannedPower).toBe(0.8);
        const supported = interval.lower >= 0.9 || power >= 0.8;
        if (result.raw === 'PASS') {
          expect(result.published).toBe(supported ? 'PASS' : 'EXTEND');
          expect(result.downgraded).toBe(!supported);
        } else {
          expect(result.published).toBe(result.raw);
          expect(result.downgraded).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('lets power carry a PASS the Wilson bound cannot: 76/84 (rate 0.905) at power 0.815', () => {
    const result = publishedVerdict({ k: 76, n: 84, ...plan });
    expect(result.raw).toBe('PASS');
    expect(result.wilson.lower).toBeLessThan(0.9);
    expect(result.achievedPower).toBeGreaterThanOrEqual(0.8);
    expect(result.published).toBe('PASS');
  });

  it('never changes a FAIL or an EXTEND', () => {
    expect(publishedVerdict({ k: 25, n: 36, ...plan }).published).toBe('FAIL');
    expect(publishedVerdict({ k: 32, n: 36, ...plan }).published).toBe('EXTEND');
    expect(publishedVerdict({ k: 32, n: 36, ...plan }).downgraded).toBe(false);
  });

  it('honours a registered confidence', () => {
    const result = publishedVerdict({ k: 40, n: 40, ...plan, confidence: 0.99 });
    expect(result.wilson.confidence).toBe(0.99);
    // 40/(40 + 2.5758²) = 0.858 < 0.9, so the stricter interval downgrades a pass 0.95 would publish.
    expect(result.published).toBe('EXTEND');
    expect(publishedVerdict({ k: 40, n: 40, ...plan }).published).toBe('PASS');
  });

  it.each([
    [{ k: 1, n: 4, ...plan, power: 0 }, 'power must be in (0, 1); got power=0'],
    [
      { k: 1, n: 4, ...plan, detectableRate: 0.95 },
      'detectableRate must be below threshold (threshold=0.9); got detectableRate=0.95',
    ],
    [{ k: 1, n: 4, ...plan, confidence: 1.5 }, 'confidence must be in (0, 1); got confidence=1.5'],
    [{ k: -1, n: 4, ...plan }, 'k must be an integer in [0, n] (n=4); got k=-1'],
  ])('rejects %o', (input, message) => {
    expect(() => publishedVerdict(input)).toThrow(StatsInputError);
    expect(() => publishedVerdict(input)).toThrow(message);
  });
});
