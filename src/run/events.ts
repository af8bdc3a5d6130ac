import { z } from 'zod';
import { UsageRow } from '../record/pricing.js';
import { Phase } from '../record/void.js';

/** How one trial ended, as the live display counts it (construct counts its own criterion). */
export const TrialMark = z.enum(['pass', 'fail', 'error']);
export type TrialMark = z.infer<typeof TrialMark>;

const Count = z.int().min(0);

/**
 * What a run reports while it runs, as typed events (the CLI's live display reduces them; the plain
 * progress lines are separate and unchanged). Nothing here is read back by the pipeline. A roster
 * job's process sends them to the roster over IPC, where they are validated with this schema.
 */
export const RunEvent = z.discriminatedUnion('type', [
  /** A pipeline stage completed (`connect`, `generate`, `nulls`, …). */
  z.object({ type: z.literal('stage'), stage: z.string() }),
  /** A phase of trials started with this many registered trials. */
  z.object({ type: z.literal('phase'), phase: Phase, registered: Count }),
  z.object({ type: z.literal('trial'), phase: Phase, mark: TrialMark }),
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
