// Pure statistics: counts in, verdicts and intervals out. No I/O; every fault is a StatsInputError.
export { binomCdf, binomCdfTable, EXACT_BIT_BUDGET } from './binomial.js';
export { type DominanceInput, type DominancePosition, dominancePositions } from './dominance.js';
export { StatsInputError } from './errors.js';
export { type McNemarResult, mcnemarExact } from './mcnemar.js';
export { normalCdf, normalPdf, normalQuantile } from './normal.js';
export { percentileNearestRank } from './percentile.js';
export {
  achievedPower,
  criticalCount,
  DEFAULT_MAX_N,
  DEFAULT_MIN_N,
  type Plan,
  type PlanArgs,
  type PowerArgs,
  planSampleSize,
} from './power.js';
export {
  type PublishedVerdict,
  type PublishedVerdictInput,
  publishedVerdict,
  type RateInput,
  type RateVerdict,
  type RawVerdict,
  rawRateVerdict,
} from './verdict.js';
export { type Interval, wilson } from './wilson.js';
