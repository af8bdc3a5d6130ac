import { describe, expect, it } from 'vitest';
import { parseCorrId, phaseOfCorr, taskOfCorr, trialCorrId, verifyCorrId } from './corr-id.js';
import { CorrStage, Phase, Stage } from './phases.js';

describe('corr ids', () => {
  it("names the trial phases in pipeline order, and the stages a corr id names among the pipeline's", () => {
    expect(Phase.options).toEqual([
      'screen',
      'null-no-tools',
      'null-stubbed-empty',
      'null-random-args',
      'construct',
      'drive',
    ]);
    const tagged = CorrStage.options.filter((s) => s !== 'health');
    expect(tagged.map((s) => Stage.options.indexOf(s as Stage))).toEqual(
      [...tagged.map((s) => Stage.options.indexOf(s as Stage))].sort((a, b) => a - b),
    );
    expect(tagged.every((s) => Stage.options.includes(s as Stage))).toBe(true);
  });

  it('round-trips every trial corr id the harness writes', () => {
    for (const phase of Phase.options) {
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
      }
    }
  });

  it('tells stages, probes and other ids from trials', () => {
    for (const s of CorrStage.options) expect(parseCorrId(s)).toEqual({ kind: 'stage', stage: s });
    expect(parseCorrId('probe:negotiate')).toEqual({ kind: 'probe', probe: 'negotiate' });
    expect(phaseOfCorr('probe:negotiate')).toBe('probes');
    expect(parseCorrId('x1::not-a-phase').kind).toBe('other');
    expect(parseCorrId('mystery', (id) => id.startsWith('x')).kind).toBe('other');
    expect(taskOfCorr('t1::construct#0')).toBe('t1');
    expect(phaseOfCorr('t1#0')).toBe('drive');
    expect(taskOfCorr('generate')).toBeUndefined();
  });
});
