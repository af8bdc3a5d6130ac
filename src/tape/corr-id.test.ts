import { describe, expect, it } from 'vitest';
import { Phase } from '../record/void.js';
import {
  parseCorrId,
  phaseOfCorr,
  STAGES,
  TRIAL_PHASES,
  taskOfCorr,
  trialCorrId,
  trialOfCorr,
  verifyCorrId,
} from './corr-id.js';

describe('corr ids', () => {
  it('names the same phases as the record', () => {
    expect([...TRIAL_PHASES]).toEqual(Phase.options);
  });

  it('round-trips every trial corr id the harness writes', () => {
    for (const phase of TRIAL_PHASES) {
      for (const [rep, reps] of [
        [1, 1],
        [2, 3],
      ] as const) {
        const corr = trialCorrId('x007', phase, rep, reps);
        const parsed = parseCorrId(corr);
        expect(parsed).toMatchObject({ kind: 'trial', taskId: 'x007', phase, verify: false, trial: corr });
        expect(parsed.kind === 'trial' && parsed.rep).toBe(reps > 1 ? rep : undefined);
        expect(parseCorrId(verifyCorrId(corr))).toMatchObject({
          kind: 'trial',
          phase,
          verify: true,
          trial: corr,
        });
        expect(trialOfCorr(verifyCorrId(corr))).toBe(corr);
      }
    }
  });

  it('tells stages, probes and other ids from trials', () => {
    for (const s of STAGES) expect(parseCorrId(s)).toEqual({ kind: 'stage', stage: s });
    expect(parseCorrId('probe:negotiate')).toEqual({ kind: 'probe', probe: 'negotiate' });
    expect(phaseOfCorr('probe:negotiate')).toBe('probes');
    expect(parseCorrId('x1::not-a-phase').kind).toBe('other');
    expect(parseCorrId('mystery', (id) => id.startsWith('x')).kind).toBe('other');
    expect(taskOfCorr('t1::construct#0')).toBe('t1');
    expect(phaseOfCorr('t1#0')).toBe('drive');
    expect(taskOfCorr('generate')).toBeUndefined();
  });
});
