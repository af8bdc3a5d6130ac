import { requireCountUpTo, requireOpenUnit, requirePositiveCount } from './errors.js';
import { normalQuantile } from './normal.js';

export interface Interval {
  point: number;
  lower: number;
  upper: number;
  confidence: number;
  /** The two-sided normal quantile used: z = Φ⁻¹(1 − (1 − confidence)/2). */
  z: number;
}

/**
 * Wilson score interval for k successes in n trials. Unlike the Wald interval it stays inside
 * [0, 1] and does not collapse to a point at k = 0 or k = n, which is where small eval suites live.
 */
export function wilson(k: number, n: number, confidence = 0.95): Interval {
  requirePositiveCount('n', n);
  requireCountUpTo('k', k, 'n', n);
  requireOpenUnit('confidence', confidence);
  return wilsonAt(k / n, n, confidence, { none: k === 0, all: k === n });
}

/**
 * The Wilson bounds for an observed proportion at a sample size that need not be whole (an
 * effective sample size). `edge` says whether no or every observation succeeded, where the bound
 * is exactly 0 or 1 rather than a rounding residue. Callers validate their own inputs.
 */
export function wilsonAt(
  point: number,
  n: number,
  confidence: number,
  edge: { none: boolean; all: boolean },
): Interval {
  const z = -normalQuantile((1 - confidence) / 2);
  return { point, ...wilsonLimits(point, n, z, edge), confidence, z };
}

/** The Wilson limits at a given normal quantile z (wilsonAt names a confidence; a test inverts z). */
export function wilsonLimits(
  point: number,
  n: number,
  z: number,
  edge: { none: boolean; all: boolean },
): { lower: number; upper: number } {
  const z2n = (z * z) / n;
  const centre = (point + z2n / 2) / (1 + z2n);
  const half = (z / (1 + z2n)) * Math.sqrt((point * (1 - point)) / n + z2n / (4 * n));
  const lower = edge.none ? 0 : Math.min(point, Math.max(0, centre - half));
  const upper = edge.all ? 1 : Math.max(point, Math.min(1, centre + half));
  return { lower, upper };
}
