import { gateClustered, type TaskCount } from '../record/clustered-gate.js';
import { GateInputError } from './errors.js';

/**
 * A gate rate's per-task counts and the clustered interval they give, for the record. Counts that
 * do not sum to the rate's k and n are bad input. Recording only: no gate decides on the block.
 */
export function perTaskBlock(fn: string, name: string, perTask: readonly TaskCount[], k: number, n: number) {
  const sumK = perTask.reduce((a, c) => a + c.k, 0);
  const sumM = perTask.reduce((a, c) => a + c.m, 0);
  if (sumK !== k || sumM !== n)
    throw new GateInputError(
      fn,
      `${name}.perTask`,
      `per-task counts summing to ${k}/${n}`,
      `${sumK}/${sumM}`,
    );
  const copy = perTask.map((c) => ({ taskId: c.taskId, k: c.k, m: c.m }));
  // No trial counted (construct: every one an oracle error): counts, but no rate to interval.
  return n === 0 ? { perTask: copy } : { perTask: copy, clustered: gateClustered(copy) };
}
