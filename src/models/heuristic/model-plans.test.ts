import { generateObject, generateText, stepCountIs, streamText, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Call,
  mcpTool,
  run,
  text,
  USERS,
  userServer,
} from '../../../test/support/models/heuristic-tools.js';
import { rejectionOf } from '../../../test/support/thrown.js';
import { ModelCallError } from '../errors.js';
import { toTapeUsage } from '../usage.js';
import { HeuristicModel } from './model.js';

describe('heuristic model: plan following', () => {
  const plan = [
    { tool: 'list_users', arguments: {} },
    { tool: 'get_user', arguments: { id: { $from: { step: 0, pointer: '/users/1/id' } } } },
  ];
  const prompt = `Find alice's role.\n\n\`\`\`plan\n${JSON.stringify(plan)}\n\`\`\`\n`;

  it('calls the plan in order, resolving $from against earlier structured results', async () => {
    const calls: Call[] = [];
    const result = await run(prompt, userServer(calls), 10);
    expect(calls).toEqual([
      { tool: 'list_users', args: {} },
      { tool: 'get_user', args: { id: 7 } },
    ]);
    expect(result.text).toBe('alice: admin since 2019');
  });

  it('reads a plan from the system prompt and resolves pointers into JSON text content', async () => {
    const calls: Call[] = [];
    const tools: ToolSet = {
      ...userServer(calls),
      list_users: mcpTool(calls, 'list_users', 'List users', { type: 'object', properties: {} }, () =>
        text(JSON.stringify(USERS)),
      ),
    };
    const result = await run('Find the role.', tools, 10, prompt);
    expect(calls.map((c) => c.args)).toEqual([{}, { id: 7 }]);
    expect(result.text).toBe('alice: admin since 2019');
  });

  it('stops and answers from what it has when a pointer resolves to nothing', async () => {
    const calls: Call[] = [];
    const broken = [
      plan[0],
      { tool: 'get_user', arguments: { id: { $from: { step: 0, pointer: '/users/9/id' } } } },
    ];
    const result = await run(`x\n\`\`\`plan\n${JSON.stringify(broken)}\n\`\`\``, userServer(calls), 10);
    expect(calls.map((c) => c.tool)).toEqual(['list_users']);
    expect(JSON.parse(result.text)).toEqual(USERS);
  });

  it('makes no call, and answers from what it has, when whole arguments resolve to a non-object', async () => {
    const calls: Call[] = [];
    const scalar = [plan[0], { tool: 'get_user', arguments: { $from: { step: 0, pointer: '/users/1/id' } } }];
    const result = await run(`x\n\`\`\`plan\n${JSON.stringify(scalar)}\n\`\`\``, userServer(calls), 10);
    expect(calls.map((c) => c.tool)).toEqual(['list_users']);
    expect(JSON.parse(result.text)).toEqual(USERS);
  });

  it('raises a typed error for a malformed plan block', async () => {
    const error = await rejectionOf(ModelCallError, run('x\n```plan\n[{"tool": 3}]\n```', userServer([])));
    expect(error.code).toBe('MODEL_HEURISTIC_BAD_PLAN');
  });
});

describe('heuristic model: determinism, usage, limits, streaming, structured output', () => {
  it('produces identical steps, inputs and usage on every run', async () => {
    const snapshot = async () => {
      const result = await run('Show the details of the user named alice', userServer([]));
      return result.steps.map((s) => ({
        calls: s.toolCalls.map((c) => ({ id: c.toolCallId, name: c.toolName, input: c.input })),
        text: s.text,
        usage: [s.usage.inputTokens, s.usage.outputTokens],
      }));
    };
    const first = await snapshot();
    expect(await snapshot()).toEqual(first);
    expect(first[0]?.calls[0]?.id).toBe('heuristic-call-1');
  });

  it('reports deterministic estimated usage that normalises for the tape', async () => {
    const result = await run('What is 17 * 23?', undefined);
    const usage = result.steps[0]?.usage;
    expect(usage?.outputTokens).toBe(1);
    expect(usage?.inputTokens).toBeGreaterThan(0);
    expect(toTapeUsage(usage, 'heuristic')).toEqual({ input_tokens: usage?.inputTokens, output_tokens: 1 });
    expect(result.response.modelId).toBe('heuristic');
  });

  it('honours maxOutputTokens by cutting the answer off', async () => {
    const tools: ToolSet = {
      read_doc: mcpTool([], 'read_doc', 'Read the document', { type: 'object', properties: {} }, () =>
        text('a'.repeat(100)),
      ),
    };
    const result = await generateText({
      model: new HeuristicModel(),
      tools,
      prompt: 'Read the doc',
      maxOutputTokens: 5,
      stopWhen: stepCountIs(4),
    });
    expect(result.finishReason).toBe('length');
    expect(result.text).toBe('a'.repeat(20));
  });

  it('streams the same tool loop', async () => {
    const calls: Call[] = [];
    const result = streamText({
      model: new HeuristicModel(),
      tools: userServer(calls),
      prompt: 'What is the weather in Oslo?',
      stopWhen: stepCountIs(4),
    });
    expect(await result.text).toBe('Oslo: sunny, 21C');
    expect(calls).toEqual([{ tool: 'get_weather', args: { city: 'Oslo' } }]);
  });

  it('returns a minimal object satisfying a simple schema, and refuses a pattern', async () => {
    const { object } = await generateObject({
      model: new HeuristicModel(),
      schema: z.object({
        name: z.string().min(2),
        count: z.number().int().min(3),
        kind: z.enum(['a', 'b']),
        tags: z.array(z.string()),
        note: z.string().optional(),
      }),
      prompt: 'Make one.',
    });
    expect(object).toEqual({ name: 'xx', count: 3, kind: 'a', tags: [] });
    const refused = await rejectionOf(
      ModelCallError,
      generateObject({
        model: new HeuristicModel(),
        schema: z.object({ code: z.string().regex(/^[A-Z]{3}$/) }),
        prompt: 'Make one.',
      }),
    );
    expect(refused.code).toBe('MODEL_HEURISTIC_UNSUPPORTED_SCHEMA');
  });
});
