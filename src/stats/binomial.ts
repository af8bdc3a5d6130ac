import { dyadicToNumber, toDyadic } from './dyadic.js';
import { requireCount, requireCountUpTo, requireProbability } from './errors.js';

/**
 * Above this many bits in the exact denominator 2^(m·n) the exact path costs more than it is worth
 * and the scaled recurrence (relative error about n·1e-16) takes over. p = 0.5 stays exact to
 * n = 8192; a probability with a full 53-bit mantissa (0.9, 0.8) stays exact to n = 154.
 */
export const EXACT_BIT_BUDGET = 8192;

/**
 * P(X <= k) for X ~ Binomial(n, p).
 *
 * Exact (correctly rounded) whenever p = a/2^m with m·n <= EXACT_BIT_BUDGET; otherwise a scaled
 * recurrence from the mode that never overflows. Both paths use only + − × ÷ (no exp or log), so a
 * result is the same double on every JavaScript engine, and both are monotone in k with
 * binomCdf(n, n, p) === 1.
 */
export function binomCdf(k: number, n: number, p: number): number {
  requireCount('n', n);
  requireCountUpTo('k', k, 'n', n);
  requireProbability('p', p);
  return cdfAt(k, n, p);
}

/** [P(X <= 0), …, P(X <= n)] in one O(n) pass; entry k equals binomCdf(k, n, p) exactly. */
export function binomCdfTable(n: number, p: number): Float64Array {
  requireCount('n', n);
  requireProbability('p', p);
  if (p === 0 || p === 1 || n === 0) return degenerateTable(n, p);
  const dyadic = toDyadic(p);
  if (dyadic.exponent * n <= EXACT_BIT_BUDGET) return exactTable(n, dyadic.numerator, dyadic.exponent, n);
  return recurrenceTable(n, p);
}

function cdfAt(k: number, n: number, p: number): number {
  if (p === 0 || p === 1 || n === 0) return degenerateTable(n, p)[k] ?? 1;
  const dyadic = toDyadic(p);
  const table =
    dyadic.exponent * n <= EXACT_BIT_BUDGET
      ? exactTable(n, dyadic.numerator, dyadic.exponent, k)
      : recurrenceTable(n, p);
  return table[k] ?? 1;
}

function degenerateTable(n: number, p: number): Float64Array {
  const table = new Float64Array(n + 1);
  // p = 0: X = 0 surely. p = 1: X = n surely. n = 0: X = 0.
  if (p === 1) table[n] = 1;
  else table.fill(1);
  return table;
}

/**
 * Exact path: S_k = Σ_{i<=k} C(n,i)·a^i·b^(n−i) over 2^(m·n), with b = 2^m − a. Each term follows
 * from the last by an exact integer division, so no binomial coefficient is formed on its own.
 */
export function exactTable(n: number, a: bigint, m: number, upTo: number): Float64Array {
  const b = (1n << BigInt(m)) - a;
  const denominatorBits = m * n;
  const table = new Float64Array(upTo + 1);
  let term = b ** BigInt(n);
  let sum = 0n;
  for (let i = 0; i <= upTo; i++) {
    sum += term;
    table[i] = dyadicToNumber(sum, denominatorBits);
    if (i < n) term = (term * BigInt(n - i) * a) / (BigInt(i + 1) * b);
  }
  return table;
}

/**
 * Recurrence path: weights relative to the mode (weight 1 there, all others below 1, so nothing
 * overflows; terms too small to matter underflow to 0). Partial sums run in index order, so the CDF
 * is monotone by construction and the last entry is total/total = 1.
 */
export function recurrenceTable(n: number, p: number): Float64Array {
  const q = 1 - p;
  const mode = Math.min(n, Math.floor((n + 1) * p));
  const weights = new Float64Array(n + 1);
  weights[mode] = 1;
  for (let i = mode; i < n; i++) {
    weights[i + 1] = ((weights[i] ?? 0) * ((n - i) * p)) / ((i + 1) * q);
  }
  for (let i = mode; i > 0; i--) {
    weights[i - 1] = ((weights[i] ?? 0) * (i * q)) / ((n - i + 1) * p);
  }
  const table = new Float64Array(n + 1);
  let sum = 0;
  for (let i = 0; i <= n; i++) {
    sum += weights[i] ?? 0;
    table[i] = sum;
  }
  for (let i = 0; i <= n; i++) table[i] = (table[i] ?? 0) / sum;
  return table;
}
