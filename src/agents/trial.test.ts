import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { FORECAST_TASK, fakeSession, memorySink, WEATHER_TOOLS } from '../../test/support/agents.js';
import { HeuristicModel } from '../models/heuristic/model.js';
import { trialCorrId } from './prompts.js';
import { toolSet } from './tools.js';
import { runTrial, type TrialDeps } from './trial.js';
import type { Phase } from './types.js';

const limits = {
  maxSteps: 6,
  maxOutputTokens: 512,
  tokenBudgetPerTrial: 50_000,
  trialTimeoutMs: 10_000,
  callTimeoutMs: 1_000,
};

function deps(session = fakeSession(), sink = memorySink()): TrialDeps & { opened: string[] } {
  const opened: string[] = [];
  return {
    opened,
    model: { model: new HeuristicModel(), id: 'heuristic', provider: 'heuristic' },
    tools: WEATHER_TOOLS,
    openSession: async (corrId) => {
      opened.push(corrId);
      return session;
    },
    limits,
    seed: 7,
    sink,
  };
}

function spec(phase: Phase, rep = 1) {
  return { task: FORECAST_TASK, phase, rep, corrId: trialCorrId(FORECAST_TASK.id, phase, rep, 1) };
}

describe('runTrial with the heuristic runner', () => {
  it('drive: calls the real tool through the session with the corr id, answers, first try', async () => {
    const session = fakeSession();
    const d = deps(session);
    const result = await runTrial(spec('drive'), d);
    expect(result.checkPassed).toBe(true);
    expect(result.firstTry).toBe(true);
    expect(result.toolCalls.map((c) => c.tool)).toEqual(['get_forecast']);
    expect(session.calls[0]).toMatchObject({ args: { city: 'Oslo' }, corrId: 'forecast-oslo' });
    expect(session.closed).toBe(1);
    expect(d.opened).toEqual(['forecast-oslo']);
  });

  it('a tool error result fails first try but is no oracle error', async () => {
    const result = await runTrial(spec('drive'), deps(fakeSession('x', 'tool-error')));
    expect(result.firstTry).toBe(false);
    expect(result.toolCalls[0]?.failure).toBe('tool_error');
    expect(result.oracleError).toBeUndefined();
  });

  it('a call with no response is an oracle error (timeout)', async () => {
    const result = await runTrial(spec('construct'), deps(fakeSession('x', 'timeout')));
    expect(result.oracleError?.kind).toBe('timeout');
    expect(result.toolCalls[0]?.failure).toBe('timeout');
    expect(result.constructPassed).toBe(false);
  });

  it('null-no-tools never opens a session and answers UNKNOWN', async () => {
    const d = deps();
    const result = await runTrial(spec('null-no-tools'), d);
    expect(d.opened).toEqual([]);
    expect(result.answer).toBe('UNKNOWN');
    expect(result.checkPassed).toBe(false);
    expect(result.corrId).toBe('forecast-oslo::null-no-tools');
  });

  it('null-stubbed-empty answers every call locally with an empty result', async () => {
    const session = fakeSession();
    const d = deps(session);
    const result = await runTrial(spec('null-stubbed-empty'), d);
    expect(d.opened).toEqual([]);
    expect(session.calls).toEqual([]);
    expect(result.toolCalls.length).toBeGreaterThan(0);
    expect(result.toolCalls.every((c) => c.stubbed)).toBe(true);
    expect(result.checkPassed).toBe(false);
  });

  it('null-random-args replaces the arguments with seeded schema-valid ones', async () => {
    const a = fakeSession();
    const b = fakeSession();
    await runTrial(spec('null-random-args'), deps(a));
    await runTrial(spec('null-random-args'), deps(b));
    const sent = a.calls[0]?.args;
    expect(sent).toBeDefined();
    expect(sent).not.toEqual({ city: 'Oslo' });
    expect(typeof sent?.city).toBe('string');
    expect(String(sent?.city ?? '').length).toBeGreaterThanOrEqual(2);
    expect(b.calls[0]?.args).toEqual(sent);
  });

  it('null-random-args: a randomised call is applicable; an argument-free tool is the real call, not a null', async () => {
    const randomised = await runTrial(spec('null-random-args'), deps(fakeSession()));
    expect(randomised.nullApplicable).toBe(true);
    expect(randomised.toolCalls[0]?.randomised).toBe(true);
    const session = fakeSession();
    const d = {
      ...deps(session),
      tools: [
        {
          name: 'get_forecast',
          description: 'Forecast for Oslo.',
          inputSchema: { type: 'object', properties: {} },
        },
      ],
    };
    const same = await runTrial(spec('null-random-args'), d);
    expect(session.calls[0]?.args).toEqual({});
    expect(same.toolCalls[0]?.randomised).toBe(false);
    expect(same.nullApplicable).toBe(false);
    const drive = await runTrial(spec('drive'), deps(fakeSession()));
    expect(drive.nullApplicable).toBeUndefined();
  });

  it('construct: the reference agent follows the plan and reaches the key through the server', async () => {
    const sink = memorySink();
    const result = await runTrial(spec('construct'), deps(fakeSession(), sink));
    expect(result.constructPassed).toBe(true);
    const system = sink.turns.find((t) => t.role === 'system');
    expect(JSON.stringify(system)).toContain('```plan');
  });

  it('construct fails when the server no longer carries the key (stale answer key)', async () => {
    const result = await runTrial(spec('construct'), deps(fakeSession('bright sunshine')));
    expect(result.checkPassed).toBe(false);
    expect(result.constructPassed).toBe(false);
    expect(result.oracleError).toBeUndefined();
    // The admitted call answered otherwise: the trial says the server's state changed.
    expect(result.stateChanged).toMatch(/^get_forecast \{"city":"Oslo"\}: no longer carries the answer key/);
  });

  it('a drive trial that replays the admitted call and gets the same answer saw no state change', async () => {
    expect((await runTrial(spec('drive'), deps())).stateChanged).toBeUndefined();
    expect((await runTrial(spec('drive'), deps(fakeSession('hail')))).stateChanged).toBeDefined();
  });

  it('a session that cannot be opened is a connect oracle error, and nothing is called', async () => {
    const d = deps();
    d.openSession = async () => {
      throw new Error('SERVER_EXITED: server exited with code 1');
    };
    const result = await runTrial(spec('drive'), d);
    expect(result.oracleError).toEqual({
      kind: 'connect',
      message: 'SERVER_EXITED: server exited with code 1',
    });
    expect(result.usage).toEqual([]);
    expect(result.firstTry).toBe(false);
  });

  it('concurrent trials share one tool set, and each call lands in its own trial and session', async () => {
    const oslo = fakeSession('freezing drizzle');
    const bergen = fakeSession('bright sunshine');
    const tools = toolSet(WEATHER_TOOLS);
    expect(toolSet(WEATHER_TOOLS)).toBe(tools);
    const [a, b] = await Promise.all([
      runTrial(spec('drive', 1), deps(oslo)),
      runTrial({ ...spec('drive', 2), corrId: 'forecast-oslo-2' }, deps(bergen)),
    ]);
    expect(a.checkPassed).toBe(true);
    expect(b.checkPassed).toBe(false);
    expect(oslo.calls.map((c) => c.corrId)).toEqual(['forecast-oslo']);
    expect(bergen.calls.map((c) => c.corrId)).toEqual(['forecast-oslo-2']);
    expect(a.toolCalls).toHaveLength(1);
    expect(b.toolCalls).toHaveLength(1);
  });

  it('a model whose tool input is not a JSON object calls the tool with no arguments, not its array', async () => {
    const session = fakeSession();
    const usage = {
      inputTokens: { total: 5, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 5, text: 5, reasoning: undefined },
    };
    let n = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () =>
        ++n === 1
          ? {
              content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'get_forecast', input: '["Oslo"]' }],
              finishReason: { unified: 'tool-calls', raw: 'tool_use' },
              usage,
              warnings: [],
            }
          : {
              content: [{ type: 'text', text: 'UNKNOWN' }],
              finishReason: { unified: 'stop', raw: 'stop' },
              usage,
              warnings: [],
            },
    });
    const result = await runTrial(spec('drive'), {
      ...deps(session),
      model: { model, id: 'mock:array', provider: 'mock' },
    });
    expect(session.calls).toEqual([{ name: 'get_forecast', args: {}, corrId: 'forecast-oslo' }]);
    expect(result.toolCalls[0]).toMatchObject({ tool: 'get_forecast', arguments: {}, failure: 'tool_error' });
  });

  it('a shared tool called outside any trial fails instead of reaching a session', async () => {
    const forecast = toolSet(WEATHER_TOOLS).get_forecast;
    await expect(forecast?.execute?.({ city: 'Oslo' }, { toolCallId: 'x', messages: [] })).rejects.toThrow(
      /outside a trial/,
    );
  });
});
