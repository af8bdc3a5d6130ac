import { describe, expect, it } from 'vitest';
import { describeOutcome, mismatches } from './verdict.js';

describe('mismatches', () => {
  it('is empty when outcome, gate, reason and batches all match', () => {
    expect(
      mismatches(
        { outcome: 'GATE_FAILED', gate: 'construct', reason: 'reference_rate_below_threshold' },
        { outcome: 'GATE_FAILED', gate: 'construct', reason: 'reference_rate_below_threshold', batches: 0 },
      ),
    ).toEqual([]);
  });

  it('names every field that differs', () => {
    expect(
      mismatches(
        { outcome: 'DEGENERATE', gate: 'null_baseline', reason: 'noise_exceeds_signal' },
        { outcome: 'INSUFFICIENT_SURFACE', gate: 'suite_size', reason: 'below_minimum_suite_size' },
      ),
    ).toEqual([
      'outcome INSUFFICIENT_SURFACE, expected DEGENERATE',
      'gate suite_size, expected null_baseline',
      'reason below_minimum_suite_size, expected noise_exceeds_signal',
    ]);
  });

  it('holds a SCORED expectation to the number of extension batches bought', () => {
    expect(mismatches({ outcome: 'SCORED', batches: 2 }, { outcome: 'SCORED', batches: 1 })).toEqual([
      'extension batches 1, expected 2',
    ]);
    expect(mismatches({ outcome: 'SCORED', batches: 2 }, { outcome: 'SCORED' })).toEqual([
      'extension batches none, expected 2',
    ]);
  });

  it('does not let a matching outcome hide a missing refusal gate', () => {
    expect(
      mismatches({ outcome: 'VOID', reason: 'target_died' }, { outcome: 'VOID', reason: 'crashed' }),
    ).toEqual(['reason crashed, expected target_died']);
  });
});

describe('describeOutcome', () => {
  it('reads as outcome, gate/reason and bought batches', () => {
    expect(
      describeOutcome({ outcome: 'COMPROMISED', gate: 'construct', reason: 'compromised_oracle_errors' }),
    ).toBe('COMPROMISED construct/compromised_oracle_errors');
    expect(describeOutcome({ outcome: 'VOID', reason: 'target_died' })).toBe('VOID target_died');
    expect(describeOutcome({ outcome: 'SCORED', batches: 2 })).toBe('SCORED (+2 batches)');
    expect(describeOutcome({ outcome: 'SCORED', batches: 0 })).toBe('SCORED');
  });
});

describe('obtainedFrom', () => {
  it('explains a refusal by the refusing decision, not an earlier decision of the same gate', async () => {
    const { readRecord } = await import('../record/io.js');
    const { obtainedFrom } = await import('./verdict.js');
    const scored = await readRecord('src/record/fixtures/v2-scored.json');
    const nullDecisions = scored.gates.filter((g) => g.gate === 'null_baseline');
    expect(nullDecisions.length).toBeGreaterThan(1);
    const { score: _score, ...rest } = scored;
    const gates = scored.gates.map((g, i) =>
      i === scored.gates.length - 1 ? { ...g, explain: 'the last decision' } : g,
    );
    const refused = {
      ...rest,
      gates,
      outcome: 'INDETERMINATE' as const,
      refusal: { gate: 'null_baseline' as const, reason: 'degenerate_no_signal' as const },
    };
    expect(gates.at(-1)?.gate).toBe('null_baseline');
    expect(obtainedFrom(refused).explain).toBe('the last decision');
  });
});
