import { describeError } from '../core/errors.js';
import type { VoidReason } from '../record/outcome.js';

/** A stop the run cannot recover from: the record becomes VOID with this reason. */
export class RunStop extends Error {
  constructor(
    readonly reason: Exclude<VoidReason, 'budget_cap'>,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The run's stop from its abort signal: the RunStop it was aborted with, or a plain abort. */
export function stopOf(signal: AbortSignal): RunStop {
  return signal.reason instanceof RunStop ? signal.reason : new RunStop('aborted', 'the run was aborted');
}

/**
 * The stop a thrown error stands for: a RunStop as thrown, else the run's own stop when it was
 * stopped (the error is its echo), else a crash naming the error.
 */
export function stopFor(err: unknown, signal: AbortSignal): RunStop {
  if (err instanceof RunStop) return err;
  if (signal.reason instanceof RunStop) return signal.reason;
  return new RunStop('crashed', describeError(err));
}
