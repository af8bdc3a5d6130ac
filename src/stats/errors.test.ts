import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { narrowed } from '../../test/support/thrown.js';
import { FitnessError } from '../core/errors.js';
import { binomCdf } from './binomial.js';
import { StatsInputError } from './errors.js';
import {
  achievedPower,
  dominancePositions,
  percentileNearestRank,
  planSampleSize,
  publishedVerdict,
  wilson,
} from './index.js';
import { normalQuantile } from './normal.js';
import { criticalCount } from './power.js';
import { rawRateVerdict } from './verdict.js';

const valid = {
  k: 30,
  n: 36,
  p: 0.5,
  threshold: 0.9,
  alpha: 0.05,
  detectableRate: 0.8,
  power: 0.8,
  confidence: 0.95,
};
type Field = keyof typeof valid;

// Values no argument accepts, whatever its range (undefined only where the argument is required).
const notFinite = fc.constantFrom<unknown>(
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  '0.5',
  null,
  {},
);
const alwaysBad = fc.oneof(notFinite, fc.constant(undefined));
const nonInteger = fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((x) => !Number.isInteger(x));
const outsideUnit = fc.oneof(
  fc.double({ min: 1.0000001, max: 1e6, noNaN: true }),
  fc.double({ min: -1e6, max: -1e-9, noNaN: true }),
);

const badValues: Record<Field, fc.Arbitrary<unknown>> = {
  k: fc.oneof(alwaysBad, nonInteger, fc.integer({ max: -1 }), fc.integer({ min: 37, max: 1e6 })),
  // n = 0 is a valid count for criticalCount and achievedPower; the verdict tests reject it where a rate needs n >= 1.
  n: fc.oneof(alwaysBad, nonInteger, fc.integer({ min: -1e6, max: -1 })),
  p: fc.oneof(alwaysBad, outsideUnit),
  threshold: fc.oneof(alwaysBad, outsideUnit, fc.constant(0)),
  alpha: fc.oneof(alwaysBad, outsideUnit, fc.constantFrom(0, 1)),
  detectableRate: fc.oneof(alwaysBad, outsideUnit, fc.constantFrom(0.9, 0.95, 1)),
  power: fc.oneof(alwaysBad, outsideUnit, fc.constantFrom(0, 1)),
  confidence: fc.oneof(notFinite, outsideUnit, fc.constantFrom(0, 1)),
};

type Call = (input: Record<Field, unknown>) => unknown;
const cast = <T>(value: unknown) => value as T;

const calls: [string, Field[], Call][] = [
  ['binomCdf', ['k', 'n', 'p'], (i) => binomCdf(cast(i.k), cast(i.n), cast(i.p))],
  ['rawRateVerdict', ['k', 'n', 'threshold', 'alpha'], (i) => rawRateVerdict(cast(i))],
  [
    'criticalCount',
    ['n', 'threshold', 'alpha'],
    (i) => criticalCount(cast(i.n), cast(i.threshold), cast(i.alpha)),
  ],
  ['achievedPower', ['n', 'threshold', 'alpha', 'detectableRate'], (i) => achievedPower(cast(i))],
  ['planSampleSize', ['threshold', 'alpha', 'detectableRate', 'power'], (i) => planSampleSize(cast(i))],
  ['wilson', ['k', 'n', 'confidence'], (i) => wilson(cast(i.k), cast(i.n), cast(i.confidence))],
  [
    'publishedVerdict',
    ['k', 'n', 'threshold', 'alpha', 'detectableRate', 'power', 'confidence'],
    (i) => publishedVerdict(cast(i)),
  ],
];

function thrown(run: () => unknown): unknown {
  try {
    return { returned: run() };
  } catch (error) {
    return error;
  }
}

describe('bad input is a StatsInputError naming the argument and value, never a NaN', () => {
  for (const [name, fields, call] of calls) {
    it(`${name} rejects a bad value in any argument (fast-check)`, () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...fields).chain((field) => fc.tuple(fc.constant(field), badValues[field])),
          ([field, value]) => {
            const argument = field;
            const error = thrown(() => call({ ...valid, [field]: value }));
            expect(error).toBeInstanceOf(FitnessError);
            const typed = narrowed(StatsInputError, error);
            expect(typed.code).toBe('STATS_INPUT');
            expect(typed.message).toContain(`${argument}=`);
            expect(typed.message).toMatch(new RegExp(`^${argument} must `));
            expect(typed.message.includes('\n')).toBe(false);
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it('normalQuantile, percentileNearestRank and dominancePositions reject non-numbers by name', () => {
    expect(() => normalQuantile(cast('0.5'))).toThrow('p must be in (0, 1); got p="0.5"');
    expect(() => percentileNearestRank(cast(null), 50)).toThrow(
      'values must be an array of finite numbers; got values=null',
    );
    expect(() => dominancePositions(cast({}))).toThrow('rows must be an array; got rows=an object');
  });

  it('valid input never yields a non-finite number anywhere in the result (fast-check)', () => {
    const finiteEverywhere = (value: unknown): boolean => {
      if (typeof value === 'number') return Number.isFinite(value);
      if (value && typeof value === 'object') return Object.values(value).every(finiteEverywhere);
      return true;
    };
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 300 })
          .chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n))),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.double({ min: 0.001, max: 0.999, noNaN: true }),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        fc.double({ min: 0.001, max: 0.999, noNaN: true }),
        ([k, n], threshold, alpha, ratio, confidence) => {
          const result = publishedVerdict({
            k,
            n,
            threshold,
            alpha,
            detectableRate: threshold * ratio,
            power: 0.8,
            confidence,
          });
          expect(finiteEverywhere(result)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});
