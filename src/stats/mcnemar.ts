import { binomCdf } from './binomial.js';
import { requireCount, requireOpenUnit } from './errors.js';

export interface McNemarResult {
  /** Pairs that passed in the first condition only. */
  firstOnly: number;
  /** Pairs that passed in the second condition only. */
  secondOnly: number;
  /** firstOnly + secondOnly: the only pairs the test reads. */
  discordant: number;
  /** Exact two-sided p-value: 2 · P(X ≤ min(b, c)) for X ~ Binomial(b + c, 1/2), capped at 1. */
  pValue: number;
  alpha: number;
  rejects: boolean;
}

/**
 * The exact (binomial) McNemar test on paired binary outcomes. Under the null of no effect each
 * discordant pair is equally likely to fall either way, so the count of one kind is Binomial(b + c,
 * 1/2); concordant pairs carry no information about a difference and are not read. No discordant
 * pair gives p = 1 (nothing to reject on).
 */
export function mcnemarExact(firstOnly: number, secondOnly: number, alpha = 0.05): McNemarResult {
  requireCount('firstOnly', firstOnly);
  requireCount('secondOnly', secondOnly);
  requireOpenUnit('alpha', alpha);
  const discordant = firstOnly + secondOnly;
  const pValue =
    discordant === 0 ? 1 : Math.min(1, 2 * binomCdf(Math.min(firstOnly, secondOnly), discordant, 0.5));
  return { firstOnly, secondOnly, discordant, pValue, alpha, rejects: pValue < alpha };
}
