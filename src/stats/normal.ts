import { requireFinite, requireOpenUnit } from './errors.js';

const SQRT_2PI = Math.sqrt(2 * Math.PI);
const EPS = Number.EPSILON;

/** Standard normal density. */
export function normalPdf(x: number): number {
  return Math.exp(-0.5 * x * x) / SQRT_2PI;
}

/**
 * Standard normal CDF with small relative error in both tails: a positive-term series near the
 * centre and Laplace's continued fraction for the Mills ratio in the tails, so a tail probability is
 * never formed as 1 − (something close to 1).
 */
export function normalCdf(x: number): number {
  requireFinite('x', x);
  if (Math.abs(x) < 2) return 0.5 + normalPdf(x) * centralSeries(x);
  const tail = normalPdf(x) * millsRatio(Math.abs(x));
  return x < 0 ? tail : 1 - tail;
}

/** Σ x^(2j+1) / (1·3·…·(2j+1)); all terms share the sign of x, so there is no cancellation. */
function centralSeries(x: number): number {
  const x2 = x * x;
  let term = x;
  let sum = x;
  for (let j = 1; j < 200 && Math.abs(term) > EPS * Math.abs(sum); j++) {
    term *= x2 / (2 * j + 1);
    sum += term;
  }
  return sum;
}

/** (1 − Φ(t)) / φ(t) = 1/(t + 1/(t + 2/(t + 3/(t + …)))) for t > 0, by the modified Lentz method. */
function millsRatio(t: number): number {
  const tiny = 1e-300;
  let f = tiny;
  let c = f;
  let d = 0;
  for (let j = 1; j < 10_000; j++) {
    const a = j === 1 ? 1 : j - 1;
    d = t + a * d;
    if (d === 0) d = tiny;
    c = t + a / c;
    if (c === 0) c = tiny;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return f;
}

// Acklam's rational approximation (relative error 1.15e-9), refined below to full precision.
const A = [
  -39.69683028665376, 220.9460984245205, -275.928510446969, 138.357751867269, -30.66479806614716,
  2.506628277459239,
];
const B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
const C = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
];
const D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
const P_LOW = 0.02425;

function poly(coefficients: readonly number[], x: number): number {
  let acc = 0;
  for (const c of coefficients) acc = acc * x + c;
  return acc;
}

function acklamLower(p: number): number {
  if (p < P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(C, q) / (poly(D, q) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (poly(A, r) * q) / (poly(B, r) * r + 1);
}

/**
 * Inverse standard normal CDF for p in (0, 1): Acklam's approximation plus Halley steps against
 * normalCdf. Upper-half p is reflected (1 − p is exact there), so both tails are refined where the
 * CDF is computed with relative accuracy.
 */
export function normalQuantile(p: number): number {
  requireOpenUnit('p', p);
  if (p > 0.5) return -lowerQuantile(1 - p);
  return lowerQuantile(p);
}

function lowerQuantile(p: number): number {
  if (p === 0.5) return 0;
  let x = acklamLower(p);
  for (let step = 0; step < 4; step++) {
    const error = normalCdf(x) - p;
    const u = error * SQRT_2PI * Math.exp(0.5 * x * x);
    const next = x - u / (1 + 0.5 * x * u);
    const done = Math.abs(next - x) <= 4 * EPS * Math.abs(next);
    x = next;
    if (done) break;
  }
  return x;
}
