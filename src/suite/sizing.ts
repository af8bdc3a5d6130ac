import { FitnessError } from '../core/errors.js';

/**
 * Candidates asked = ceil((tasks + reserve) × overGeneration), reserve = batchTasks × maxExtensions
 * (docs/design.md §4). The product is nudged down by 1e-9 before ceil so that binary floating point cannot
 * ask for one extra candidate (10 × 1.1 is 11.000000000000002, and the answer is 11).
 */
export function candidatesAsked(input: {
  tasks: number;
  batchTasks: number;
  maxExtensions: number;
  overGeneration: number;
}): number {
  const { tasks, batchTasks, maxExtensions, overGeneration } = input;
  for (const [name, value] of Object.entries({ tasks, batchTasks, maxExtensions })) {
    if (!Number.isInteger(value) || value < 0)
      throw new FitnessError('SUITE_OPTIONS', `${name} must be an integer ≥ 0`);
  }
  if (!Number.isFinite(overGeneration) || overGeneration < 1) {
    throw new FitnessError('SUITE_OPTIONS', 'overGeneration must be a finite number ≥ 1');
  }
  return Math.ceil((tasks + batchTasks * maxExtensions) * overGeneration - 1e-9);
}
