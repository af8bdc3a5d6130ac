import { inspect } from 'node:util';
import { dynamicTool, generateText, jsonSchema, stepCountIs, streamText, type ToolSet } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeProvider } from '../../test/support/fake-provider.js';
import { JudgeCandidate, JudgeOutput } from '../suite/judge.js';
import { judgeObject } from '../suite/judge-call.js';
import { ModelCallError } from './errors.js';
import { resolveModel } from './registry.js';
import { toTapeUsage } from './usage.js';

// Local servers that speak each provider's wire format, so the real provider code paths
// (request mapping, response parsing, usage conversion, error handling) run with no network.

const KEY = 'sk-test-SECRET-0123456789abcdef';
const NO_RETRY = { maxRetries: 0, initialDelayMs: 1 };
const WEATHER_SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string', description: 'City name' } },
  required: ['city'],
  additionalProperties: false,
};

function weatherTools(calls: unknown[]): ToolSet {
  return {
    get_weather: dynamicTool({
      description: 'Current weather for a city',
      inputSchema: jsonSchema(WEATHER_SCHEMA),
      execute: async (input) => {
        calls.push(input);
        return { content: [{ type: 'text', text: 'sunny, 21C' }] };
      },
    }),
  };
}

let fake: FakeProvider;
let baseURL: string;
let consoleLines: string[];

beforeEach(async () => {
  fake = new FakeProvider();
  baseURL = await fake.start();
  consoleLines = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleLines.push(args.map((a) => inspect(a)).join(' '));
    });
  }
});

afterEach(async () => {
  vi.restoreAllMocks();
  await fake.close();
  // Nothing the harness or the SDK logged may carry the key.
  expect(consoleLines.join('\n')).not.toContain(KEY);
});

async function loop(spec: string, env: Record<string, string>, extra: { apiKey?: string } = {}) {
  const resolved = resolveModel(spec, { env, baseURL, retry: NO_RETRY, ...extra });
  const calls: unknown[] = [];
  const result = await generateText({
    model: resolved.model,
    system: 'Answer briefly.',
    prompt: 'What is the weather in Paris?',
    tools: weatherTools(calls),
    stopWhen: stepCountIs(3),
  });
  // The key is configured but never serialised with the model or the result.
  expect(JSON.stringify(resolved)).not.toContain(KEY);
  expect(inspect(resolved, { depth: 8 })).not.toContain(KEY);
  expect(JSON.stringify(result.steps)).not.toContain(KEY);
  return { resolved, result, calls };
}

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
    fake.reply({ body: toolUse }, { body: final });
    const { resolved, result, calls } = await loop('anthropic:claude-sonnet-4-5-20250929', {
      ANTHROPIC_API_KEY: KEY,
    });
    expect(resolved.id).toBe('anthropic:claude-sonnet-4-5-20250929');
    expect(resolved.pinned).toBe(true);

    const first = fake.request(0);
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
    const messages = fake.request(1).body.messages as Array<{ role: string; content: unknown }>;
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
    fake.reply({ status: 500, body: error }, { status: 500, body: error });
    const resolved = resolveModel('anthropic:claude-haiku-4-5', {
      env: { ANTHROPIC_API_KEY: KEY },
      baseURL,
      retry: { maxRetries: 1, initialDelayMs: 1 },
    });
    const thrown = await generateText({ model: resolved.model, prompt: 'hi' }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ModelCallError);
    const err = thrown as ModelCallError;
    expect(err.code).toBe('MODEL_SERVER_ERROR');
    expect(err.details).toMatchObject({ model: 'anthropic:claude-haiku-4-5', status: 500, retryable: true });
    expect(fake.seen).toHaveLength(2);
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
    fake.reply({ status: 404, body: notFound }, { status: 401, body: denied });
    const env = { ANTHROPIC_API_KEY: KEY };
    const m1 = resolveModel('anthropic:claude-nope', { env, baseURL, retry: NO_RETRY }).model;
    const e1 = (await generateText({ model: m1, prompt: 'hi' }).catch((e: unknown) => e)) as ModelCallError;
    expect([e1.code, e1.details.status]).toEqual(['MODEL_NOT_FOUND', 404]);
    expect(e1.message).toContain('claude-nope');
    const e2 = (await generateText({ model: m1, prompt: 'hi' }).catch((e: unknown) => e)) as ModelCallError;
    expect([e2.code, e2.details.retryable]).toEqual(['MODEL_AUTH_FAILED', false]);
  });
});

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
    fake.reply({ body: call }, { body: final });
    const { resolved, result, calls } = await loop('openai:gpt-4.1-2025-04-14', { OPENAI_API_KEY: KEY });
    expect(resolved.id).toBe('openai:gpt-4.1-2025-04-14');

    const first = fake.request(0);
    expect(first.url).toBe('/v1/responses');
    expect(first.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(first.body.model).toBe('gpt-4.1-2025-04-14');
    const input = first.body.input as Array<Record<string, unknown>>;
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

    const second = fake.request(1).body.input as Array<Record<string, unknown>>;
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
    fake.reply(limited);
    const env = { OPENAI_API_KEY: KEY };
    const once = resolveModel('openai:gpt-4.1', { env, baseURL, retry: NO_RETRY }).model;
    const err = (await generateText({ model: once, prompt: 'hi' }).catch(
      (e: unknown) => e,
    )) as ModelCallError;
    expect(err).toBeInstanceOf(ModelCallError);
    expect([err.code, err.details.status, err.details.retryable]).toEqual(['MODEL_RATE_LIMITED', 429, true]);
    expect(err.message).toMatch(/^model call for 'openai:gpt-4\.1' failed: HTTP 429 rate limited: /);

    fake.reply(limited, { body: final });
    const retried = resolveModel('openai:gpt-4.1', {
      env,
      baseURL,
      retry: { maxRetries: 2, initialDelayMs: 1 },
    });
    const ok = await generateText({ model: retried.model, prompt: 'hi' });
    expect(ok.text).toBe('Sunny in Paris.');
    expect(fake.seen).toHaveLength(3);
  });
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
    fake.reply({ body: call }, { body: final });
    const { resolved, result, calls } = await loop('openai-compatible:llama3.1:8b', {
      FITNESS_OPENAI_COMPATIBLE_API_KEY: KEY,
    });
    expect([resolved.id, resolved.pinned]).toEqual(['openai-compatible:llama3.1:8b', false]);

    const first = fake.request(0);
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
    const second = fake.request(1).body.messages as Array<Record<string, unknown>>;
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
    fake.reply({ body: final });
    const resolved = resolveModel('openai-compatible:qwen2.5', { env: {}, baseURL, retry: NO_RETRY });
    const result = await generateText({ model: resolved.model, prompt: 'hi' });
    expect(result.text).toBe('Sunny in Paris.');
    expect(fake.request(0).headers.authorization).toBeUndefined();
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
      model: resolveModel('openai-compatible:qwen2.5', { env, baseURL, retry: NO_RETRY }).model,
      schema: JudgeOutput,
      schemaName: 'candidates',
      system: 'You write evaluation tasks.',
      prompt: 'Write 1 task.',
      index: 0,
      purpose: 'candidates',
      maxRetries: 0,
    });

  it('sends a judge call as json_schema with the candidate schema, and maps the object back', async () => {
    fake.reply({ body: structured });
    const outcome = await judgeCall({ FITNESS_OPENAI_COMPATIBLE_API_KEY: KEY });

    const body = fake.request(0).body;
    const format = body.response_format as {
      type: string;
      json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
    };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.name).toBe('candidates');
    expect(format.json_schema.strict).toBe(true);
    const schema = format.json_schema.schema as {
      required: string[];
      properties: { candidates: { items: { required: string[] } } };
    };
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
      fake.reply({ body: structured });
      const outcome = await judgeCall({ FITNESS_OPENAI_COMPATIBLE_STRUCTURED: value });
      expect(fake.request(0).body.response_format).toEqual({ type: 'json_object' });
      // The reply is still validated against the schema on our side.
      expect(outcome.ok && outcome.object).toEqual({ candidates: [candidate] });
    },
  );

  it('keeps a structured reply that misses the schema as an invalid-output fault, not a throw', async () => {
    const { serverRequiredBecause: _dropped, ...incomplete } = candidate;
    fake.reply({
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
    expect((fake.request(0).body.response_format as { type: string }).type).toBe('json_schema');
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.call.error?.code).toBe('JUDGE_OUTPUT_INVALID');
    expect(outcome.salvage).toEqual({ candidates: [incomplete] });
  });

  it('surfaces a stream-time HTTP 500 as a typed error', async () => {
    fake.reply({ status: 500, body: { error: { message: 'boom' } } });
    const resolved = resolveModel('openai-compatible:qwen2.5', { env: {}, baseURL, retry: NO_RETRY });
    const errors: unknown[] = [];
    const result = streamText({
      model: resolved.model,
      prompt: 'hi',
      onError: ({ error }) => void errors.push(error),
    });
    await result.consumeStream();
    expect(errors).toHaveLength(1);
    expect((errors[0] as ModelCallError).code).toBe('MODEL_SERVER_ERROR');
  });
});

