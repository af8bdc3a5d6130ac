import { z } from 'zod';
import { UsageRow } from '../record/pricing.js';
import { TRIAL_COUNTS } from '../record/trial-count.js';
import { Phase, Stage } from '../tape/phases.js';

const Count = z.int().min(0);

/**
 * What a run reports while it runs, as typed events (the CLI's live display reduces them; the plain
 * progress lines are separate and unchanged). Nothing here is read back by the pipeline. A roster
 * job's process sends them to the roster over IPC, where they are validated with this schema.
 */
export const RunEvent = z.discriminatedUnion('type', [
  /** A pipeline stage completed (`connect`, `generate`, `nulls`, …). */
  z.object({ type: z.literal('stage'), stage: Stage }),
  /** A phase of trials started with this many registered trials. */
  z.object({ type: z.literal('phase'), phase: Phase, registered: Count }),
  /** A trial ended and counts in its phase as the record counts it (`trialCount`). */
  z.object({ type: z.literal('trial'), phase: Phase, count: z.enum(TRIAL_COUNTS) }),
  /** The phase stops starting trials at `at` of `registered`: its decision can no longer change. */
  z.object({ type: z.literal('curtailed'), phase: Phase, at: Count, registered: Count }),
  /** Model calls made, one row each (runner, judge or screen), as the record's cost block prices them. */
  z.object({ type: z.literal('usage'), rows: z.array(UsageRow).readonly() }),
  /** The run was stopped; the VOID record with this reason is being written. */
  z.object({ type: z.literal('stopping'), reason: z.string(), detail: z.string() }),
  /** The pipeline ended; the record, tapes and signature are being written. */
  z.object({ type: z.literal('finishing') }),
]);
export type RunEvent = z.infer<typeof RunEvent>;
