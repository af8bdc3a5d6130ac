import { describe, expect, it } from 'vitest';
import { buildScore, firstTrySuccess, type TrialOutcome } from './build-score.js';
import { ScoreBlock } from './score.js';

const ok = {
  model: 'anthropic:claude-haiku-4-5',
  status: 'ok' as const,
  inputTokens: 1000,
  outputTokens: 100,
};
const trial = (taskId: string, rep: number, patch: Partial<TrialOutcome> = {}): TrialOutcome => ({
  taskId,
  rep,
  checkPassed: true,
  budgetExhausted: false,
  toolCalls: [{ tool: 'search', latencyMs: 10 * (rep + 1) }],
  usage: [ok],
  ...patch,
});
const prices = {
  asOf: '2025-11-24',
  source: 'test',
  models: { 'anthropic:claude-haiku-4-5': { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 } },
};

describe('first-try success', () => {
  it('needs the check, no failed tool call and no exhausted budget', () => {
    expect(firstTrySuccess(trial('a', 0))).toBe(true);
    expect(firstTrySuccess(trial('a', 0, { checkPassed: false }))).toBe(false);
    expect(firstTrySuccess(trial('a', 0, { budgetExhausted: true }))).toBe(false);
    expect(
      firstTrySuccess(
        trial('a', 0, { toolCalls: [{ tool: 'search', failure: 'tool_error', latencyMs: 5 }] }),
      ),
    ).toBe(false);
  });
});

describe('buildScore', () => {
  const trials = [
    trial('a', 0),
    trial('a', 1),
    trial('a', 2, {
      toolCalls: [
        { tool: 'search', failure: 'tool_error', latencyMs: 40 },
        { tool: 'get', latencyMs: 7 },
      ],
    }),
    trial('b', 0, { checkPassed: false }),
    trial('b', 1, { checkPassed: false, toolCalls: [{ tool: 'get', failure: 'no_response' }] }),
    trial('b', 2, {
      checkPassed: false,
      budgetExhausted: true,
      usage: [{ model: ok.model, status: 'no_usage' }],
    }),
  ];

  it('scores first try over trials with its Wilson interval, plus eventual success, pass^k and pass@k', () => {
    const s = buildScore(trials, { reps: 3, prices });
    expect(s.firstTry.k).toBe(2);
    expect(s.firstTry.n).toBe(6);
    expect(s.firstTry.wilson.point).toBeCloseTo(1 / 3, 12);
    expect(s.firstTry.wilson.lower).toBeLessThan(1 / 3);
    expect(s.eventual).toMatchObject({ k: 3, n: 6 });
    expect(s.perTask).toEqual([
      { taskId: 'a', reps: 3, firstTry: 2, eventual: 3, passHatK: false, passAtK: true },
      { taskId: 'b', reps: 3, firstTry: 0, eventual: 0, passHatK: false, passAtK: false },
    ]);
    expect(s.passHatK).toEqual({ k: 0, n: 2 });
    expect(s.passAtK).toEqual({ k: 1, n: 2 });
    expect(ScoreBlock.safeParse(s).success).toBe(true);
  });

  it('attributes calls and errors by class per tool, with nearest-rank p50/p95 over answered calls', () => {
    const s = buildScore(trials, { reps: 3 });
    expect(s.tools).toEqual([
      {
        tool: 'get',
        calls: 2,
        errors: 1,
        errorsByClass: { no_response: 1 },
        latencyMs: { samples: 1, p50: 7, p95: 7 },
      },
      {
        tool: 'search',
        calls: 5,
        errors: 1,
        errorsByClass: { tool_error: 1 },
        latencyMs: { samples: 5, p50: 20, p95: 40 },
      },
    ]);
  });

  it('counts tokens, flags trials without usage, and prices the runner per completed task', () => {
    const s = buildScore(trials, { reps: 3, prices });
    expect(s.tokens).toEqual({
      input: 5000,
      output: 500,
      cacheRead: 0,
      cacheWrite: 0,
      trialsWithoutUsage: 1,
    });
    expect(s.perCompletedTask).toMatchObject({
      completedTasks: 1,
      tokens: 5500,
      cost: {
        kind: 'floor',
        usd: expect.closeTo((5000 * 1 + 500 * 5) / 1e6, 12),
        reasons: ['1 runner call(s) returned no usage'],
      },
    });
  });

  it('states the cost missing without a price table, and why when no task was completed', () => {
    expect(buildScore([trial('a', 0)]).perCompletedTask).toEqual({
      completedTasks: 1,
      tokens: 1100,
      costMissing: 'no price table was available',
    });
    expect(buildScore([trial('a', 0, { checkPassed: false })]).perCompletedTask).toEqual({
      completedTasks: 0,
      why: 'no task was completed on any rep',
    });
  });

  it('omits latency for a tool that never answered', () => {
    const s = buildScore([trial('a', 0, { toolCalls: [{ tool: 'slow', failure: 'timeout' }] })]);
    expect(s.tools[0]).toEqual({ tool: 'slow', calls: 1, errors: 1, errorsByClass: { timeout: 1 } });
  });

  it('rejects bad input with a typed error naming the path', () => {
    expect(() => buildScore([])).toThrow('buildScore: trials: (root): expected length >= 1, got 0');
    expect(() => buildScore([trial('a', -1)])).toThrow(
      'buildScore: trials: [0].rep: expected number >= 0, got -1',
    );
    expect(() => buildScore([trial('a', 0, { usage: [{ ...ok, inputTokens: Number.NaN }] })])).toThrow(
      '[0].usage[0].inputTokens',
    );
    expect(() => buildScore([trial('a', 0), trial('a', 0)])).toThrow('task a has a repeated rep');
    expect(() => buildScore([trial('a', 0), trial('a', 1)], { reps: 3 })).toThrow(
      'task a has 2 trials, expected 3 reps',
    );
    expect(() => buildScore([trial('a', 0), trial('b', 0), trial('b', 1)])).toThrow(
      'task b has 2 trials, expected 1 reps',
    );
    expect(() => buildScore([trial('a', 0, { usage: [{ model: 'x', status: 'ok' }] })])).toThrow(
      'usage[0].inputTokens: required when status is ok',
    );
  });
});
