// Pure statistics: counts in, verdicts and intervals out. No I/O; every fault is a StatsInputError.
export { binomCdf } from './binomial.js';
export {
  type ClusterCount,
  type ClusteredRate,
  clusteredRate,
  RHO_BOUNDS,
  type RhoBound,
} from './clustered.js';
export { type DominancePosition, dominancePositions } from './dominance.js';
export { StatsInputError } from './errors.js';
export { normalQuantile } from './normal.js';
export { percentileNearestRank } from './percentile.js';
export { achievedPower, criticalCount, planSampleSize } from './power.js';
export { type PublishedVerdict, publishedVerdict, rawRateVerdict } from './verdict.js';
export { type Interval, wilson } from './wilson.js';
