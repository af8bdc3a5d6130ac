import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newcombeHybrid } from './newcombe.js';
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

  it('refuses limits that are not a rate inside its interval, naming the argument', () => {
    expect(() => newcombeHybrid({ point: 0.5, lower: 0.6, upper: 0.7 }, { point: 0.5, lower: 0.4, upper: 0.6 })).toThrow(
      /first must have lower <= point <= upper/,
    );
    expect(() => newcombeHybrid({ point: 0.5, lower: 0.4, upper: 0.6 }, { point: 1.5, lower: 0.4, upper: 1 })).toThrow(
      /second\.point must be in \[0, 1\]/,
    );
    expect(() =>
      newcombeHybrid({ point: Number.NaN, lower: 0.4, upper: 0.6 }, { point: 0.5, lower: 0.4, upper: 0.6 }),
    ).toThrow(/first\.point must be a finite number/);
  });
});
