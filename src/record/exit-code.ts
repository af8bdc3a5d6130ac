import { z } from 'zod';
import type { Outcome } from './outcome.js';

/** The exit code a run's result gives its command (README, "Exit codes"). */
export const ExitCode = z.union([z.literal(0), z.literal(1), z.literal(3)]);
export type ExitCode = z.infer<typeof ExitCode>;

/** SCORED 0, a refusal 1, VOID 3: the one place a run's outcome becomes its exit code. */
export function runExitCode(outcome: Outcome): ExitCode {
  return outcome === 'SCORED' ? 0 : outcome === 'VOID' ? 3 : 1;
}
