import { asRecord } from '../../src/core/json.js';

/**
 * The JSON object at `path` inside parsed JSON (keys and array indexes), for building invalid
 * variants of a fixture in place; fails the test when there is no object there.
 */
export function objectAt(root: unknown, ...path: (string | number)[]): Record<string, unknown> {
  const step = (o: unknown, k: string | number): unknown =>
    Array.isArray(o) ? o[Number(k)] : asRecord(o)?.[k];
  const found = asRecord(path.reduce(step, root));
  if (found === undefined) throw new Error(`no object at ${path.join('.')}`);
  return found;
}
