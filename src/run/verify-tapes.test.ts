import { describe, expect, it } from 'vitest';
import { nullBaseline } from '../../test/support/board/gates.js';
import { fixtureRecord } from '../../test/support/board/records.js';
import { constructGate } from '../gates/construct.js';
import { PREREG_DEFAULTS as D } from '../record/prereg.js';
import type { RunRecord } from '../record/run.js';
import { NullPhase } from '../tape/phases.js';
import { type TrialEvent, tapeCountChecks } from './verify-tapes.js';

const base = fixtureRecord('void', { slug: 'tapes', startedAt: '2026-12-01T10:00:00Z' });

const failed = (phase: string, n: number): TrialEvent[] =>
  Array.from({ length: n }, () => ({ phase, checkPassed: false, firstTry: false }));

/** Registered nulls (8 each), then construct trials, then an extension batch's nulls (6 each). */
function tape(extensionNulls: number): TrialEvent[] {
  return [
    ...NullPhase.options.flatMap((p) => failed(p, 8)),
    ...failed('construct', 4).map((e) => ({ ...e, constructPassed: true })),
    ...NullPhase.options.flatMap((p) => failed(p, extensionNulls)),
  ];
}

function nullLines(record: RunRecord, events: TrialEvent[]) {
  return tapeCountChecks(record, events).filter((c) => c.check.startsWith('tape counts null'));
}

const eight = { k: 0, n: 8 };
const ceiling = nullBaseline('ceiling', {
  'null-no-tools': eight,
  'null-stubbed-empty': eight,
  'null-random-args': eight,
});

describe('tape counts of the null phases', () => {
  it('a run stopped after an extension batch ran its nulls: the ceiling gate is recounted over the nulls before construct', () => {
    const lines = nullLines({ ...base, gates: [ceiling] }, tape(6));
    expect(lines).toHaveLength(3);
    for (const l of lines) {
      expect(l.ok).toBe(true);
      expect(l.detail).toMatch(
        /record 0\/8, tape 0\/8 \(and 6 in extension batches after the ceiling gate\)/,
      );
    }
  });

  it('the ceiling recount is exact: a null missing before construct is a mismatch, extension nulls do not hide it', () => {
    const events = tape(6);
    events.splice(0, 1);
    const [first] = nullLines({ ...base, gates: [ceiling] }, events);
    expect(first?.ok).toBe(false);
    expect(first?.detail).toMatch(/record 0\/8, tape 0\/7/);
  });

  it('a gate on a measured signal reads every null, the extension batches too', () => {
    const fourteen = { k: 0, n: 14 };
    const reference = nullBaseline(
      'reference',
      { 'null-no-tools': fourteen, 'null-stubbed-empty': fourteen, 'null-random-args': fourteen },
      { k: 4, n: 4 },
    );
    expect(nullLines({ ...base, gates: [ceiling, reference] }, tape(6)).every((l) => l.ok)).toBe(true);
    expect(nullLines({ ...base, gates: [ceiling, reference] }, tape(5)).some((l) => l.ok)).toBe(false);
  });
});

describe('tape counts of the construct budget-ended failures', () => {
  const gate = (budgetEnded: { token_budget?: number; steps?: number }) =>
    constructGate({
      params: D.construct,
      compromisedErrorShare: D.compromisedErrorShare,
      policy: D.extension,
      reps: 1,
      registered: { tasks: 4, pool: { k: 1, n: 4, errors: 0 } },
      batches: [],
      budgetEnded,
    });
  const trial = (constructPassed: boolean, exhausted: string | null): TrialEvent => ({
    phase: 'construct',
    checkPassed: constructPassed,
    constructPassed,
    firstTry: constructPassed,
    exhausted,
  });
  const events = [
    trial(true, null),
    trial(false, 'token_budget'),
    trial(false, 'token_budget'),
    trial(false, null),
  ];
  const line = (g: ReturnType<typeof gate>) =>
    tapeCountChecks({ ...base, gates: [g] }, events).find((c) => c.check.includes('budget-ended'));

  it('agrees when the record stores what the trial events say', () => {
    expect(line(gate({ token_budget: 2 }))).toMatchObject({
      ok: true,
      detail: 'record 2 token_budget, tape 2 token_budget',
    });
  });

  it('names both sides when they differ', () => {
    expect(line(gate({ steps: 2 }))).toMatchObject({
      ok: false,
      detail: 'record 2 steps, tape 2 token_budget',
    });
  });
});
