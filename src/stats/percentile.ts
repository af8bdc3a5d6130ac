import { describeValue, requireFinite, StatsInputError } from './errors.js';

/**
 * Nearest-rank percentile: the smallest member x of the values such that at least percentile% of
 * the values are <= x. Always returns a member of the input (no interpolation), undefined when
 * there are no values.
 */
export function percentileNearestRank(values: readonly number[], percentile: number): number | undefined {
  requireFinite('percentile', percentile);
  if (percentile <= 0 || percentile > 100) {
    throw new StatsInputError(`percentile must be in (0, 100]; got percentile=${describeValue(percentile)}`, {
      argument: 'percentile',
      value: percentile,
    });
  }
  if (!Array.isArray(values)) {
    throw new StatsInputError(
      `values must be an array of finite numbers; got values=${describeValue(values)}`,
      {
        argument: 'values',
      },
    );
  }
  values.forEach((value, index) => {
    requireFinite(`values[${index}]`, value);
  });
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  // percentile·N is exact for integer percentiles, so the rank carries no rounding residue there.
  const rank = Math.max(1, Math.ceil((percentile * sorted.length) / 100));
  return sorted[Math.min(rank, sorted.length) - 1];
}
