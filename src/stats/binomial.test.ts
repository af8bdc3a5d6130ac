import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binomCdf, binomCdfTable, EXACT_BIT_BUDGET, exactTable, recurrenceTable } from './binomial.js';
import { StatsInputError } from './errors.js';

// Independent references, built from scratch here rather than from the code under test.

function bigLength(value: bigint): number {
  return value === 0n ? 0 : value.toString(2).length;
}

/** Exact P(X <= k) for p = j / 2^m as a rational S / 2^(m·n), binomials by Pascal's rule. */
function exactDyadicCdf(k: number, n: number, j: number, m: number): { numerator: bigint; exponent: number } {
  let row: bigint[] = [1n];
  for (let r = 1; r <= n; r++) {
    const next: bigint[] = [1n];
    for (let i = 1; i < r; i++) next.push((row[i - 1] ?? 0n) + (row[i] ?? 0n));
    next.push(1n);
    row = next;
  }
  const a = BigInt(j);
  const b = (1n << BigInt(m)) - a;
  let numerator = 0n;
  for (let i = 0; i <= k; i++) numerator += (row[i] ?? 0n) * a ** BigInt(i) * b ** BigInt(n - i);
  return { numerator, exponent: m * n };
}

/** The double x as an exact rational R / 2^e. */
function rationalOf(x: number): { numerator: bigint; exponent: number } {
  let scaled = x;
  let exponent = 0;
  while (!Number.isInteger(scaled)) {
    scaled *= 2;
    exponent++;
  }
  return { numerator: BigInt(scaled), exponent };
}

/** True when x is within half an ulp of S / 2^D, i.e. x is the correctly rounded value. */
function isCorrectlyRounded(x: number, numerator: bigint, exponent: number): boolean {
  const r = rationalOf(x);
  // ulp(x) = 2^(floor(log2 x) − 52), never below 2^−1074.
  const log2 = x === 0 ? -1075 : bigLength(r.numerator) - 1 - r.exponent;
  const halfUlpExponent = Math.max(log2 - 52, -1074) - 1;
  // Compare |S/2^D − R/2^e| <= 2^h over the common denominator 2^W.
  const w = Math.max(exponent, r.exponent, -halfUlpExponent);
  const difference = (numerator << BigInt(w - exponent)) - (r.numerator << BigInt(w - r.exponent));
  const absolute = difference < 0n ? -difference : difference;
  return absolute <= 1n << BigInt(w + halfUlpExponent);
}

/** P(X <= k) for X ~ Bin(n, num/den) as a double, from exact rational sums (different method). */
function rationalCdf(k: number, n: number, num: bigint, den: bigint): number {
  const rest = den - num;
  let term = rest ** BigInt(n); // C(n,0)·num^0·rest^n
  let sum = 0n;
  for (let i = 0; i <= k; i++) {
    sum += term;
    term = (term * BigInt(n - i) * num) / (BigInt(i + 1) * rest);
  }
  const total = den ** BigInt(n);
  const shift = bigLength(total) - bigLength(sum) + 80;
  const quotient = (sum << BigInt(shift)) / total;
  return Number(quotient) / 2 ** shift;
}

