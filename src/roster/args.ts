import { z } from 'zod';
import { between } from '../run/settings.js';
import type { RunOverrides } from './entry.js';
import { ROSTER_MAX } from './limits.js';

const name = z.string().min(1);

/**
 * The roster's own options (how it runs its jobs, not what each run registers), once: the flags of
 * `fitness-report roster` (`src/cli/roster-args.ts`) are typed against these keys, read through
 * this schema and described by it. An option left out takes the default where it is used.
 */
export const RosterOptions = z.object({
  out: name.default('fitness-runs').describe('runs folder and work list'),
  site: name.default('fitness-site').describe('where the board is built'),
  resume: z
    .boolean()
    .default(false)
    .describe('continue the work list in --out (required when it already has jobs)'),
  jobs: between(1, ROSTER_MAX.concurrency)
    .optional()
    .describe(
      "jobs run at once, i.e. servers measured at once; attempts of one entry never overlap (run's --concurrency, trials at once within each run, is --trial-concurrency here)",
    ),
  only: z.array(name).optional().describe('run only these entries (repeatable)'),
  conformance: z
    .object({
      enabled: z.boolean().default(true),
      timeoutMs: between(1, ROSTER_MAX.conformanceTimeoutMs).optional(),
    })
    .prefault({})
    .describe('the official conformance suite, run alongside each job on a server of its own'),
  jobTimeoutMs: between(1, ROSTER_MAX.jobTimeoutMs)
    .optional()
    .describe('time limit of one job: the run ends VOID budget_exhausted'),
  maxTries: between(1, ROSTER_MAX.maxTries)
    .optional()
    .describe('tries of one job that may die before it is failed'),
  plain: z.boolean().default(false).describe('plain progress lines even on a terminal'),
  queue: name
    .optional()
    .describe(
      'put the jobs on BullMQ over Redis (redis://) or PostgreSQL (postgres://); `fitness-report worker --queue URL` on any machine runs them',
    ),
  queueName: name.optional().describe('BullMQ queue name'),
  rosterId: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, {
      error: 'must be 1 to 100 letters, digits, dots, hyphens or underscores (it names job ids and folders)',
    })
    .optional()
    .describe("the roster's id on the queue"),
});
export type RosterOptionsInput = z.input<typeof RosterOptions>;

/** `fitness-report roster` arguments, read: the roster file, its options, and run settings for every entry. */
export type RosterArgs = z.output<typeof RosterOptions> & {
  roster: string;
  /** Run settings for every entry (an entry's own `run` wins). */
  defaults: RunOverrides;
};
