import type { Note } from '../record/notes.js';
import type { UsageRow } from '../record/pricing.js';
import type { Phase } from '../tape/phases.js';
import type { RunEvent } from './events.js';

/**
 * What a stage adds to the run's tallies while it runs, given to it by its step (`driver.ts`): the
 * model calls it made, the trials it ended and the run's own notes. A stage only adds; the driver
 * keeps them for the record.
 */
export interface Tally {
  /** Model calls made: kept for the record's cost block and reported to the live display. */
  addUsage(rows: readonly UsageRow[]): void;
  /** `count` more trials ended in `phase`. */
  addTrials(phase: Phase, count: number): void;
  /** One of the run's own notes (a fact of this run the record states). */
  addNote(note: Note): void;
}

/** The run's tallies as the record reports them: model calls, trials per phase, the run's own notes. */
export class RunTally implements Tally {
  readonly usage: UsageRow[] = [];
  readonly trials: Partial<Record<Phase, number>> = {};
  readonly ownNotes: Note[] = [];

  constructor(private readonly emit: (event: RunEvent) => void) {}

  addUsage(rows: readonly UsageRow[]): void {
    this.usage.push(...rows);
    if (rows.length > 0) this.emit({ type: 'usage', rows });
  }

  addTrials(phase: Phase, count: number): void {
    this.trials[phase] = (this.trials[phase] ?? 0) + count;
  }

  addNote(note: Note): void {
    this.ownNotes.push(note);
  }
}
