import { requireFinite, StatsInputError } from './errors.js';

/**
 * Principle: the difference of two independent proportions gets an interval built from each
 * proportion's own score interval, not from one normal approximation of the difference, so it stays
 * inside [−1, 1] and keeps its coverage near 0 and 1 and at small samples, where eval suites live.
 *
 * Method (docs/statistics.md, "Comparing two runs of different suites"): Newcombe's hybrid score
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
