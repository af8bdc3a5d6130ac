// Pure statistics: counts in, verdicts and intervals out. No I/O; every fault is a StatsInputError.

export { type ClusterCount, clusteredRate, RHO_BOUNDS } from './clustered.js';
export { type DominancePosition, dominancePositions } from './dominance.js';

export { percentileNearestRank } from './percentile.js';
export { achievedPower, planSampleSize } from './power.js';
export { type PublishedVerdict, publishedVerdict } from './verdict.js';
export { wilson } from './wilson.js';
