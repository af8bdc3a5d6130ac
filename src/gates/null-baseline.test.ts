import { describe, expect, it } from 'vitest';
import { GateInputError } from './errors.js';
import { type NullBaselineInput, nullBaselineGate } from './null-baseline.js';

const phases = (a: number, b: number, c: number, n = 20) => ({
  'null-no-tools': { k: a, n },
  'null-stubbed-empty': { k: b, n },
  'null-random-args': { k: c, n },
});
const gate = (patch: Partial<NullBaselineInput>) =>
  nullBaselineGate({
    phases: phases(0, 1, 2),
    signal: { source: 'ceiling' },
    ratio: 0.5,
    percentile: 95,
    ...patch,
  });

describe('null_baseline gate', () => {
  it('proceeds against the ceiling when the nulls stay low; T_null is the p95 (nearest rank) of the three', () => {
    const g = gate({});
    expect(g).toMatchObject({
      verdict: 'PROCEED',
      signalSource: 'ceiling',
      signal: 1,
      tNull: 0.1,
      cutoff: 0.5,
    });
    expect(g.nullRates['null-no-tools']).toEqual({ k: 0, n: 20, rate: 0 });
    expect(g.outcome).toBeUndefined();
  });

  it('kills noise_exceeds_signal (DEGENERATE) at exactly T_null = 0.5·S, and proceeds just below', () => {
    const at = gate({ phases: phases(2, 10, 4), signal: { source: 'reference', counts: { k: 20, n: 20 } } });
    expect(at).toMatchObject({
      verdict: 'KILL',
      reason: 'noise_exceeds_signal',
      outcome: 'DEGENERATE',
      tNull: 0.5,
      cutoff: 0.5,
    });
    const below = gate({
      phases: phases(2, 9, 4),
      signal: { source: 'reference', counts: { k: 20, n: 20 } },
    });
    expect(below).toMatchObject({ verdict: 'PROCEED', tNull: 0.45 });
  });

  it('reads the signal from the source it is given: the first-try rate after the drive', () => {
    const g = gate({ phases: phases(3, 3, 3), signal: { source: 'first_try', counts: { k: 6, n: 20 } } });
    expect(g).toMatchObject({
      verdict: 'KILL',
      signal: 0.3,
      cutoff: 0.15,
      tNull: 0.15,
      signalSource: 'first_try',
    });
    expect(g.explain).toContain('the first-try rate');
  });

  it('is INDETERMINATE no_measurements when a null phase is missing', () => {
    const { 'null-random-args': _, ...two } = phases(0, 0, 0);
    const g = gate({ phases: two });
    expect(g).toMatchObject({
      verdict: 'INDETERMINATE',
      reason: 'no_measurements',
      outcome: 'INDETERMINATE',
    });
    expect(g.tNull).toBeUndefined();
    expect(g.explain).toContain('null-random-args');
  });

  it('is INDETERMINATE no_measurements when a phase ran no trials or the signal is missing', () => {
    expect(gate({ phases: phases(0, 0, 0, 0) }).reason).toBe('no_measurements');
    const g = gate({ signal: { source: 'reference' } });
    expect(g).toMatchObject({ reason: 'no_measurements', tNull: 0.1 });
    expect(g.signal).toBeUndefined();
  });

  it('is INDETERMINATE degenerate_no_signal when S = 0', () => {
    const g = gate({ signal: { source: 'reference', counts: { k: 0, n: 48 } } });
    expect(g).toMatchObject({
      verdict: 'INDETERMINATE',
      reason: 'degenerate_no_signal',
      outcome: 'INDETERMINATE',
      signal: 0,
    });
  });

  it('rejects k > n, NaN ratios and unknown sources naming the argument', () => {
    expect(() => gate({ phases: phases(21, 0, 0) })).toThrow('null-no-tools.k=21');
    expect(() => gate({ ratio: Number.NaN })).toThrow('ratio=NaN');
    expect(() => gate({ percentile: 0 })).toThrow(GateInputError);
    expect(() => gate({ signal: { source: 'oracle' } as never })).toThrow('signal.source="oracle"');
    expect(() => gate({ signal: { source: 'first_try', counts: { k: -1, n: 3 } } })).toThrow('k=-1');
  });
});

describe('null_baseline keeps the counts behind a measured signal', () => {
  const phases = {
    'null-no-tools': { k: 0, n: 16 },
    'null-stubbed-empty': { k: 0, n: 16 },
    'null-random-args': { k: 1, n: 16 },
  };

  it('records k/n of a first-try signal of 0, so the refusal can be re-decided without a score block', () => {
    const g = nullBaselineGate({
      phases,
      signal: { source: 'first_try', counts: { k: 0, n: 48 } },
      ratio: 0.5,
      percentile: 95,
    });
    expect(g.reason).toBe('degenerate_no_signal');
    expect(g.signalCounts).toEqual({ k: 0, n: 48 });
    const again = nullBaselineGate({
      phases,
      signal: { source: 'first_try', counts: g.signalCounts! },
      ratio: 0.5,
      percentile: 95,
    });
    expect(again).toEqual(g);
  });

  it('keeps no counts for the ceiling', () => {
    const g = nullBaselineGate({ phases, signal: { source: 'ceiling' }, ratio: 0.5, percentile: 95 });
    expect(g.signalCounts).toBeUndefined();
  });

  describe('null-random-args applicability', () => {
    it('reads the rate over applicable trials and records both counts', () => {
      const g = gate({
        phases: {
          'null-no-tools': { k: 0, n: 16 },
          'null-stubbed-empty': { k: 0, n: 16 },
          'null-random-args': { k: 1, n: 8, notApplicable: 8 },
        },
      });
      expect(g.nullRates['null-random-args']).toEqual({ k: 1, n: 8, rate: 0.125, notApplicable: 8 });
      expect(g.tNull).toBe(0.125);
      expect(g.explain).toMatch(/null-random-args 0.125 over 8 applicable trials, 8 not applicable/);
    });

    it('a phase with no applicable trial is not measured (never 0) and stays out of T_null', () => {
      const g = gate({
        phases: {
          'null-no-tools': { k: 1, n: 16 },
          'null-stubbed-empty': { k: 2, n: 16 },
          'null-random-args': { k: 0, n: 0, notApplicable: 16 },
        },
      });
      expect(g.nullRates['null-random-args']).toBeUndefined();
      expect(g.notMeasured).toEqual({ 'null-random-args': { notApplicable: 16 } });
      expect(g).toMatchObject({ verdict: 'PROCEED', tNull: 0.125 });
      expect(g.explain).toMatch(/null-random-args not measured \(none of its 16 trials was applicable/);
    });

    it('a phase that ran nothing at all still leaves T_null missing', () => {
      const g = gate({
        phases: {
          'null-no-tools': { k: 0, n: 16 },
          'null-stubbed-empty': { k: 0, n: 0 },
          'null-random-args': { k: 0, n: 0, notApplicable: 16 },
        },
      });
      expect(g).toMatchObject({ verdict: 'INDETERMINATE', reason: 'no_measurements' });
      expect(g.explain).toMatch(/null-stubbed-empty, null-random-args \(none of its 16 trials/);
    });
  });
});
