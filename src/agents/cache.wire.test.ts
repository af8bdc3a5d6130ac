import { afterEach, describe, expect, it } from 'vitest';
import { FORECAST_TASK, fakeSession, memorySink, WEATHER_TOOLS } from '../../test/support/agents.js';
import { FakeProvider, objectsOf } from '../../test/support/fake-provider.js';
import { PRICE_TABLE } from '../models/prices.js';
import { resolveModel } from '../models/registry.js';
import { buildCost } from '../record/build-cost.js';
import type { Task } from '../suite/schema.js';
import type { ToolDescriptor } from '../suite/surface.js';
import { trialCorrId } from './prompts.js';
import { runTrial, type TrialDeps } from './trial.js';
import type { Phase } from './types.js';

const KEY = 'sk-test-cache-0123456789';
const TOOLS: ToolDescriptor[] = [
  ...WEATHER_TOOLS,
  {
    name: 'get_alerts',
    description: 'Weather alerts for one city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    annotations: { readOnlyHint: true },
  },
];
const BERGEN: Task = {
  ...FORECAST_TASK,
  id: 'forecast-bergen',
  prompt: FORECAST_TASK.prompt.replace('Oslo', 'Bergen'),
  plan: [{ tool: 'get_forecast', arguments: { city: 'Bergen' } }],
  boundArguments: [{ city: 'Bergen' }],
};
const limits = {
  maxSteps: 3,
  maxOutputTokens: 256,
  tokenBudgetPerTrial: 50_000,
  trialTimeoutMs: 10_000,
  callTimeoutMs: 1_000,
};

let fake: FakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function trials(
  spec: string,
  env: Record<string, string>,
  answer: (i: number) => unknown,
  runs: { task: Task; phase: Phase; rep: number }[],
) {
  fake = new FakeProvider((_body, i) => answer(i));
  const baseURL = await fake.start();
  const resolved = resolveModel(spec, { env, baseURL, retry: { maxRetries: 0, initialDelayMs: 1 } });
  const sink = memorySink();
  const deps: TrialDeps = {
    model: { model: resolved.model, id: resolved.id, provider: spec.split(':')[0] ?? '' },
    tools: TOOLS,
    openSession: async () => fakeSession(),
    limits,
    seed: 7,
    sink,
  };
  const results = [];
  for (const r of runs)
    results.push(await runTrial({ ...r, corrId: trialCorrId(r.task.id, r.phase, r.rep, 2) }, deps));
  return { bodies: fake.bodies, results, sink };
}

