import { FitnessError } from '../core/errors.js';

/** Bad input to a gate: the message names the gate, the argument and the value it got. */
export class GateInputError extends FitnessError {
  constructor(fn: string, argument: string, rule: string, value: unknown) {
    super('GATE_INPUT', `${fn}: ${argument} must be ${rule}; got ${argument}=${show(value)}`, {
      gate: fn,
      argument,
      value:
        typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean'
          ? value
          : show(value),
    });
  }
}

function show(value: unknown): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || value === undefined || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

/** Validators bound to one gate's name, so every message says which gate refused the input. */
export function inputs(fn: string) {
  const count = (name: string, v: unknown): number => {
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
      throw new GateInputError(fn, name, 'a non-negative integer', v);
    return v;
  };
  return {
    count,
    positive(name: string, v: unknown): number {
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1)
        throw new GateInputError(fn, name, 'a positive integer', v);
      return v;
    },
    upTo(name: string, v: unknown, limitName: string, limit: number): number {
      const n = count(name, v);
      if (n > limit) throw new GateInputError(fn, name, `at most ${limitName} (${limitName}=${limit})`, v);
      return n;
    },
    threshold(name: string, v: unknown): number {
      if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || v > 1)
        throw new GateInputError(fn, name, 'in (0, 1]', v);
      return v;
    },
    openUnit(name: string, v: unknown): number {
      if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || v >= 1)
        throw new GateInputError(fn, name, 'in (0, 1)', v);
      return v;
    },
    percentile(name: string, v: unknown): number {
      if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || v > 100)
        throw new GateInputError(fn, name, 'in (0, 100]', v);
      return v;
    },
    boolean(name: string, v: unknown): boolean {
      if (typeof v !== 'boolean') throw new GateInputError(fn, name, 'a boolean', v);
      return v;
    },
    array<T>(name: string, v: readonly T[]): readonly T[] {
      if (!Array.isArray(v)) throw new GateInputError(fn, name, 'an array', v);
      return v;
    },
    text(name: string, v: unknown): string {
      if (typeof v !== 'string' || v.length === 0)
        throw new GateInputError(fn, name, 'a non-empty string', v);
      return v;
    },
  };
}
