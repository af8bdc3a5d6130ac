import { inspect } from 'node:util';
import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { objectsOf } from '../../test/support/fake-provider.js';
import { KEY, NO_RETRY, useWireFake, WEATHER_SCHEMA } from '../../test/support/models/wire.js';
import { rejectionOf } from '../../test/support/thrown.js';
import { ModelCallError } from './errors.js';
import { resolveModel } from './registry.js';
import { toTapeUsage } from './usage.js';

const wire = useWireFake();

describe('anthropic: Messages API wire format', () => {
  const toolUse = {
    type: 'message',
    id: 'msg_1',
    role: 'assistant',
    model: 'claude-sonnet-4-5-20250929',
    content: [
      { type: 'text', text: 'Checking.' },
      { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
    ],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: {
      input_tokens: 100,
      output_tokens: 20,
      cache_read_input_tokens: 50,
      cache_creation_input_tokens: 10,
    },
  };
  const final = {
    ...toolUse,
    id: 'msg_2',
    content: [{ type: 'text', text: 'Sunny in Paris.' }],
    stop_reason: 'end_turn',
    usage: {
      input_tokens: 30,
      output_tokens: 5,
      cache_read_input_tokens: 160,
      cache_creation_input_tokens: 0,
    },
  };

  it('maps the request (model, system, messages, tools, auth) and the response (tool call, text, usage)', async () => {
    wire.fake.reply({ body: toolUse }, { body: final });
    const { resolved, result, calls } = await wire.loop('anthropic:claude-sonnet-4-5-20250929', {
      ANTHROPIC_API_KEY: KEY,
    });
    expect(resolved.id).toBe('anthropic:claude-sonnet-4-5-20250929');
    expect(resolved.pinned).toBe(true);

    const first = wire.fake.request(0);
    expect(first.method).toBe('POST');
    expect(first.url).toBe('/v1/messages');
    expect(first.headers['x-api-key']).toBe(KEY);
    expect(first.headers['anthropic-version']).toBe('2023-06-01');
    expect(first.body.model).toBe('claude-sonnet-4-5-20250929');
    expect(JSON.stringify(first.body.system)).toContain('Answer briefly.');
    expect(first.body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'What is the weather in Paris?' }] },
    ]);
    expect(first.body.tools).toEqual([
      { name: 'get_weather', description: 'Current weather for a city', input_schema: WEATHER_SCHEMA },
    ]);

    // Step 2 sends the tool_use back with its tool_result.
    const messages = objectsOf(wire.fake.request(1).body, 'messages');
    expect(messages[1]?.role).toBe('assistant');
    expect(messages[1]?.content).toContainEqual(
      expect.objectContaining({
        type: 'tool_use',
        id: 'toolu_1',
        name: 'get_weather',
        input: { city: 'Paris' },
      }),
    );
    expect(JSON.stringify(messages[2])).toContain('"tool_use_id":"toolu_1"');
    expect(JSON.stringify(messages[2])).toContain('sunny, 21C');

    expect(calls).toEqual([{ city: 'Paris' }]);
    expect(result.steps[0]?.toolCalls.map((c) => [c.toolCallId, c.toolName, c.input])).toEqual([
      ['toolu_1', 'get_weather', { city: 'Paris' }],
    ]);
    expect(result.text).toBe('Sunny in Paris.');
    expect(result.response.modelId).toBe('claude-sonnet-4-5-20250929');

    // AI SDK 6 folds Anthropic cache reads/writes into inputTokens; the tape excludes them.
    expect(result.steps[0]?.usage.inputTokens).toBe(160);
    expect(toTapeUsage(result.steps[0]?.usage, 'anthropic')).toEqual({
      input_tokens: 100,
      output_tokens: 20,
      cache_read_input_tokens: 50,
      cache_creation_input_tokens: 10,
    });
    expect(toTapeUsage(result.steps[1]?.usage, 'anthropic')).toEqual({
      input_tokens: 30,
      output_tokens: 5,
      cache_read_input_tokens: 160,
      cache_creation_input_tokens: 0,
    });
  });

  it('maps HTTP 500 to MODEL_SERVER_ERROR after retrying, scrubbing a key the body echoes', async () => {
    const error = { type: 'error', error: { type: 'api_error', message: `Internal error (key ${KEY})` } };
    wire.fake.reply({ status: 500, body: error }, { status: 500, body: error });
    const resolved = resolveModel('anthropic:claude-haiku-4-5', {
      env: { ANTHROPIC_API_KEY: KEY },
      baseURL: wire.baseURL,
      retry: { maxRetries: 1, initialDelayMs: 1 },
    });
    const err = await rejectionOf(ModelCallError, generateText({ model: resolved.model, prompt: 'hi' }));
    expect(err.code).toBe('MODEL_SERVER_ERROR');
    expect(err.details).toMatchObject({ model: 'anthropic:claude-haiku-4-5', status: 500, retryable: true });
    expect(wire.fake.seen).toHaveLength(2);
    expect(err.message).toContain("'anthropic:claude-haiku-4-5'");
    expect(err.message).toContain('HTTP 500');
    expect(err.message).not.toContain(KEY);
    expect(err.message).not.toContain('\n');
    expect(JSON.stringify(err)).not.toContain(KEY);
    expect(inspect(err)).not.toContain(KEY);
  });

  it('maps 404 (an unknown model id) to MODEL_NOT_FOUND and 401 to MODEL_AUTH_FAILED', async () => {
    const notFound = { type: 'error', error: { type: 'not_found_error', message: 'model: claude-nope' } };
    const denied = { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } };
    wire.fake.reply({ status: 404, body: notFound }, { status: 401, body: denied });
    const env = { ANTHROPIC_API_KEY: KEY };
    const m1 = resolveModel('anthropic:claude-nope', { env, baseURL: wire.baseURL, retry: NO_RETRY }).model;
    const e1 = await rejectionOf(ModelCallError, generateText({ model: m1, prompt: 'hi' }));
    expect([e1.code, e1.details.status]).toEqual(['MODEL_NOT_FOUND', 404]);
    expect(e1.message).toContain('claude-nope');
    const e2 = await rejectionOf(ModelCallError, generateText({ model: m1, prompt: 'hi' }));
    expect([e2.code, e2.details.retryable]).toEqual(['MODEL_AUTH_FAILED', false]);
  });
});
