import { describe, expect, it } from 'vitest';
import { PREREG_DEFAULTS as D } from '../record/prereg.js';
import { GateInputError } from './errors.js';
import { planPowerGate } from './plan-power.js';

describe('plan_power gate', () => {
  it('records the default registration as powered: 48 → 84 trials, PASS publishable at 48', () => {
    const g = planPowerGate({
      construct: D.construct,
      registeredTrials: 48,
      trialsPerBatch: 18,
      maxExtensions: 2,
    });
    expect(g).toMatchObject({ verdict: 'PASS', requiredN: 78, registeredTrials: 48, maxTrials: 84 });
    expect(g.reason).toBeUndefined();
    expect(g.outcome).toBeUndefined();
    expect(g.achievedPowerAtMax).toBeGreaterThanOrEqual(0.8);
    expect(g.perfectPassAtRegistered).toBe(true);
  });

  it('records 12 tasks at one rep as underpowered but never refuses', () => {
    const g = planPowerGate({
      construct: D.construct,
      registeredTrials: 12,
      trialsPerBatch: 0,
      maxExtensions: 0,
    });
    expect(g).toMatchObject({
      verdict: 'PASS',
      reason: 'underpowered_registration',
      perfectPassAtMax: false,
    });
    expect(g.outcome).toBeUndefined();
    expect(g.explain).toContain('can never publish PASS');
  });

  it('rejects bad parameters with a typed error', () => {
    const bad = (patch: object) => () =>
      planPowerGate({
        construct: { ...D.construct, ...patch },
        registeredTrials: 48,
        trialsPerBatch: 18,
        maxExtensions: 2,
      });
    expect(bad({ threshold: 1.2 })).toThrow(GateInputError);
    expect(bad({ alpha: 0 })).toThrow('alpha=0');
    expect(bad({ detectableRate: 0.95 })).toThrow('detectableRate');
    expect(() =>
      planPowerGate({ construct: D.construct, registeredTrials: -3, trialsPerBatch: 18, maxExtensions: 2 }),
    ).toThrow('registeredTrials=-3');
  });
});
