import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newcombeHybrid, newcombePValue } from './newcombe.js';
import { wilsonAt } from './wilson.js';

const Side = z.object({ point: z.number(), nEff: z.number(), lower: z.number(), upper: z.number() });
const Vector = z.object({
  name: z.string(),
  confidence: z.number(),
  first: Side,
  second: Side,
  difference: z.number(),
  lower: z.number(),
  upper: z.number(),
  pValue: z.number(),
});
const reference = z
  .object({ vectors: z.array(Vector) })
  .parse(
    JSON.parse(readFileSync(new URL('../../test/fixtures/reference/newcombe.json', import.meta.url), 'utf8')),
  );

/** Wilson at an effective size as the record's clustered interval is drawn (src/record/clustered.ts). */
const limits = (s: z.infer<typeof Side>, confidence: number) =>
  wilsonAt(s.point, s.nEff, confidence, { none: s.point === 0, all: s.point === 1 });

describe('newcombeHybrid against Python (scripts/reference/newcombe.py)', () => {
  it('reads every vector, Newcombe 1998 Table II among them', () => {
    expect(reference.vectors.length).toBeGreaterThanOrEqual(15);
    expect(reference.vectors.filter((v) => v.name.startsWith('Newcombe 1998'))).toHaveLength(7);
  });

  it.each(reference.vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const a = limits(v.first, v.confidence);
    const b = limits(v.second, v.confidence);
    // The Wilson limits at n_eff agree first, so the interval is checked on the same inputs.
    expect(a.lower).toBeCloseTo(v.first.lower, 12);
    expect(a.upper).toBeCloseTo(v.first.upper, 12);
    expect(b.lower).toBeCloseTo(v.second.lower, 12);
    expect(b.upper).toBeCloseTo(v.second.upper, 12);
    const d = newcombeHybrid(a, b);
    expect(d.difference).toBeCloseTo(v.difference, 14);
    expect(d.lower).toBeCloseTo(v.lower, 12);
    expect(d.upper).toBeCloseTo(v.upper, 12);
    const p = newcombePValue(
      { point: v.first.point, n: v.first.nEff },
      { point: v.second.point, n: v.second.nEff },
    );
    // Python's NormalDist.cdf forms a far tail as 1 + erf(−x), good to about 1e-7 relative there.
    expect(Math.abs(p - v.pValue)).toBeLessThanOrEqual(1e-6 * v.pValue);
    // The inverted interval agrees with the interval itself at the vector's level.
    expect(p < 1 - v.confidence).toBe(d.lower > 0 || d.upper < 0);
  });
});

describe('newcombeHybrid', () => {
  it('is second − first, and swapping the rates mirrors the interval', () => {
    const a = { point: 0.75, lower: 0.6, upper: 0.85 };
    const b = { point: 0.5, lower: 0.35, upper: 0.65 };
    const ab = newcombeHybrid(a, b);
    const ba = newcombeHybrid(b, a);
    expect(ab.difference).toBeCloseTo(-0.25, 15);
    expect(ab.lower).toBeCloseTo(-ba.upper, 15);
    expect(ab.upper).toBeCloseTo(-ba.lower, 15);
  });

  it('gives p = 1 for equal rates and a smaller p for a larger difference at the same sizes', () => {
    expect(newcombePValue({ point: 0.5, n: 16 }, { point: 0.5, n: 16 })).toBe(1);
    const small = newcombePValue({ point: 0.75, n: 16 }, { point: 0.6, n: 16 });
    const large = newcombePValue({ point: 0.75, n: 16 }, { point: 0.3, n: 16 });
    expect(large).toBeLessThan(small);
    expect(small).toBeLessThan(1);
    expect(() => newcombePValue({ point: 0.5, n: 0 }, { point: 0.5, n: 16 })).toThrow(
      /first\.n must be positive/,
    );
  });

  it('refuses limits that are not a rate inside its interval, naming the argument', () => {
    expect(() =>
      newcombeHybrid({ point: 0.5, lower: 0.6, upper: 0.7 }, { point: 0.5, lower: 0.4, upper: 0.6 }),
    ).toThrow(/first must have lower <= point <= upper/);
    expect(() =>
      newcombeHybrid({ point: 0.5, lower: 0.4, upper: 0.6 }, { point: 1.5, lower: 0.4, upper: 1 }),
    ).toThrow(/second\.point must be in \[0, 1\]/);
    expect(() =>
      newcombeHybrid({ point: Number.NaN, lower: 0.4, upper: 0.6 }, { point: 0.5, lower: 0.4, upper: 0.6 }),
    ).toThrow(/first\.point must be a finite number/);
  });
});
