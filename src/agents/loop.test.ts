import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { dynamicTool, jsonSchema } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { memorySink } from '../../test/support/agents.js';
import { ModelCallError } from '../models/errors.js';
import { runAgent } from './loop.js';

const limits = { maxSteps: 4, maxOutputTokens: 256, tokenBudgetPerTrial: 10_000 };

function usage(input: number | undefined, output: number | undefined) {
  return {
    inputTokens: { total: input, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

function toolCallResult(n: number, tokens = 10): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'tool-call', toolCallId: `c${n}`, toolName: 'ping', input: '{}' }],
    finishReason: { unified: 'tool-calls', raw: 'tool_use' },
    usage: usage(tokens, tokens),
    warnings: [],
  };
}

const ping = {
  ping: dynamicTool({ inputSchema: jsonSchema({ type: 'object' }), execute: async () => 'pong' }),
};

function loopingModel(tokens = 10) {
  let n = 0;
  return new MockLanguageModelV3({ doGenerate: async () => toolCallResult(++n, tokens) });
}

describe('runAgent', () => {
  it('stops a model that never stops calling tools at the step limit, as budget exhaustion', async () => {
    const sink = memorySink();
    const model = loopingModel();
    const run = await runAgent({
      model: { model, id: 'mock:loop', provider: 'mock' },
      system: 's',
      prompt: 'p',
      tools: ping,
      limits,
      sink,
      corrId: 't1',
    });
    expect(run.exhausted).toBe('steps');
    expect(run.steps).toBe(4);
    expect(model.doGenerateCalls).toHaveLength(4);
    const assistant = sink.turns.filter((t) => t.role === 'assistant');
    expect(assistant).toHaveLength(4);
    expect(assistant[0]).toMatchObject({
      model: 'mock:loop',
      corr_id: 't1',
      usage: { input_tokens: 10, output_tokens: 10 },
    });
    expect(sink.turns.filter((t) => t.role === 'user')).toHaveLength(5);
    expect(run.usage.every((u) => u.status === 'ok')).toBe(true);
  });

  it('names the sink line of the answer turn, the last assistant turn', async () => {
    const sink = memorySink();
    let n = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () =>
        ++n === 1
          ? toolCallResult(1)
          : {
              content: [{ type: 'text', text: 'pong it is' }],
              finishReason: { unified: 'stop', raw: 'stop' },
              usage: usage(5, 5),
              warnings: [],
            },
    });
    const run = await runAgent({
      model: { model, id: 'mock:two', provider: 'mock' },
      system: 's',
      prompt: 'p',
      tools: ping,
      limits,
      sink,
      corrId: 't2',
    });
    expect(run.text).toBe('pong it is');
    const last = sink.turns.findLastIndex((t) => t.role === 'assistant') + 1;
    expect(run.answerLine).toBe(last);
    expect(sink.turns[last - 1]).toMatchObject({ blocks: [{ type: 'text', text: 'pong it is' }] });
  });

  it('stops when the token budget is spent', async () => {
    const run = await runAgent({
      model: { model: loopingModel(300), id: 'mock:loop', provider: 'mock' },
      system: 's',
      prompt: 'p',
      tools: ping,
      limits: { ...limits, tokenBudgetPerTrial: 1000 },
      corrId: 't2',
    });
    expect(run.exhausted).toBe('token_budget');
    expect(run.steps).toBe(2);
  });

  it('records a model call that throws as an error turn and a threw usage row', async () => {
    const sink = memorySink();
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new ModelCallError('MODEL_UNREACHABLE', 'cannot reach the model endpoint', {
          model: 'mock:x',
          retryable: true,
        });
      },
    });
    const run = await runAgent({
      model: { model, id: 'mock:x', provider: 'mock' },
      system: 's',
      prompt: 'p',
      limits,
      sink,
      corrId: 't3',
    });
    expect(run.modelError).toEqual({ code: 'MODEL_UNREACHABLE', message: 'cannot reach the model endpoint' });
    expect(run.usage).toEqual([{ model: 'mock:x', status: 'threw' }]);
    expect(sink.turns.at(-1)).toMatchObject({ role: 'assistant', error: { code: 'MODEL_UNREACHABLE' } });
  });

  it('keeps a call that reported no usage as no_usage, never as zeros', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(undefined, undefined),
        warnings: [],
      }),
    });
    const sink = memorySink();
    const run = await runAgent({
      model: { model, id: 'mock:n', provider: 'mock' },
      system: 's',
      prompt: 'p',
      limits,
      sink,
      corrId: 't4',
    });
    expect(run.text).toBe('done');
    expect(run.exhausted).toBeUndefined();
    expect(run.usage).toEqual([{ model: 'mock:n', status: 'no_usage' }]);
    expect(sink.turns.at(-1)).not.toHaveProperty('usage');
  });

  it('treats a length finish as output-token exhaustion', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: 'text', text: 'trunc' }],
        finishReason: { unified: 'length', raw: 'max_tokens' },
        usage: usage(5, 256),
        warnings: [],
      }),
    });
    const run = await runAgent({
      model: { model, id: 'mock:l', provider: 'mock' },
      system: 's',
      prompt: 'p',
      limits,
      corrId: 't5',
    });
    expect(run.exhausted).toBe('output_tokens');
    expect(model.doGenerateCalls[0]?.maxOutputTokens).toBe(256);
  });

  it('reports wall-time exhaustion when the trial signal fires', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async ({ abortSignal }) =>
        new Promise((_, reject) => {
          abortSignal?.addEventListener('abort', () => reject(abortSignal.reason));
        }),
    });
    const run = await runAgent({
      model: { model, id: 'mock:slow', provider: 'mock' },
      system: 's',
      prompt: 'p',
      limits,
      timeSignal: AbortSignal.timeout(50),
      corrId: 't6',
    });
    expect(run.exhausted).toBe('time');
    expect(run.abandoned).toBe(false);
  });
});