describe('binomCdf exactness for dyadic p', () => {
  it('matches hand-computed values', () => {
    expect(binomCdf(4, 10, 0.5)).toBe(386 / 1024);
    expect(binomCdf(0, 3, 0.25)).toBe(27 / 64);
    expect(binomCdf(1, 3, 0.25)).toBe(54 / 64);
    expect(binomCdf(2, 3, 0.25)).toBe(63 / 64);
    expect(binomCdf(3, 3, 0.25)).toBe(1);
  });

  it('is the correctly rounded value of the exact rational sum (fast-check, Pascal-triangle reference)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 8 })
          .chain((m) =>
            fc.tuple(
              fc.constant(m),
              fc.integer({ min: 1, max: 2 ** m - 1 }),
              fc.integer({ min: 0, max: 120 }),
            ),
          ),
        fc.double({ min: 0, max: 1, noNaN: true }),
        ([m, j, n], fraction) => {
          const k = Math.min(n, Math.floor(fraction * (n + 1)));
          const p = j / 2 ** m;
          const exact = exactDyadicCdf(k, n, j, m);
          expect(isCorrectlyRounded(binomCdf(k, n, p), exact.numerator, exact.exponent)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('stays correctly rounded in the far tail where the result is subnormal-adjacent', () => {
    // P(X <= 0 | 1000, 0.5) = 2^-1000: exactly representable.
    expect(binomCdf(0, 1000, 0.5)).toBe(2 ** -1000);
    expect(binomCdf(1, 1000, 0.5)).toBe(1001 * 2 ** -1000);
    // 2^-1074 is the smallest subnormal; 2^-1075 rounds to 0 (tie to even), 3·2^-1076 rounds up.
    expect(binomCdf(0, 1074, 0.5)).toBe(2 ** -1074);
    expect(binomCdf(0, 1075, 0.5)).toBe(0);
  });
});

describe('binomCdf accuracy on the recurrence path', () => {
  it('agrees with the exact path to 1e-13 relative where both apply (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 63 }), fc.integer({ min: 1, max: 400 }), (j, n) => {
        const p = j / 64;
        const exact = exactTable(n, BigInt(j), 6, n);
        const recurrence = recurrenceTable(n, p);
        for (let k = 0; k <= n; k++) {
          const e = exact[k] ?? Number.NaN;
          const r = recurrence[k] ?? Number.NaN;
          // Far-tail values below 1e-250 lose digits to underflow and do not matter to any decision.
          if (e > 1e-250) expect(Math.abs(r - e) / e).toBeLessThan(1e-13);
          else expect(r).toBeLessThan(1e-249);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('is accurate at n = 5000 against an exact rational reference (p = 9/10)', () => {
    const n = 5000;
    expect(n * 53).toBeGreaterThan(EXACT_BIT_BUDGET); // 0.9 is on the recurrence path at this n
    for (const k of [4300, 4400, 4440, 4460, 4465, 4480, 4500, 4520, 4550, 4600]) {
      const reference = rationalCdf(k, n, 9n, 10n);
      const got = binomCdf(k, n, 0.9);
      // The double 0.9 differs from 9/10 by 2e-17, which moves these values by < 1e-13 relative.
      expect(Math.abs(got - reference) / reference).toBeLessThan(1e-11);
    }
  });

  it('is accurate at n = 5000 for a p with a long mantissa (p = 1/3)', () => {
    for (const k of [1500, 1600, 1650, 1666, 1700, 1800]) {
      const reference = rationalCdf(k, 5000, 1n, 3n);
      const got = binomCdf(k, 5000, 1 / 3);
      expect(Math.abs(got - reference) / reference).toBeLessThan(1e-11);
    }
  });

  it('is exact at n = 5000 for p = 0.5 (exact path) and the recurrence agrees with it', () => {
    const exact = binomCdfTable(5000, 0.5);
    const recurrence = recurrenceTable(5000, 0.5);
    for (const k of [2300, 2400, 2450, 2500, 2550, 2700]) {
      const e = exact[k] ?? Number.NaN;
      expect(Math.abs((recurrence[k] ?? Number.NaN) - e) / e).toBeLessThan(1e-12);
      expect(e).toBe(rationalCdf(k, 5000, 1n, 2n));
    }
  });

  it('does not overflow or return NaN at n = 100000', () => {
    const value = binomCdf(90_000, 100_000, 0.9);
    expect(value).toBeGreaterThan(0.49);
    expect(value).toBeLessThan(0.51);
  });
});

describe('binomCdf properties', () => {
  const probability = fc.oneof(
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.constantFrom(0, 1, 0.5, 0.9, 0.8, 0.1, 1e-9, 1 - 1e-9),
  );

  it('is monotone in k, within [0, 1], and 1 at k = n (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), probability, (n, p) => {
        const table = binomCdfTable(n, p);
        expect(table[n]).toBe(1);
        const broken = table.findIndex(
          (value, k) => !(value >= 0 && value <= 1 && (k === 0 || value >= (table[k - 1] ?? 2))),
        );
        expect(broken).toBe(-1);
      }),
      { numRuns: 80 },
    );
  });

  it('binomCdf(k) equals the table entry exactly (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        probability,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, p, f) => {
          const k = Math.min(n, Math.floor(f * (n + 1)));
          expect(binomCdf(k, n, p)).toBe(binomCdfTable(n, p)[k]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('is non-increasing in p for fixed k and n (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, p1, p2, f) => {
          const k = Math.min(n, Math.floor(f * (n + 1)));
          const [low, high] = p1 <= p2 ? [p1, p2] : [p2, p1];
          // Different p may take different paths; allow their combined rounding error.
          expect(binomCdf(k, n, high)).toBeLessThanOrEqual(binomCdf(k, n, low) * (1 + 1e-12));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('handles the degenerate cases', () => {
    expect(binomCdf(0, 0, 0.3)).toBe(1);
    expect(binomCdf(0, 5, 0)).toBe(1);
    expect(binomCdf(4, 5, 1)).toBe(0);
    expect(binomCdf(5, 5, 1)).toBe(1);
  });
});

describe('binomCdf bad input', () => {
  it.each([
    [3.5, 10, 0.5, /^k must be an integer in \[0, n\] \(n=10\); got k=3\.5$/],
    [11, 10, 0.5, /got k=11$/],
    [-1, 10, 0.5, /got k=-1$/],
    [1, -1, 0.5, /^n must be a non-negative integer; got n=-1$/],
    [1, 2.5, 0.5, /got n=2\.5$/],
    [1, 10, 1.5, /^p must be a probability in \[0, 1\]; got p=1\.5$/],
    [1, 10, -0.1, /got p=-0\.1$/],
    [1, 10, Number.NaN, /got p=NaN$/],
    [Number.NaN, 10, 0.5, /got k=NaN$/],
    [1, Number.POSITIVE_INFINITY, 0.5, /got n=Infinity$/],
  ])('binomCdf(%s, %s, %s) throws StatsInputError', (k, n, p, message) => {
    expect(() => binomCdf(k, n, p)).toThrow(StatsInputError);
    expect(() => binomCdf(k, n, p)).toThrow(message);
  });
});
