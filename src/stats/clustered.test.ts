import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clusteredRate } from './clustered.js';
import { StatsInputError } from './errors.js';
import { wilson, wilsonAt } from './wilson.js';

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
  .object({ vectors: z.array(Vector), unequal: z.array(Vector) })
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

describe('clusteredRate at unequal task sizes against numpy ANOVA (scripts/reference/clustered.py)', () => {
  it.each(reference.unequal.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const r = clusteredRate(v.clusters, v.confidence);
    expect(r.rho).toBeCloseTo(v.rho, 12);
    expect(r.rhoBound).toBe(v.rhoBound);
    expect(r.deff).toBeCloseTo(v.deff, 12);
    expect(r.nEff).toBeCloseTo(v.nEff, 10);
    expect(r.interval.lower).toBeCloseTo(v.lower, 12);
    expect(r.interval.upper).toBeCloseTo(v.upper, 12);
  });
});

/** The equal-size method as it stood before unequal sizes (commit 6bd7ae1), frozen here to compare. */
function equalSizeBefore(cs: readonly { k: number; m: number }[]) {
  const m = cs[0]?.m ?? 1;
  const t = cs.length;
  const k = cs.reduce((a, c) => a + c.k, 0);
  const n = t * m;
  let rho: number;
  if (m === 1) rho = 0;
  else if (t === 1) rho = 1;
  else {
    const p = k / (t * m);
    const between = cs.reduce((a, c) => a + m * (c.k / m - p) ** 2, 0) / (t - 1);
    const within = cs.reduce((a, c) => a + (c.k * (m - c.k)) / m, 0) / (t * (m - 1));
    if (within === 0) rho = 1;
    else {
      const r = (between - within) / (between + (m - 1) * within);
      rho = r < -1e-12 ? 0 : Math.min(1, Math.max(0, r));
    }
  }
  const deff = 1 + (m - 1) * rho;
  return { rho, deff, nEff: Math.min(n, Math.max(t, n / deff)) };
}

const clusters = fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 6 })).chain(([t, m]) =>
  fc.array(
    fc.integer({ min: 0, max: m }).map((k) => ({ k, m })),
    { minLength: t, maxLength: t },
  ),
);

const unequal = fc.array(
  fc.integer({ min: 1, max: 7 }).chain((m) => fc.integer({ min: 0, max: m }).map((k) => ({ k, m }))),
  { minLength: 1, maxLength: 40 },
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

  it('equal sizes give exactly the numbers of the equal-size method (fast-check)', () => {
    fc.assert(
      fc.property(clusters, (cs) => {
        const r = clusteredRate(cs);
        const before = equalSizeBefore(cs);
        expect(r.equalSizes).toBe(true);
        // n0 reduces to m exactly, so ρ̂ is the same to the bit.
        if (r.rhoBound !== 'one_rep' && r.rhoBound !== 'one_task') expect(r.n0).toBe(cs[0]?.m);
        expect(r.m).toBe(cs[0]?.m);
        expect(r.rho).toBe(before.rho);
        expect(r.deff).toBe(before.deff);
        expect(r.nEff).toBe(before.nEff);
        expect(r.interval).toEqual(
          wilsonAt(r.k / r.n, before.nEff, 0.95, { none: r.k === 0, all: r.k === r.n }),
        );
      }),
    );
  });

  it('a task of size 0 is not a cluster: adding one changes nothing (fast-check)', () => {
    fc.assert(
      fc.property(unequal, fc.nat(), (cs, at) => {
        const i = at % (cs.length + 1);
        const withEmpty = [...cs.slice(0, i), { k: 0, m: 0 }, ...cs.slice(i)];
        expect(clusteredRate(withEmpty)).toEqual(clusteredRate(cs));
      }),
    );
  });

  it('unequal sizes keep the bounds: n_eff between tasks and trials, never narrower than plain Wilson (fast-check)', () => {
    fc.assert(
      fc.property(unequal, (cs) => {
        const r = clusteredRate(cs);
        const plain = wilson(r.k, r.n);
        expect(r.tasks).toBe(cs.length);
        expect(r.m).toBeCloseTo(r.n / r.tasks, 12);
        expect(r.nEff).toBeGreaterThanOrEqual(r.tasks);
        expect(r.nEff).toBeLessThanOrEqual(r.n);
        expect(r.n0).toBeGreaterThanOrEqual(1 - 1e-12);
        expect(0 <= r.rho && r.rho <= 1).toBe(true);
        expect(r.interval.lower).toBeLessThanOrEqual(plain.lower + 1e-12);
        expect(r.interval.upper).toBeGreaterThanOrEqual(plain.upper - 1e-12);
      }),
    );
  });

  it('refuses k above m, an empty list, and a list with no trial', () => {
    expect(() => clusteredRate([])).toThrow(StatsInputError);
    expect(() => clusteredRate([{ k: 4, m: 3 }])).toThrow(/clusters\[0\]\.k must be at most m/);
    expect(() => clusteredRate([{ k: 0, m: 0 }])).toThrow(/at least one trial/);
    expect(() => clusteredRate([{ k: 0, m: -1 }])).toThrow(StatsInputError);
  });
});
