import { inspect } from 'node:util';
import { dynamicTool, generateText, jsonSchema, stepCountIs, type ToolSet } from 'ai';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { resolveModel } from '../../../src/models/registry.js';
import { FakeProvider } from '../fake-provider.js';

// Local servers that speak each provider's wire format, so the real provider code paths
// (request mapping, response parsing, usage conversion, error handling) run with no network.
// Shared by src/models/*.wire.test.ts, one file per wire format.

export const KEY = 'sk-test-SECRET-0123456789abcdef';
export const NO_RETRY = { maxRetries: 0, initialDelayMs: 1 };
export const WEATHER_SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string', description: 'City name' } },
  required: ['city'],
  additionalProperties: false,
};

export function weatherTools(calls: unknown[]): ToolSet {
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

/** The fake provider of the test in progress, and its base URL (fresh for every test). */
export interface WireFake {
  readonly fake: FakeProvider;
  readonly baseURL: string;
  loop(spec: string, env: Record<string, string>, extra?: { apiKey?: string }): ReturnType<typeof runLoop>;
}

/**
 * Registers, in the calling test file, a fresh fake provider per test and a console watch: nothing
 * the harness or the SDK logged may carry the key.
 */
export function useWireFake(): WireFake {
  let fake: FakeProvider | undefined;
  let baseURL = '';
  let consoleLines: string[] = [];
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
    await fake?.close();
    expect(consoleLines.join('\n')).not.toContain(KEY);
  });
  return {
    get fake() {
      if (fake === undefined) throw new Error('the fake provider starts in beforeEach');
      return fake;
    },
    get baseURL() {
      return baseURL;
    },
    loop: (spec, env, extra = {}) => runLoop(baseURL, spec, env, extra),
  };
}

async function runLoop(
  baseURL: string,
  spec: string,
  env: Record<string, string>,
  extra: { apiKey?: string },
) {
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
