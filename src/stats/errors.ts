import { FitnessError } from '../core/errors.js';

/**
 * Bad input to a statistic. The message names the argument and the value it got, so a caller two
 * layers up can still tell which count or probability was wrong without a stack trace.
 */
export class StatsInputError extends FitnessError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('STATS_INPUT', message, details);
  }
}

/** Renders a received value for a one-line message: numbers as JS prints them, anything else typed. */
export function describeValue(value: unknown): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function fail(name: string, rule: string, value: unknown): never {
  throw new StatsInputError(`${name} must be ${rule}; got ${name}=${describeValue(value)}`, {
    argument: name,
    value: typeof value === 'number' || typeof value === 'string' ? value : describeValue(value),
  });
}

export function requireFinite(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(name, 'a finite number', value);
  return value;
}

/** A signed integer (safe, so sums of them stay exact): a paired difference. */
export function requireInteger(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) fail(name, 'an integer', value);
  return value;
}

/** A count: a non-negative integer (safe, so arithmetic on it stays exact). */
export function requireCount(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    fail(name, 'a non-negative integer', value);
  }
  return value;
}

export function requirePositiveCount(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    fail(name, 'a positive integer', value);
  }
  return value;
}

/** An integer in [0, limit]; the message names the limit by its argument name (e.g. "[0, n]"). */
export function requireCountUpTo(name: string, value: unknown, limitName: string, limit: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > limit) {
    fail(name, `an integer in [0, ${limitName}] (${limitName}=${limit})`, value);
  }
  return value;
}

/** A probability: a number in [0, 1]. */
export function requireProbability(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    fail(name, 'a probability in [0, 1]', value);
  }
  return value;
}

/** A level strictly inside (0, 1): alpha, confidence, power. */
export function requireOpenUnit(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value >= 1) {
    fail(name, 'in (0, 1)', value);
  }
  return value;
}

/** A rate threshold: a rate of 0 is always met, so a threshold lives in (0, 1]. */
export function requireThreshold(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 1) {
    fail(name, 'in (0, 1]', value);
  }
  return value;
}
