import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RunRecord } from '../record/run.js';
import { type NullBaselineInput, nullBaselineGate } from './null-baseline.js';
import { NULL_READINGS, nullReading } from './null-reading.js';

const phases = (a: number, b: number, c: number, n = 16) => ({
  'null-no-tools': { k: a, n },
  'null-stubbed-empty': { k: b, n },
  'null-random-args': { k: c, n },
});
const decide = (patch: Partial<NullBaselineInput>) =>
  nullBaselineGate({
    phases: phases(0, 0, 0),
    signal: { source: 'ceiling' },
    ratio: 0.5,
    percentile: 95,
    ...patch,
  });

describe('the null_baseline wording table', () => {
  it('random-args alone at the line (the others at 0) is a statement about the server, with its counts', () => {
    const g = decide({
      phases: { ...phases(0, 0, 0), 'null-random-args': { k: 8, n: 8, notApplicable: 2 } },
    });
    const r = nullReading(g);
    expect(r).toMatchObject({ kind: 'null-random-args', about: 'server', reached: ['null-random-args'] });
    expect(r.sentence).toBe(
      'Only the null with tools called with random valid arguments reached the line (null-random-args 8 of 8, 2 not applicable; below it: null-no-tools 0 of 16, null-stubbed-empty 0 of 16): the keys do not depend on the arguments the agent chose: calls with random valid arguments reach them too (the server ignores those arguments, or its answers to other values show the same keys): a statement about how the server answers, not about the agent',
    );
    expect(g.explain.startsWith(`${r.sentence}. T_null (p95 of `)).toBe(true);
    expect(g.explain).not.toContain('generated tasks, not about the server');
  });

  it('no tools at the line says the tasks are answerable without the server, whatever else reached it', () => {
    const r = nullReading(decide({ phases: phases(13, 11, 12) }));
    expect(r).toMatchObject({ kind: 'null-no-tools', about: 'tasks' });
    expect(r.reached).toEqual(['null-no-tools', 'null-stubbed-empty', 'null-random-args']);
    expect(r.sentence).toMatch(
      /^The nulls with no tools at all and tools that answer empty and tools called/,
    );
    expect(r.sentence).toContain(
      '(null-no-tools 13 of 16, null-stubbed-empty 11 of 16, null-random-args 12 of 16)',
    );
    expect(r.sentence).toContain('the tasks are answerable without the server');
  });

  it('stubbed-empty at the line (no tools below it) says the answers need no real results', () => {
    const r = nullReading(decide({ phases: phases(2, 9, 10) }));
    expect(r).toMatchObject({ kind: 'null-stubbed-empty', about: 'tasks' });
    expect(r.reached).toEqual(['null-stubbed-empty', 'null-random-args']);
    expect(r.sentence).toContain('below it: null-no-tools 2 of 16');
    expect(r.sentence).toContain("reachable without the server's real results");
  });

  it('the reading follows the line, not the verdict alone: a null just below the line is not named', () => {
    const r = nullReading(
      decide({ phases: phases(0, 7, 8), signal: { source: 'reference', counts: { k: 16, n: 16 } } }),
    );
    // cutoff 0.5: 8 of 16 reached it, 7 of 16 did not.
    expect(r.reached).toEqual(['null-random-args']);
    expect(r.sentence).toContain('below it: null-no-tools 0 of 16, null-stubbed-empty 7 of 16');
  });

  it('a signal of 0 and a missing measurement are about the measurement, in the words the record keeps', () => {
    const zero = decide({ signal: { source: 'first_try', counts: { k: 0, n: 12 } } });
    expect(nullReading(zero)).toMatchObject({ kind: 'no-signal', about: 'measurement', reached: [] });
    expect(zero.explain).toBe(`${NULL_READINGS['no-signal'].says(zero)}.`);
    const missing = decide({ phases: { 'null-no-tools': { k: 0, n: 16 } } });
    expect(nullReading(missing)).toMatchObject({ kind: 'not-measured', about: 'measurement' });
    expect(missing.explain).toBe(
      'Not measured: null-stubbed-empty, null-random-args; an indeterminate baseline halts the run like a failed one.',
    );
  });

  it('a decision that proceeds keeps the words records already carry: verify re-derives them', () => {
    const path = new URL('../record/fixtures/v2-scored.json', import.meta.url);
    const record = RunRecord.parse(JSON.parse(readFileSync(path, 'utf8')));
    const ceiling = record.gates.find((g) => g.gate === 'null_baseline' && g.signalSource === 'ceiling');
    if (ceiling?.gate !== 'null_baseline') throw new Error('the fixture has a null gate at the ceiling');
    const again = decide({ phases: ceiling.nullRates });
    expect(nullReading(again).kind).toBe('below-line');
    expect(again.explain).toBe(ceiling.explain);
  });
});