describe('a model endpoint that never answers', () => {
  it('is MODEL_CALL_ABORTED when the caller gives up, not a hang', async () => {
    // Abort only once the server holds the request, so the abort always lands mid-call.
    const controller = new AbortController();
    fake.reply({ hang: () => controller.abort(), body: null });
    const resolved = resolveModel('anthropic:claude-haiku-4-5', { env: { ANTHROPIC_API_KEY: KEY }, baseURL });
    const err = (await generateText({
      model: resolved.model,
      prompt: 'hi',
      abortSignal: controller.signal,
    }).catch((e: unknown) => e)) as ModelCallError;
    expect(err).toBeInstanceOf(ModelCallError);
    expect(err.code).toBe('MODEL_CALL_ABORTED');
    expect(err.message).toBe("model call for 'anthropic:claude-haiku-4-5' was aborted");
    expect(fake.seen).toHaveLength(1);
  });
});

describe('unreachable endpoint', () => {
  it('is MODEL_UNREACHABLE with a one-line message naming the model and endpoint, never the key', async () => {
    const closed = new FakeProvider();
    const url = await closed.start();
    await closed.close();
    for (const [spec, env] of [
      ['anthropic:claude-haiku-4-5', { ANTHROPIC_API_KEY: KEY }],
      ['openai:gpt-4.1', { OPENAI_API_KEY: KEY }],
      ['openai-compatible:llama3.1:8b', { FITNESS_OPENAI_COMPATIBLE_API_KEY: KEY }],
    ] as const) {
      const resolved = resolveModel(spec, { env, baseURL: url, retry: NO_RETRY });
      const err = (await generateText({ model: resolved.model, prompt: 'hi' }).catch(
        (e: unknown) => e,
      )) as ModelCallError;
      expect(err).toBeInstanceOf(ModelCallError);
      expect(err.code).toBe('MODEL_UNREACHABLE');
      expect(err.message).toContain(`'${spec}'`);
      expect(err.message).toContain(url);
      expect(err.message).toContain('ECONNREFUSED');
      expect(err.message).not.toContain(KEY);
      expect(err.message).not.toContain('\n');
    }
  });
});
