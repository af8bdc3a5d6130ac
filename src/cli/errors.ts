/**
 * Faults are typed errors with stable codes; outcomes are data in the record. The CLI prints a
 * fault as one line (`fitness-report: <code>: <message>`) and never a bare stack trace.
 */
export class FitnessError extends Error {
  override readonly name = 'FitnessError';
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Bad input from the caller (exit 2): nothing ran, no run directory exists. */
export class UsageError extends FitnessError {
  constructor(message: string, code = 'USAGE') {
    super(code, message);
  }
}

/** One line, no stack: what went wrong and where. */
export function describeError(err: unknown): string {
  if (err instanceof FitnessError) return `${err.code}: ${err.message}`;
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}
