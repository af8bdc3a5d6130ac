// Pure statistics: counts in, verdicts and intervals out. No I/O; every fault is a StatsInputError.
export { binomCdf } from './binomial.js';
export { type ClusterCount, clusteredRate, RHO_BOUNDS } from './clustered.js';
export { type DominancePosition, dominancePositions } from './dominance.js';
export { StatsInputError } from './errors.js';
export { normalQuantile } from './normal.js';
export { percentileNearestRank } from './percentile.js';
export { achievedPower, criticalCount, planSampleSize } from './power.js';
export { type PublishedVerdict, publishedVerdict, rawRateVerdict } from './verdict.js';
export { wilson } from './wilson.js';
