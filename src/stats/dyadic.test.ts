import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitLength, dyadicToNumber, pow2, toDyadic } from './dyadic.js';

describe('dyadic helpers', () => {
  it('decomposes doubles exactly', () => {
    expect(toDyadic(0.5)).toEqual({ numerator: 1n, exponent: 1 });
    expect(toDyadic(0.375)).toEqual({ numerator: 3n, exponent: 3 });
    expect(toDyadic(0.9)).toEqual({ numerator: 8106479329266893n, exponent: 53 });
    expect(toDyadic(1)).toEqual({ numerator: 1n, exponent: 0 });
    expect(toDyadic(5e-324)).toEqual({ numerator: 1n, exponent: 1074 });
  });

  it('measures bit length', () => {
    expect([0n, 1n, 2n, 255n, 256n, 1n << 100n].map(bitLength)).toEqual([0, 1, 2, 8, 9, 101]);
  });

  it('builds exact powers of two, subnormal ones included', () => {
    for (const e of [-1074, -1073, -1023, -1022, -1, 0, 1, 52, 1023]) expect(pow2(e)).toBe(2 ** e);
  });

  it('rounds half to even, once', () => {
    const two53 = 1n << 53n;
    expect(dyadicToNumber(two53 + 1n, 0)).toBe(2 ** 53); // tie, even neighbour below
    expect(dyadicToNumber(two53 + 3n, 0)).toBe(2 ** 53 + 4); // tie, even neighbour above
    expect(dyadicToNumber((two53 + 1n) * 4n + 1n, 2)).toBe(2 ** 53 + 2); // just above the tie
    expect(dyadicToNumber(1n, 1075)).toBe(0); // 2^-1075 ties to 0
    expect(dyadicToNumber(3n, 1076)).toBe(2 ** -1074); // 0.75 ulp rounds up
    expect(dyadicToNumber(3n, 1075)).toBe(2 ** -1073); // 1.5 ulp ties to even (2 ulp)
  });

  it('round-trips every double in [0, 1] (fast-check)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (x) => {
        const { numerator, exponent } = toDyadic(x);
        expect(dyadicToNumber(numerator, exponent)).toBe(x);
      }),
    );
  });
});
