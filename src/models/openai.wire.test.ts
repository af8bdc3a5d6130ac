import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { objectsOf } from '../../test/support/fake-provider.js';
import { KEY, NO_RETRY, useWireFake, WEATHER_SCHEMA } from '../../test/support/models/wire.js';
import { rejectionOf } from '../../test/support/thrown.js';
import { ModelCallError } from './errors.js';
import { resolveModel } from './registry.js';
import { toTapeUsage } from './usage.js';

const wire = useWireFake();

describe('openai: Responses API wire format (the @ai-sdk/openai 3 default)', () => {
  const call = {
    id: 'resp_1',
    created_at: 1_700_000_000,
    model: 'gpt-4.1-2025-04-14',
    output: [
      {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_1',
        name: 'get_weather',
        arguments: '{"city":"Paris"}',
      },
    ],
    usage: {
      input_tokens: 80,
      input_tokens_details: { cached_tokens: 30 },
      output_tokens: 12,
      output_tokens_details: { reasoning_tokens: 4 },
    },
  };
  const final = {
    ...call,
    id: 'resp_2',
    output: [
      {
        type: 'message',
        role: 'assistant',
        id: 'msg_1',
        content: [{ type: 'output_text', text: 'Sunny in Paris.', annotations: [] }],
      },
    ],
    usage: { input_tokens: 120, output_tokens: 6 },
  };

  it('maps the request to /responses and the function call, text and usage back', async () => {
    wire.fake.reply({ body: call }, { body: final });
    const { resolved, result, calls } = await wire.loop('openai:gpt-4.1-2025-04-14', { OPENAI_API_KEY: KEY });
    expect(resolved.id).toBe('openai:gpt-4.1-2025-04-14');

    const first = wire.fake.request(0);
    expect(first.url).toBe('/v1/responses');
    expect(first.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(first.body.model).toBe('gpt-4.1-2025-04-14');
    const input = objectsOf(first.body, 'input');
    expect(input[0]).toEqual({ role: 'system', content: 'Answer briefly.' });
    expect(input[1]).toEqual({
      role: 'user',
      content: [{ type: 'input_text', text: 'What is the weather in Paris?' }],
    });
    expect(first.body.tools).toEqual([
      expect.objectContaining({
        type: 'function',
        name: 'get_weather',
        description: 'Current weather for a city',
        parameters: WEATHER_SCHEMA,
      }),
    ]);

    const second = objectsOf(wire.fake.request(1).body, 'input');
    expect(second).toContainEqual(
      expect.objectContaining({ type: 'function_call_output', call_id: 'call_1' }),
    );
    expect(JSON.stringify(second)).toContain('sunny, 21C');

    expect(calls).toEqual([{ city: 'Paris' }]);
    expect(result.steps[0]?.toolCalls.map((c) => [c.toolCallId, c.toolName])).toEqual([
      ['call_1', 'get_weather'],
    ]);
    expect(result.text).toBe('Sunny in Paris.');
    expect(toTapeUsage(result.steps[0]?.usage, 'openai')).toEqual({
      input_tokens: 50,
      output_tokens: 12,
      cache_read_input_tokens: 30,
      thinking_tokens: 4,
    });
    expect(toTapeUsage(result.steps[1]?.usage, 'openai')).toMatchObject({
      input_tokens: 120,
      output_tokens: 6,
    });
  });

  it('maps HTTP 429 to MODEL_RATE_LIMITED, and retries it when the policy allows', async () => {
    const limited = {
      status: 429,
      headers: { 'retry-after-ms': '1' },
      body: { error: { message: 'Rate limit', type: 'x' } },
    };
    wire.fake.reply(limited);
    const env = { OPENAI_API_KEY: KEY };
    const once = resolveModel('openai:gpt-4.1', { env, baseURL: wire.baseURL, retry: NO_RETRY }).model;
    const err = await rejectionOf(ModelCallError, generateText({ model: once, prompt: 'hi' }));
    expect([err.code, err.details.status, err.details.retryable]).toEqual(['MODEL_RATE_LIMITED', 429, true]);
    expect(err.message).toMatch(/^model call for 'openai:gpt-4\.1' failed: HTTP 429 rate limited: /);

    wire.fake.reply(limited, { body: final });
    const retried = resolveModel('openai:gpt-4.1', {
      env,
      baseURL: wire.baseURL,
      retry: { maxRetries: 2, initialDelayMs: 1 },
    });
    const ok = await generateText({ model: retried.model, prompt: 'hi' });
    expect(ok.text).toBe('Sunny in Paris.');
    expect(wire.fake.seen).toHaveLength(3);
  });
});
