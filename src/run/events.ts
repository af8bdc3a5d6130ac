import type { UsageRow } from '../record/pricing.js';
import type { TrialCount } from '../record/trial-count.js';
import type { Phase, Stage } from '../tape/phases.js';

/**
 * What a run reports while it runs, as typed events (the CLI's live display reduces them; the plain
 * progress lines are separate and unchanged). Nothing here is read back by the pipeline.
 */
export type RunEvent =
  /** A pipeline stage completed (`connect`, `generate`, `nulls`, …). */
  | { type: 'stage'; stage: Stage }
  /** A phase of trials started with this many registered trials. */
  | { type: 'phase'; phase: Phase; registered: number }
  /** A trial ended and counts in its phase as the record counts it (`trialCount`). */
  | { type: 'trial'; phase: Phase; count: TrialCount }
  /** The phase stops starting trials at `at` of `registered`: its decision can no longer change. */
  | { type: 'curtailed'; phase: Phase; at: number; registered: number }
  /** Model calls made, one row each (runner, judge or screen), as the record's cost block prices them. */
  | { type: 'usage'; rows: readonly UsageRow[] }
  /** The run was stopped; the VOID record with this reason is being written. */
  | { type: 'stopping'; reason: string; detail: string }
  /** The pipeline ended; the record, tapes and signature are being written. */
  | { type: 'finishing' };
