import { binomCdf } from './binomial.js';
import { requireCountUpTo, requireOpenUnit, requirePositiveCount, requireThreshold } from './errors.js';
import { achievedPower } from './power.js';
import { type Interval, wilson } from './wilson.js';

export type RateVerdict = 'PASS' | 'FAIL' | 'EXTEND';

export interface RateInput {
  k: number;
  n: number;
  threshold: number;
  alpha: number;
}

export interface RawVerdict {
  verdict: RateVerdict;
  rate: number;
  /** P(X <= k | n, T): the exact one-sided p-value against "the rate reaches T". */
  pValue: number;
}

function requireRateInput(input: RateInput): void {
  requirePositiveCount('n', input.n);
  requireCountUpTo('k', input.k, 'n', input.n);
  requireThreshold('threshold', input.threshold);
  requireOpenUnit('alpha', input.alpha);
}

/**
 * Three outcomes for "the rate must reach T": PASS when the observed rate reaches T; FAIL when the
 * exact binomial p-value P(X <= k | n, T) is below alpha; otherwise EXTEND (the sample cannot tell).
 * k/n is compared as a rounded double, so 9/10 meets a threshold written as 0.9.
 */
export function rawRateVerdict(input: RateInput): RawVerdict {
  requireRateInput(input);
  const { k, n, threshold, alpha } = input;
  const rate = k / n;
  const pValue = binomCdf(k, n, threshold);
  const verdict: RateVerdict = rate >= threshold ? 'PASS' : pValue < alpha ? 'FAIL' : 'EXTEND';
  return { verdict, rate, pValue };
}

export interface PublishedVerdictInput extends RateInput {
  detectableRate: number;
  /** The planned power the registration was sized for. */
  power: number;
  /** Wilson interval confidence; 0.95 unless registered otherwise. */
  confidence?: number;
}

export interface PublishedVerdict {
  raw: RateVerdict;
  published: RateVerdict;
  /** True exactly when a raw PASS was published as EXTEND (reason `downgraded_underpowered`). */
  downgraded: boolean;
  rate: number;
  pValue: number;
  wilson: Interval;
  achievedPower: number;
  plannedPower: number;
}

/**
 * A raw PASS is published only with the evidence a FAIL needs: the Wilson lower bound reaches T,
 * or this n has the planned power against the detectable rate. Otherwise it is published as
 * EXTEND and marked downgraded. FAIL and EXTEND are published as they are.
 */
export function publishedVerdict(args: PublishedVerdictInput): PublishedVerdict {
  requireRateInput(args);
  const plannedPower = requireOpenUnit('power', args.power);
  const raw = rawRateVerdict(args);
  // Only an absent confidence takes the default; null is bad input like any other non-number.
  const interval = wilson(args.k, args.n, args.confidence === undefined ? 0.95 : args.confidence);
  const power = achievedPower({
    n: args.n,
    threshold: args.threshold,
    alpha: args.alpha,
    detectableRate: args.detectableRate,
  });
  const supported = interval.lower >= args.threshold || power >= plannedPower;
  const downgraded = raw.verdict === 'PASS' && !supported;
  return {
    raw: raw.verdict,
    published: downgraded ? 'EXTEND' : raw.verdict,
    downgraded,
    rate: raw.rate,
    pValue: raw.pValue,
    wilson: interval,
    achievedPower: power,
    plannedPower,
  };
}
