import { describe, expect, it } from 'vitest';
import { nullBaseline } from '../../test/support/board/gates.js';
import { fixtureRecord } from '../../test/support/board/records.js';
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