/** Anthropic: the first call writes the prefix, every later one reads it. */
const anthropicAnswer = (i: number) => ({
  type: 'message',
  id: `msg_${i}`,
  role: 'assistant',
  model: 'claude-sonnet-4-5-20250929',
  content: [{ type: 'text', text: 'freezing drizzle' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: {
    input_tokens: 40,
    output_tokens: 5,
    cache_read_input_tokens: i === 0 ? 0 : 1200,
    cache_creation_input_tokens: i === 0 ? 1200 : 0,
  },
});

describe('cached prompt prefixes', () => {
  it('anthropic: the last tool and the system prompt carry cacheControl; the prefix repeats byte for byte; cache usage is priced', async () => {
    const runs = [
      { task: FORECAST_TASK, phase: 'construct' as const, rep: 1 },
      { task: FORECAST_TASK, phase: 'construct' as const, rep: 2 },
      { task: BERGEN, phase: 'construct' as const, rep: 1 },
      { task: FORECAST_TASK, phase: 'drive' as const, rep: 1 },
      { task: BERGEN, phase: 'drive' as const, rep: 1 },
    ];
    const { bodies, results, sink } = await trials(
      'anthropic:claude-sonnet-4-5-20250929',
      { ANTHROPIC_API_KEY: KEY },
      anthropicAnswer,
      runs,
    );
    expect(bodies).toHaveLength(5);
    for (const body of bodies) {
      const tools = objectsOf(body, 'tools');
      expect(tools.map((t) => t.name)).toEqual(['get_forecast', 'get_alerts']);
      expect(tools[0]).not.toHaveProperty('cache_control');
      expect(tools[1]?.cache_control).toEqual({ type: 'ephemeral' });
      const system = objectsOf(body, 'system');
      expect(system.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
    }
    const prefix = (b: Record<string, unknown>) => JSON.stringify([b.tools, b.system]);
    // Construct: one task's reps share tools and system (its per-task context); tasks share the tools.
    expect(prefix(bodies[1] ?? {})).toBe(prefix(bodies[0] ?? {}));
    expect(prefix(bodies[2] ?? {})).not.toBe(prefix(bodies[0] ?? {}));
    expect(JSON.stringify(bodies[2]?.tools)).toBe(JSON.stringify(bodies[0]?.tools));
    // Drive: every task shares the whole prefix.
    expect(prefix(bodies[4] ?? {})).toBe(prefix(bodies[3] ?? {}));
    // The provider's cache figures reach the agent tape and the cost block, at their own rates.
    const usages = sink.turns.flatMap((t) => (t.usage ? [t.usage] : []));
    expect(usages[0]).toMatchObject({
      input_tokens: 40,
      cache_creation_input_tokens: 1200,
      cache_read_input_tokens: 0,
    });
    expect(usages[1]).toMatchObject({
      input_tokens: 40,
      cache_read_input_tokens: 1200,
      cache_creation_input_tokens: 0,
    });
    const rows = results.flatMap((r) => r.usage.map((u) => ({ ...u, role: 'runner' as const })));
    const cost = buildCost(rows, PRICE_TABLE);
    expect(cost.kind).toBe('total');
    if (cost.kind !== 'total') return;
    expect(cost.breakdown.runner.tokens).toEqual({
      input: 200,
      output: 25,
      cacheRead: 4800,
      cacheWrite: 1200,
    });
    // Sonnet: input 3, output 15, cache read 0.3, cache write 3.75 per million.
    expect(cost.usd).toBeCloseTo((200 * 3 + 25 * 15 + 4800 * 0.3 + 1200 * 3.75) / 1e6, 12);
  });

  it('openai: no provider marker leaks into the body, the prefix repeats byte for byte, cached tokens are read', async () => {
    const answer = (i: number) => ({
      id: `resp_${i}`,
      created_at: 1_700_000_000,
      model: 'gpt-4.1-2025-04-14',
      output: [
        {
          type: 'message',
          role: 'assistant',
          id: `msg_${i}`,
          content: [{ type: 'output_text', text: 'freezing drizzle', annotations: [] }],
        },
      ],
      usage: {
        input_tokens: 1300,
        input_tokens_details: { cached_tokens: i === 0 ? 0 : 1024 },
        output_tokens: 5,
      },
    });
    const runs = [
      { task: FORECAST_TASK, phase: 'drive' as const, rep: 1 },
      { task: BERGEN, phase: 'drive' as const, rep: 1 },
    ];
    const { bodies, results } = await trials(
      'openai:gpt-4.1-2025-04-14',
      { OPENAI_API_KEY: KEY },
      answer,
      runs,
    );
    expect(JSON.stringify(bodies)).not.toMatch(/cache_control|cacheControl|ephemeral/);
    const prefix = (b: Record<string, unknown>) =>
      JSON.stringify([b.tools, objectsOf(b, 'input').filter((m) => m.role !== 'user')]);
    expect(prefix(bodies[1] ?? {})).toBe(prefix(bodies[0] ?? {}));
    expect(JSON.stringify(bodies[0]?.tools)).toContain('get_alerts');
    expect(results[1]?.usage[0]).toMatchObject({ inputTokens: 276, cacheReadTokens: 1024 });
  });
});
