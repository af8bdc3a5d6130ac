import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clusteredRate, intraclassCorrelation } from './clustered.js';
import { StatsInputError } from './errors.js';
import { wilson } from './wilson.js';

const Vector = z.object({
  name: z.string(),
  clusters: z.array(z.object({ k: z.number(), m: z.number() })),
  confidence: z.number(),
  rho: z.number(),
  rhoBound: z.string().optional(),
  deff: z.number(),
  nEff: z.number(),
  lower: z.number(),
  upper: z.number(),
});
const reference = z
  .object({ vectors: z.array(Vector) })
  .parse(
    JSON.parse(
      readFileSync(new URL('../../test/fixtures/reference/clustered.json', import.meta.url), 'utf8'),
    ),
  );

describe('clusteredRate against scipy (scripts/reference/clustered.py)', () => {
  it.each(reference.vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const r = clusteredRate(v.clusters, v.confidence);
    expect(r.rho).toBeCloseTo(v.rho, 12);
    expect(r.rhoBound).toBe(v.rhoBound);
    expect(r.deff).toBeCloseTo(v.deff, 12);
    expect(r.nEff).toBeCloseTo(v.nEff, 10);
    expect(r.interval.lower).toBeCloseTo(v.lower, 12);
    expect(r.interval.upper).toBeCloseTo(v.upper, 12);
  });
});

const clusters = fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 6 })).chain(([t, m]) =>
  fc.array(
    fc.integer({ min: 0, max: m }).map((k) => ({ k, m })),
    { minLength: t, maxLength: t },
  ),
);

describe('clusteredRate', () => {
  it('the issue’s run: 16 tasks that each agree carry 16 observations, not 48', () => {
    const r = clusteredRate([...Array(12).fill({ k: 3, m: 3 }), ...Array(4).fill({ k: 0, m: 3 })]);
    expect(r.rhoBound).toBe('reps_agree');
    expect(r.nEff).toBe(16);
    const plain = wilson(36, 48);
    expect(plain.lower).toBeCloseTo(0.612, 3);
    expect(r.interval.lower).toBeCloseTo(0.505, 3);
    expect(r.interval.upper).toBeCloseTo(0.898, 3);
  });

  it('never narrower than plain Wilson, never wider than Wilson over tasks alone (fast-check)', () => {
    fc.assert(
      fc.property(clusters, (cs) => {
        const r = clusteredRate(cs);
        const plain = wilson(r.k, r.n);
        expect(r.nEff).toBeGreaterThanOrEqual(r.tasks);
        expect(r.nEff).toBeLessThanOrEqual(r.n);
        expect(r.interval.lower).toBeLessThanOrEqual(plain.lower + 1e-12);
        expect(r.interval.upper).toBeGreaterThanOrEqual(plain.upper - 1e-12);
        expect(r.interval.point).toBe(r.k / r.n);
        expect(0 <= r.rho && r.rho <= 1).toBe(true);
      }),
    );
  });

  it('one rep per task is plain Wilson exactly', () => {
    const r = clusteredRate([1, 0, 1, 1].map((k) => ({ k, m: 1 })));
    expect(r.deff).toBe(1);
    expect(r.interval).toEqual(wilson(3, 4));
  });

  it('refuses clusters of unequal size, k above m, and an empty list', () => {
    expect(() => clusteredRate([])).toThrow(StatsInputError);
    expect(() =>
      clusteredRate([
        { k: 1, m: 3 },
        { k: 1, m: 2 },
      ]),
    ).toThrow(/clusters\[1\]\.m must equal/);
    expect(() => intraclassCorrelation([{ k: 4, m: 3 }])).toThrow(/clusters\[0\]\.k must be at most m/);
  });
});
