import { describe, expect, it } from 'vitest';
import { wilson } from '../stats/wilson.js';
import { TASK_LEVEL_METHOD, taskLevelTest, verdictOf } from './paired-tasks.js';
import { MeasuredEffect, RerunPolicy } from './rerun.js';

const rate = (k: number, n: number) => ({ k, n, wilson: wilson(k, n) });

/** 16 tasks × 3 reps: tasks a and b fail every rep originally and pass every rep with the rewrites. */
const counts = Array.from({ length: 16 }, (_, i) => ({
  taskId: `t${i}`,
  reps: 3,
  original: i < 2 ? 0 : 3,
  rewritten: 3,
}));

function effect(withTaskLevel: boolean, verdict: string) {
  return {
    pairs: 48,
    original: rate(42, 48),
    rewritten: rate(48, 48),
    ...(withTaskLevel ? { taskLevel: taskLevelTest(counts, 0.05) } : {}),
    mcnemar: { b: 0, c: 6, discordant: 6, pValue: 0.03125, alpha: 0.05, rejects: true },
    verdict,
    statement: 'x',
    runnerKind: 'model',
    evidence: { original: [], rewritten: [] },
  };
}

describe('the task-level block', () => {
  it('records the per-task counts, differences, statistic, p and the method by name', () => {
    const t = taskLevelTest(counts, 0.05);
    expect(t).toMatchObject({
      method: TASK_LEVEL_METHOD,
      tasks: 16,
      nonZero: 2,
      rose: 2,
      fell: 0,
      statistic: 6,
      pValue: 0.5,
      alpha: 0.05,
      rejects: false,
    });
    expect(t.perTask[0]).toEqual({ taskId: 't0', reps: 3, original: 0, rewritten: 3, difference: 3 });
  });

  it('the verdict follows the task-level test, not the trial-level McNemar', () => {
    expect(MeasuredEffect.safeParse(effect(true, 'no measurable effect')).success).toBe(true);
    const trialVerdict = MeasuredEffect.safeParse(effect(true, 'improved'));
    expect(trialVerdict.error?.issues[0]?.message).toBe(
      'expected no measurable effect, from the task-level test',
    );
  });

  it('a rerun made before the method still reads, its verdict from McNemar', () => {
    const old = MeasuredEffect.parse(effect(false, 'improved'));
    expect(old.taskLevel).toBeUndefined();
    expect(MeasuredEffect.safeParse(effect(false, 'no measurable effect')).success).toBe(false);
    const policy = {
      schema: 'fitness-report.rerun-policy/1',
      rerunOf: {
        runId: 'x-20261201T110000Z',
        suiteHash: 'a'.repeat(64),
        surfaceDigest: 'a'.repeat(64),
        recordSha256: 'a'.repeat(64),
      },
      runner: 'heuristic',
      seed: 1,
      repsDrive: 3,
      agentLimits: {},
      trials: ['t0#1'],
      pairing: 'per trial: task id × rep',
      alpha: 0.05,
      overrides: [
        {
          tool: 'x',
          description: 'd',
          parameters: [],
          proposals: [{ tool: 'x', generator: 'g', answers: ['f'] }],
        },
      ],
      statement: 's',
      writtenAt: '2026-12-01T11:00:00.000Z',
    };
    expect(RerunPolicy.safeParse({ ...policy, test: 'exact McNemar, two-sided' }).success).toBe(true);
    expect(RerunPolicy.safeParse({ ...policy, test: TASK_LEVEL_METHOD }).success).toBe(true);
    expect(RerunPolicy.safeParse({ ...policy, test: 'some later test' }).success).toBe(false);
  });

  it('refuses per-task counts that do not add up to the pairs and rates, or an edited statistic', () => {
    const e = effect(true, 'no measurable effect');
    const short = { ...e, taskLevel: taskLevelTest(counts.slice(1), 0.05) };
    expect(MeasuredEffect.safeParse(short).success).toBe(false);
    const t = taskLevelTest(counts, 0.05);
    expect(MeasuredEffect.safeParse({ ...e, taskLevel: { ...t, statistic: 5 } }).success).toBe(false);
    expect(MeasuredEffect.safeParse({ ...e, taskLevel: { ...t, rejects: true } }).success).toBe(false);
    const edited = t.perTask.map((p, i) => (i === 0 ? { ...p, difference: 2 } : p));
    expect(MeasuredEffect.safeParse({ ...e, taskLevel: { ...t, perTask: edited } }).success).toBe(false);
  });

  it('names the direction only when the test rejects', () => {
    expect(verdictOf(false, 6)).toBe('no measurable effect');
    expect(verdictOf(true, 6)).toBe('improved');
    expect(verdictOf(true, -6)).toBe('worsened');
  });
});
