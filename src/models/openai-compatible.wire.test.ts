import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { objectsOf } from '../../test/support/fake-provider.js';
import { KEY, NO_RETRY, useWireFake, WEATHER_SCHEMA } from '../../test/support/models/wire.js';
import { narrowed } from '../../test/support/thrown.js';
import { JudgeCandidate, JudgeOutput } from '../suite/judge.js';
import { judgeObject } from '../suite/judge-call.js';
import { ModelCallError } from './errors.js';
import { resolveModel } from './registry.js';
import { toTapeUsage } from './usage.js';

const wire = useWireFake();

/** The part of a Chat Completions request's response_format these tests read. */
const ResponseFormat = z.object({
  type: z.string(),
  json_schema: z.object({
    name: z.string(),
    strict: z.boolean(),
    schema: z.object({
      required: z.array(z.string()),
      properties: z.object({ candidates: z.object({ items: z.object({ required: z.array(z.string()) }) }) }),
    }),
  }),
});

describe('openai-compatible: Chat Completions wire format', () => {
  const call = {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'llama3.1:8b',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
            },
          ],
        },
        finish_reason: 'tool_calls',
      },
    ],
    usage: {
      prompt_tokens: 40,
      completion_tokens: 9,
      total_tokens: 49,
      prompt_tokens_details: { cached_tokens: 8 },
    },
  };
  const final = {
    ...call,
    id: 'chatcmpl-2',
    choices: [
      { index: 0, message: { role: 'assistant', content: 'Sunny in Paris.' }, finish_reason: 'stop' },
    ],
    usage: { prompt_tokens: 60, completion_tokens: 4, total_tokens: 64 },
  };

  it('maps the request to /chat/completions and the tool call, text and usage back', async () => {
    wire.fake.reply({ body: call }, { body: final });
    const { resolved, result, calls } = await wire.loop('openai-compatible:llama3.1:8b', {
      FITNESS_OPENAI_COMPATIBLE_API_KEY: KEY,
    });
    expect([resolved.id, resolved.pinned]).toEqual(['openai-compatible:llama3.1:8b', false]);

    const first = wire.fake.request(0);
    expect(first.url).toBe('/v1/chat/completions');
    expect(first.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(first.body.model).toBe('llama3.1:8b');
    expect(first.body.messages).toEqual([
      { role: 'system', content: 'Answer briefly.' },
      { role: 'user', content: 'What is the weather in Paris?' },
    ]);
    expect(first.body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Current weather for a city',
          parameters: WEATHER_SCHEMA,
        },
      },
    ]);
    const second = objectsOf(wire.fake.request(1).body, 'messages');
    expect(second[2]).toMatchObject({
      role: 'assistant',
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      ],
    });
    expect(second[3]).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });

    expect(calls).toEqual([{ city: 'Paris' }]);
    expect(result.text).toBe('Sunny in Paris.');
    expect(toTapeUsage(result.steps[0]?.usage, 'openai-compatible')).toEqual({
      input_tokens: 32,
      output_tokens: 9,
      cache_read_input_tokens: 8,
      thinking_tokens: 0,
    });
  });

  it('sends no Authorization header when no key is configured (local servers)', async () => {
    wire.fake.reply({ body: final });
    const resolved = resolveModel('openai-compatible:qwen2.5', {
      env: {},
      baseURL: wire.baseURL,
      retry: NO_RETRY,
    });
    const result = await generateText({ model: resolved.model, prompt: 'hi' });
    expect(result.text).toBe('Sunny in Paris.');
    expect(wire.fake.request(0).headers.authorization).toBeUndefined();
  });

  // A judge/1 candidates call exactly as the generator makes it (judgeObject + JudgeOutput).
  const candidate = {
    prompt: 'What is the email of user alice?',
    expectedTools: ['get_user'],
    plan: [{ tool: 'get_user', arguments: { name: 'alice' } }],
    extract: { kind: 'pointer', pointer: '/email', source: 'structured' },
    check: { kind: 'contains' },
    destructive: false,
    serverRequiredBecause: 'the email is only stored on the server',
  };
  const structured = {
    ...final,
    id: 'chatcmpl-3',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: JSON.stringify({ candidates: [candidate] }) },
        finish_reason: 'stop',
      },
    ],
  };
  const judgeCall = (env: Record<string, string>) =>
    judgeObject({
      model: resolveModel('openai-compatible:qwen2.5', { env, baseURL: wire.baseURL, retry: NO_RETRY }).model,
      schema: JudgeOutput,
      schemaName: 'candidates',
      system: 'You write evaluation tasks.',
      prompt: 'Write 1 task.',
      index: 0,
      purpose: 'candidates',
      maxRetries: 0,
    });

  it('sends a judge call as json_schema with the candidate schema, and maps the object back', async () => {
    wire.fake.reply({ body: structured });
    const outcome = await judgeCall({ FITNESS_OPENAI_COMPATIBLE_API_KEY: KEY });

    const body = wire.fake.request(0).body;
    const format = ResponseFormat.parse(body.response_format);
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.name).toBe('candidates');
    expect(format.json_schema.strict).toBe(true);
    const schema = format.json_schema.schema;
    expect(schema.required).toEqual(['candidates']);
    expect([...schema.properties.candidates.items.required].sort()).toEqual(
      Object.keys(JudgeCandidate.shape).sort(),
    );
    expect(JSON.stringify(body)).not.toContain(KEY);

    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.object).toEqual({ candidates: [candidate] });
    expect(outcome.call.error).toBeUndefined();
    expect(outcome.call.finishReason).toBe('stop');
    expect(outcome.call.usage?.inputTokens).toBe(60);
  });

  it.each(['0', 'false', ' OFF '])(
    'falls back to json_object (no schema) with FITNESS_OPENAI_COMPATIBLE_STRUCTURED=%j',
    async (value) => {
      wire.fake.reply({ body: structured });
      const outcome = await judgeCall({ FITNESS_OPENAI_COMPATIBLE_STRUCTURED: value });
      expect(wire.fake.request(0).body.response_format).toEqual({ type: 'json_object' });
      // The reply is still validated against the schema on our side.
      expect(outcome.ok && outcome.object).toEqual({ candidates: [candidate] });
    },
  );

  it('keeps a structured reply that misses the schema as an invalid-output fault, not a throw', async () => {
    const { serverRequiredBecause: _dropped, ...incomplete } = candidate;
    wire.fake.reply({
      body: {
        ...structured,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: JSON.stringify({ candidates: [incomplete] }) },
            finish_reason: 'stop',
          },
        ],
      },
    });
    const outcome = await judgeCall({});
    expect(wire.fake.request(0).body.response_format).toMatchObject({ type: 'json_schema' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.call.error?.code).toBe('JUDGE_OUTPUT_INVALID');
    expect(outcome.salvage).toEqual({ candidates: [incomplete] });
  });

  it('surfaces a stream-time HTTP 500 as a typed error', async () => {
    wire.fake.reply({ status: 500, body: { error: { message: 'boom' } } });
    const resolved = resolveModel('openai-compatible:qwen2.5', {
      env: {},
      baseURL: wire.baseURL,
      retry: NO_RETRY,
    });
    const errors: unknown[] = [];
    const result = streamText({
      model: resolved.model,
      prompt: 'hi',
      onError: ({ error }) => void errors.push(error),
    });
    await result.consumeStream();
    expect(errors).toHaveLength(1);
    expect(narrowed(ModelCallError, errors[0]).code).toBe('MODEL_SERVER_ERROR');
  });
});
