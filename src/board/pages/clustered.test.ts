import { describe, expect, it } from 'vitest';
import { buildScore, type TrialOutcome } from '../../record/build-score.js';
import { observationsNote } from './clustered.js';

/** 4 tasks × 3 reps; `passes(task, rep)` says which trials passed on the first try. */
function score(passes: (task: number, rep: number) => boolean, runner?: string) {
  const trials: TrialOutcome[] = [0, 1, 2, 3].flatMap((task) =>
    [1, 2, 3].map((rep) => ({
      taskId: `t${task}`,
      rep,
      checkPassed: passes(task, rep),
      budgetExhausted: false,
      toolCalls: [],
      usage: [],
    })),
  );
  return buildScore(trials, { reps: 3, ...(runner === undefined ? {} : { runner }) });
}

const agree = (task: number) => task < 3;
const differ = (task: number, rep: number) => task < 2 || (task === 2 && rep === 1);

describe('how many observations a rate rests on', () => {
  it('a deterministic runner whose reps agreed: identical reps that added no information', () => {
    const s = score(agree, 'heuristic');
    expect(s.runnerDeterminism).toEqual({ deterministic: true, basis: 'heuristic' });
    expect(String(observationsNote(s))).toBe(
      '4 tasks × 3 identical reps (deterministic runner): 4.0 effective observations of 12 trials (the reps added no information: each task counts once)',
    );
  });

  it('a deterministic runner whose reps differed is not said to have identical reps', () => {
    const out = String(observationsNote(score(differ, 'heuristic')));
    expect(out).toMatch(/^4 tasks × 3 reps \(deterministic runner\): .* effective observations of 12 trials/);
    expect(out).not.toContain('identical');
  });

  it('a sampled model, and a record made before determinism was recorded, read as before', () => {
    const sampled = score(agree, 'anthropic:claude-haiku-4-5');
    expect(sampled.runnerDeterminism).toEqual({ deterministic: false, basis: 'sampled' });
    const words =
      '4 tasks × 3 reps: 4.0 effective observations of 12 trials (every task’s reps agreed, so each task counts once)';
    expect(String(observationsNote(sampled))).toBe(words);
    const old = score(agree);
    expect(old.runnerDeterminism).toBeUndefined();
    expect(String(observationsNote(old))).toBe(words);
  });
});
