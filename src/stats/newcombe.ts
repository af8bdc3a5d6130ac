import { requireFinite, StatsInputError } from './errors.js';
import { normalCdf } from './normal.js';
import { wilsonLimits } from './wilson.js';

/**
 * Principle: the difference of two independent proportions gets an interval built from each
 * proportion's own score interval, not from one normal approximation of the difference, so it stays
 * inside [−1, 1] and keeps its coverage near 0 and 1 and at small samples, where eval suites live.
 *
 * Method (docs/statistics.md, "Comparing two runs"): Newcombe's hybrid score
 * interval, method 10 of Newcombe (1998, "Interval estimation for the difference between
 * independent proportions: comparison of eleven methods", Statistics in Medicine 17:873–890). With
 * p₁ in (l₁, u₁) and p₂ in (l₂, u₂) the Wilson score limits of each rate and δ = p₂ − p₁:
 *
 *   L = δ − √((p₂ − l₂)² + (u₁ − p₁)²),  U = δ + √((u₂ − p₂)² + (p₁ − l₁)²).
 *
 * The limits are taken as given: a caller passes the Wilson limits it already holds (a run record's
 * task-clustered interval, Wilson at the effective sample size), so the difference is drawn on the
 * same effective sizes as each rate, and nothing the record states is recomputed here.
 */

/** A rate with its score interval's limits, lower ≤ point ≤ upper inside [0, 1]. */
export interface RateLimits {
  point: number;
  lower: number;
  upper: number;
}

export interface DifferenceInterval {
  /** δ = second − first. */
  difference: number;
  lower: number;
  upper: number;
}

function requireLimits(name: string, r: RateLimits): RateLimits {
  for (const key of ['point', 'lower', 'upper'] as const) {
    const v = requireFinite(`${name}.${key}`, r[key]);
    if (v < 0 || v > 1)
      throw new StatsInputError(`${name}.${key} must be in [0, 1]; got ${v}`, { argument: `${name}.${key}` });
  }
  if (!(r.lower <= r.point && r.point <= r.upper))
    throw new StatsInputError(
      `${name} must have lower <= point <= upper; got ${r.lower}, ${r.point}, ${r.upper}`,
      { argument: name },
    );
  return r;
}

/** Newcombe's hybrid score interval (method 10) for second − first, from each rate's score limits. */
export function newcombeHybrid(first: RateLimits, second: RateLimits): DifferenceInterval {
  const a = requireLimits('first', first);
  const b = requireLimits('second', second);
  const difference = b.point - a.point;
  const lower = difference - Math.hypot(b.point - b.lower, a.upper - a.point);
  const upper = difference + Math.hypot(b.upper - b.point, a.point - a.lower);
  // The limits of a difference of two rates lie in [−1, 1]; a rounding residue past either is clamped.
  return { difference, lower: Math.max(-1, lower), upper: Math.min(1, upper) };
}

/** A rate and the (effective) sample size its Wilson limits are drawn at. */
export interface RateAt {
  point: number;
  n: number;
}

/** Past this z the two-sided tail, 2·Φ(−z), is below 1e-300: the bisection stops there. */
const Z_CEILING = 37;
const BISECTIONS = 200;

function limitsAt(r: RateAt, z: number): RateLimits {
  return { point: r.point, ...wilsonLimits(r.point, r.n, z, { none: r.point === 0, all: r.point === 1 }) };
}

/**
 * The p-value of the hybrid interval, by inversion: the smallest alpha at which the (1 − alpha)
 * interval excludes 0, i.e. 2·Φ(−z*) for the z* at which the limit on 0's side reaches 0. The
 * interval widens as z grows, so "excludes 0 at level alpha" and "p < alpha" are the same event.
 * Equal rates give p = 1.
 */
export function newcombePValue(first: RateAt, second: RateAt): number {
  for (const [name, r] of [
    ['first', first],
    ['second', second],
  ] as const) {
    const point = requireFinite(`${name}.point`, r.point);
    if (point < 0 || point > 1)
      throw new StatsInputError(`${name}.point must be in [0, 1]; got ${point}`, {
        argument: `${name}.point`,
      });
    if (requireFinite(`${name}.n`, r.n) <= 0)
      throw new StatsInputError(`${name}.n must be positive; got ${r.n}`, { argument: `${name}.n` });
  }
  const difference = second.point - first.point;
  if (difference === 0) return 1;
  const excludes = (z: number) => {
    const d = newcombeHybrid(limitsAt(first, z), limitsAt(second, z));
    return difference > 0 ? d.lower > 0 : d.upper < 0;
  };
  if (excludes(Z_CEILING)) return 0;
  // At z = 0 the interval is the point difference, which excludes 0; at the ceiling it covers 0.
  let excluded = 0;
  let covered = Z_CEILING;
  for (let i = 0; i < BISECTIONS && covered - excluded > 1e-13; i++) {
    const mid = (excluded + covered) / 2;
    if (excludes(mid)) excluded = mid;
    else covered = mid;
  }
  return Math.min(1, 2 * normalCdf(-(excluded + covered) / 2));
}
