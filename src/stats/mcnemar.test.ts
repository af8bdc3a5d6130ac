import { describe, expect, it } from 'vitest';
import { StatsInputError } from './errors.js';
import { mcnemarExact } from './mcnemar.js';

describe('mcnemarExact', () => {
  // Exact values: 2 · Σ_{i ≤ min} C(n, i) / 2^n.
  it.each([
    [0, 6, 0.03125], // 2 · 1/64
    [1, 9, 0.021484375], // 2 · 11/1024
    [2, 8, 0.109375], // 2 · 56/1024
    [0, 5, 0.0625], // 2 · 1/32: five discordant pairs all one way cannot reject at 0.05
    [3, 3, 1],
    [5, 5, 1],
    [0, 0, 1],
    [7, 1, 0.0703125], // 2 · 9/256, symmetric in its arguments
  ])('b=%i c=%i → p=%f', (b, c, p) => {
    const r = mcnemarExact(b, c);
    expect(r.pValue).toBe(p);
    expect(r.discordant).toBe(b + c);
    expect(r.rejects).toBe(p < 0.05);
  });

  it('matches the textbook example (b=12, c=2: p ≈ 0.0129)', () => {
    // 2 · (1 + 14 + 91) / 16384 = 212 / 16384.
    expect(mcnemarExact(12, 2).pValue).toBeCloseTo(0.012939453125, 12);
    expect(mcnemarExact(12, 2).rejects).toBe(true);
  });

  it('refuses counts that are not counts', () => {
    expect(() => mcnemarExact(-1, 2)).toThrow(StatsInputError);
    expect(() => mcnemarExact(1.5, 2)).toThrow(StatsInputError);
    expect(() => mcnemarExact(1, 2, 0)).toThrow(StatsInputError);
  });
});
