import { join } from 'node:path';
import { z } from 'zod';
import type { RunRecord } from '../record/run.js';
import {
  budgetEnded,
  nullsSeenBy,
  phaseCounts,
  TRIAL_BUDGETS,
  type TrialBudget,
} from '../record/trial-count.js';
import { RUN_FILES } from '../tape/file-names.js';
import { NullPhase } from '../tape/phases.js';
import { readTape } from '../tape/reader.js';
import { EventKind } from '../tape/schema.js';
import { type Check, check } from './verify-table.js';

/** The fields of a `fitness.trial` event the record's counts are made of. */
export const TrialEvent = z.looseObject({
  phase: z.string(),
  checkPassed: z.boolean(),
  constructPassed: z.boolean().nullable().optional(),
  nullApplicable: z.boolean().nullable().optional(),
  firstTry: z.boolean().optional(),
  oracleError: z.string().optional(),
  /** The per-trial limit the trial ran into, null when it finished on its own. */
  exhausted: z.string().nullable().optional(),
});
export type TrialEvent = z.infer<typeof TrialEvent>;

/** Every trial's end event on the agent tape, in tape order. */
export async function readTrialEvents(dir: string): Promise<TrialEvent[]> {
  const tape = await readTape(join(dir, RUN_FILES.agent));
  return tape.records.flatMap((r) => {
    if (r.type !== 'event' || r.value.kind !== EventKind.trial) return [];
    const parsed = TrialEvent.safeParse(r.value.raw);
    return parsed.success ? [parsed.data] : [];
  });
}

type Counted = { k: number; n: number };

function kn(c: Counted): string {
  return `${c.k}/${c.n}`;
}

function same(a: Counted, b: Counted): boolean {
  return a.k === b.k && a.n === b.n;
}

function nullChecks(record: RunRecord, events: readonly TrialEvent[]): Check[] {
  const last = record.gates.findLast((g) => g.gate === 'null_baseline');
  if (last?.gate !== 'null_baseline') return [];
  const seen = nullsSeenBy(last.signalSource, events);
  return NullPhase.options.map((phase) => {
    const c = phaseCounts(seen.filter((e) => e.phase === phase));
    const tape = { k: c.passed, n: c.passed + c.failed };
    const rate = last.nullRates[phase];
    const recorded = { k: rate?.k ?? 0, n: rate?.n ?? 0 };
    const later =
      events.filter((e) => e.phase === phase).length - seen.filter((e) => e.phase === phase).length;
    return check(
      `tape counts ${phase}`,
      same(recorded, tape),
      `record ${kn(recorded)}, tape ${kn(tape)}${later > 0 ? ` (and ${later} in extension batches after the ${last.signalSource} gate)` : ''}`,
    );
  });
}

function constructCheck(record: RunRecord, events: readonly TrialEvent[]): Check[] {
  const gate = record.gates.find((g) => g.gate === 'construct');
  if (gate?.gate !== 'construct') return [];
  const c = phaseCounts(events.filter((e) => e.phase === 'construct'));
  const tape = { k: c.passed, n: c.passed + c.failed };
  const errors = c.errors;
  return [
    check(
      'tape counts construct',
      same(tape, gate) && errors === gate.errors,
      `record ${kn(gate)} with ${gate.errors} error(s), tape ${kn(tape)} with ${errors} error(s)`,
    ),
    ...budgetCheck(gate.input?.budgetEnded, events),
  ];
}

type ByBudget = Partial<Record<TrialBudget, number>>;

function byBudgetText(by: ByBudget): string {
  const parts = TRIAL_BUDGETS.flatMap((b) => (by[b] ? [`${by[b]} ${b}`] : []));
  return parts.length === 0 ? 'none' : parts.join(', ');
}

/** The construct's budget-ended failures, when the record stores them, recounted from the trial events. */
function budgetCheck(stored: ByBudget | undefined, events: readonly TrialEvent[]): Check[] {
  if (stored === undefined) return [];
  const tape = budgetEnded(events.filter((e) => e.phase === 'construct'));
  const same = TRIAL_BUDGETS.every((b) => (stored[b] ?? 0) === (tape[b] ?? 0));
  return [
    check(
      'tape counts construct budget-ended failures',
      same,
      `record ${byBudgetText(stored)}, tape ${byBudgetText(tape)}`,
    ),
  ];
}

function driveChecks(record: RunRecord, events: readonly TrialEvent[]): Check[] {
  if (!record.score) return [];
  const drive = events.filter((e) => e.phase === 'drive');
  const counted = phaseCounts(drive);
  const first = { k: counted.passed, n: drive.length };
  const eventual = { k: drive.filter((e) => e.checkPassed).length, n: drive.length };
  return [
    check(
      'tape counts first-try',
      same(first, record.score.firstTry),
      `record ${kn(record.score.firstTry)}, tape ${kn(first)}`,
    ),
    check(
      'tape counts eventual',
      same(eventual, record.score.eventual),
      `record ${kn(record.score.eventual)}, tape ${kn(eventual)}`,
    ),
  ];
}

function voidCheck(record: RunRecord, events: readonly TrialEvent[]): Check[] {
  const trials = record.void?.completed.trials;
  if (trials === undefined) return [];
  const phases = new Set([...Object.keys(trials), ...events.map((e) => e.phase)]);
  phases.delete('screen');
  const recorded = new Map(Object.entries(trials));
  const onRecord = (p: string) => recorded.get(p) ?? 0;
  const differ = [...phases].filter((p) => onRecord(p) !== events.filter((e) => e.phase === p).length);
  return [
    check(
      'tape counts trials',
      differ.length === 0,
      differ.length === 0
        ? `${events.length} trial(s) on the tape, as the record says`
        : differ
            .map((p) => `${p}: record ${onRecord(p)}, tape ${events.filter((e) => e.phase === p).length}`)
            .join('; '),
    ),
  ];
}

/**
 * The record's trial counts recounted from the agent tape's trial events, by the rule the run
 * counted them with (`trialCount`, src/record/trial-count.ts): null k/n (random-args over applicable trials only), construct k/n/errors,
 * first-try and eventual k/n, and a VOID record's trials per phase.
 */
export function tapeCountChecks(record: RunRecord, events: readonly TrialEvent[]): Check[] {
  const predates = events.length > 0 && events.every((e) => e.firstTry === undefined);
  if (predates)
    return [check('tape counts', true, 'not recountable: the tape predates per-trial count fields')];
  return [
    ...nullChecks(record, events),
    ...constructCheck(record, events),
    ...driveChecks(record, events),
    ...voidCheck(record, events),
  ];
}
