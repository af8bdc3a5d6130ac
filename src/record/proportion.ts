import { FitnessError } from '../core/errors.js';

/**
 * A count ratio part / whole (admission rate, error share): plain arithmetic on validated counts,
 * not a statistic. Undefined when whole is 0, because an empty denominator is unknown, not zero.
 */
export function proportion(part: number, whole: number): number | undefined {
  for (const [name, v] of [
    ['part', part],
    ['whole', whole],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0) {
      throw new FitnessError('RECORD_INPUT', `proportion: ${name} must be a non-negative integer, got ${v}`);
    }
  }
  if (part > whole) throw new FitnessError('RECORD_INPUT', `proportion: part ${part} exceeds whole ${whole}`);
  return whole === 0 ? undefined : part / whole;
}
