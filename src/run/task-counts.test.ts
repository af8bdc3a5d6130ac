import { describe, expect, it } from 'vitest';
import type { TrialResult } from '../agents/types.js';
import { mergeTaskCounts, taskCounts } from './task-counts.js';

const trial = (taskId: string, patch: Partial<TrialResult>): TrialResult => ({
  taskId,
  phase: 'construct',
  rep: 0,
  corrId: taskId,
  answer: '',
  checkPassed: false,
  checkDetail: '',
  firstTry: false,
  toolCalls: [],
  usage: [],
  steps: 0,
  durationMs: 0,
  ...patch,
});

describe('per-task counts behind a gate rate', () => {
  it('null-random-args counts only applicable trials: a task with none has m = 0', () => {
    const results = [
      trial('a', { nullApplicable: true, checkPassed: true }),
      trial('a', { nullApplicable: false, checkPassed: true }),
      trial('b', { nullApplicable: false }),
      trial('b', { nullApplicable: false }),
    ];
    const random = results.map((r) => ({ ...r, phase: 'null-random-args' as const }));
    expect(taskCounts(random)).toEqual([
      { taskId: 'a', k: 1, m: 1 },
      { taskId: 'b', k: 0, m: 0 },
    ]);
    const noTools = results.map((r) => ({ ...r, phase: 'null-no-tools' as const }));
    expect(taskCounts(noTools)).toEqual([
      { taskId: 'a', k: 2, m: 2 },
      { taskId: 'b', k: 0, m: 2 },
    ]);
  });

  it('construct leaves oracle errors out of m, as they are out of n', () => {
    const error = { kind: 'timeout' as const, message: 'no answer in time' };
    const results = [
      trial('a', { constructPassed: true }),
      trial('a', { constructPassed: true, oracleError: error }),
      trial('b', { constructPassed: false }),
    ];
    expect(taskCounts(results)).toEqual([
      { taskId: 'a', k: 1, m: 1 },
      { taskId: 'b', k: 0, m: 1 },
    ]);
  });

  it('merging a reserve batch appends its tasks and adds to one seen before', () => {
    expect(
      mergeTaskCounts(
        [{ taskId: 'a', k: 1, m: 2 }],
        [
          { taskId: 'b', k: 0, m: 2 },
          { taskId: 'a', k: 1, m: 1 },
        ],
      ),
    ).toEqual([
      { taskId: 'a', k: 2, m: 3 },
      { taskId: 'b', k: 0, m: 2 },
    ]);
  });
});
