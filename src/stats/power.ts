import { binomCdf, binomCdfTable } from './binomial.js';
import {
  requireCount,
  requireOpenUnit,
  requirePositiveCount,
  requireProbability,
  requireThreshold,
  StatsInputError,
} from './errors.js';

/**
 * The rejection boundary of the one-sided exact test of "rate >= T": the largest k with
 * P(X <= k | n, T) < alpha, or undefined when even k = 0 is not rare enough at this n.
 * @internal Only tests call it, as the oracle of the verdicts built on the same table.
 */
export function criticalCount(n: number, threshold: number, alpha: number): number | undefined {
  requireCount('n', n);
  requireThreshold('threshold', threshold);
  requireOpenUnit('alpha', alpha);
  return criticalFromTable(binomCdfTable(n, threshold), alpha);
}

function criticalFromTable(table: Float64Array, alpha: number): number | undefined {
  let critical: number | undefined;
  // The table is monotone, so the first entry at or above alpha ends the search.
  for (let k = 0; k < table.length; k++) {
    if ((table[k] ?? 1) >= alpha) break;
    critical = k;
  }
  return critical;
}

export interface PowerArgs {
  n: number;
  threshold: number;
  alpha: number;
  detectableRate: number;
}

function requireDetectable(detectableRate: number, threshold: number): number {
  requireProbability('detectableRate', detectableRate);
  if (detectableRate >= threshold) {
    throw new StatsInputError(
      `detectableRate must be below threshold (threshold=${threshold}); got detectableRate=${detectableRate}`,
      { argument: 'detectableRate', value: detectableRate, threshold },
    );
  }
  return detectableRate;
}

/**
 * Probability that the exact test at this very n fails a system whose true rate is detectableRate:
 * P(X <= c | n, d) with c = criticalCount(n, T, alpha); 0 when no count can fail at this n.
 * Sawtoothed in n, which is why the planner and the published verdict test the actual n.
 */
export function achievedPower(args: PowerArgs): number {
  requireCount('n', args.n);
  requireThreshold('threshold', args.threshold);
  requireOpenUnit('alpha', args.alpha);
  requireDetectable(args.detectableRate, args.threshold);
  return powerAt(args.n, args.threshold, args.alpha, args.detectableRate).power;
}

/** Power depends on these four numbers only; decisions over many pools of one n ask again and again. */
const POWER_MEMO = new Map<string, { critical: number | undefined; power: number }>();
const POWER_MEMO_MAX = 4096;

function powerAt(n: number, threshold: number, alpha: number, detectableRate: number) {
  const key = `${n}|${threshold}|${alpha}|${detectableRate}`;
  const hit = POWER_MEMO.get(key);
  if (hit !== undefined) return hit;
  const value = computePowerAt(n, threshold, alpha, detectableRate);
  if (POWER_MEMO.size >= POWER_MEMO_MAX) POWER_MEMO.clear();
  POWER_MEMO.set(key, value);
  return value;
}

function computePowerAt(n: number, threshold: number, alpha: number, detectableRate: number) {
  const critical = criticalFromTable(binomCdfTable(n, threshold), alpha);
  const power = critical === undefined ? 0 : binomCdf(critical, n, detectableRate);
  return { critical, power };
}

export interface PlanArgs {
  threshold: number;
  alpha: number;
  detectableRate: number;
  power: number;
  minN?: number;
  maxN?: number;
}

export interface Plan {
  n: number;
  power: number;
  /** The critical count at n: k at or below it is a raw FAIL. */
  failAtOrBelow: number;
}

export const DEFAULT_MIN_N = 5;
export const DEFAULT_MAX_N = 10_000;

/** Smallest n in [minN, maxN] whose achieved power reaches the planned power. */
export function planSampleSize(args: PlanArgs): Plan {
  const threshold = requireThreshold('threshold', args.threshold);
  const alpha = requireOpenUnit('alpha', args.alpha);
  const detectableRate = requireDetectable(args.detectableRate, threshold);
  const target = requireOpenUnit('power', args.power);
  const minN = requirePositiveCount('minN', args.minN === undefined ? DEFAULT_MIN_N : args.minN);
  const maxN = requirePositiveCount('maxN', args.maxN === undefined ? DEFAULT_MAX_N : args.maxN);
  if (maxN < minN) {
    throw new StatsInputError(`maxN must be at least minN (minN=${minN}); got maxN=${maxN}`, {
      argument: 'maxN',
      value: maxN,
      minN,
    });
  }
  for (let n = minN; n <= maxN; n++) {
    const { critical, power } = powerAt(n, threshold, alpha, detectableRate);
    if (critical !== undefined && power >= target) return { n, power, failAtOrBelow: critical };
  }
  throw new StatsInputError(
    `power=${target} is not reached by any n in [${minN}, ${maxN}] at threshold=${threshold}, alpha=${alpha}, detectableRate=${detectableRate}`,
    { argument: 'power', value: target, threshold, alpha, detectableRate, minN, maxN },
  );
}
