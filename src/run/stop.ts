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
