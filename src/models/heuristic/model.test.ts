import {
  dynamicTool,
  generateObject,
  generateText,
  jsonSchema,
  stepCountIs,
  streamText,
  type ToolSet,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelCallError } from '../errors.js';
import { toTapeUsage } from '../usage.js';
import { HeuristicModel } from './model.js';

type Json = Record<string, unknown>;
interface Call {
  tool: string;
  args: Json;
}

/** An MCP-shaped tool: the execute result is a CallToolResult, as the agent loop passes it. */
function mcpTool(
  calls: Call[],
  name: string,
  description: string,
  schema: Json,
  respond: (args: Json) => Json,
) {
  return dynamicTool({
    description,
    inputSchema: jsonSchema(schema),
    execute: async (input) => {
      const args = input as Json;
      calls.push({ tool: name, args });
      return respond(args);
    },
  });
}

const text = (t: string) => ({ content: [{ type: 'text', text: t }] });
const structured = (value: unknown) => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: value,
});

const USERS = {
  users: [
    { id: 3, name: 'bob' },
    { id: 7, name: 'alice' },
  ],
};

function userServer(calls: Call[]): ToolSet {
  return {
    list_users: mcpTool(
      calls,
      'list_users',
      'List every user account',
      { type: 'object', properties: {} },
      () => structured(USERS),
    ),
    get_user: mcpTool(
      calls,
      'get_user',
      'Get one user account by its numeric id',
      { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      (args) => text(args.id === 7 ? 'alice: admin since 2019' : `user ${String(args.id)}: no such user`),
    ),
    get_weather: mcpTool(
      calls,
      'get_weather',
      'Current weather for a city',
      { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      (args) => text(`${String(args.city)}: sunny, 21C`),
    ),
    delete_user: mcpTool(
      calls,
      'delete_user',
      'Delete a user account permanently',
      { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      () => text('deleted'),
    ),
  };
}

async function run(prompt: string, tools: ToolSet | undefined, steps = 6, system?: string) {
  return generateText({ model: new HeuristicModel(), tools, prompt, system, stopWhen: stepCountIs(steps) });
}

describe('heuristic model: tool choice and argument filling', () => {
  it('picks the tool whose name and description match the task and fills a proper noun', async () => {
    const calls: Call[] = [];
    const result = await run('What is the weather in Paris today?', userServer(calls));
    expect(calls).toEqual([{ tool: 'get_weather', args: { city: 'Paris' } }]);
    expect(result.text).toBe('Paris: sunny, 21C');
    expect(result.steps).toHaveLength(2);
  });

  it('fills an integer id written next to its name', async () => {
    const calls: Call[] = [];
    const result = await run('Get the user with id 7 and report their role.', userServer(calls));
    expect(calls[0]).toEqual({ tool: 'get_user', args: { id: 7 } });
    expect(result.text).toBe('alice: admin since 2019');
  });

  it('fills enum values present in the text, quoted strings, name-adjacent values and defaults', async () => {
    const calls: Call[] = [];
    const tools: ToolSet = {
      search_issues: mcpTool(
        calls,
        'search_issues',
        'Search issues of a repository by text and state',
        {
          type: 'object',
          properties: {
            query: { type: 'string' },
            state: { type: 'string', enum: ['open', 'closed', 'all'] },
            owner: { type: 'string' },
            limit: { type: 'integer', default: 10 },
            page: { type: 'integer' },
          },
          required: ['query', 'state', 'limit'],
        },
        () => text('#12 hose leaks'),
      ),
    };
    const result = await run('Search the closed issues owned by owner octocat for "garden hose".', tools);
    expect(calls).toEqual([
      { tool: 'search_issues', args: { query: 'garden hose', state: 'closed', owner: 'octocat', limit: 10 } },
    ]);
    expect(result.text).toBe('#12 hose leaks');
  });

  it('reads a user handle written after the name stem of a property ("user alice" → username)', async () => {
    const calls: Call[] = [];
    const tools: ToolSet = {
      get_profile: mcpTool(
        calls,
        'get_profile',
        'Fetch the public profile of an account',
        { type: 'object', properties: { username: { type: 'string' } }, required: ['username'] },
        (args) => text(`profile of ${String(args.username)}`),
      ),
    };
    await run('Show the profile of user alice', tools);
    expect(calls).toEqual([{ tool: 'get_profile', args: { username: 'alice' } }]);
  });

  it('lists first when the best match needs an id the task does not give, then chains the id', async () => {
    const calls: Call[] = [];
    const result = await run('Show the details of the user named alice', userServer(calls));
    expect(calls).toEqual([
      { tool: 'list_users', args: {} },
      { tool: 'get_user', args: { id: 7 } },
    ]);
    expect(result.text).toBe('alice: admin since 2019');
    expect(result.steps).toHaveLength(3);
  });

  it('never chains into a tool the task does not name (no delete after a list)', async () => {
    const calls: Call[] = [];
    const result = await run('List all users', userServer(calls));
    expect(calls.map((c) => c.tool)).toEqual(['list_users']);
    expect(JSON.parse(result.text)).toEqual(USERS);
  });

  it('honours toolChoice none and a forced tool', async () => {
    const calls: Call[] = [];
    const none = await generateText({
      model: new HeuristicModel(),
      tools: userServer(calls),
      toolChoice: 'none',
      prompt: 'What is the weather in Paris?',
      stopWhen: stepCountIs(4),
    });
    expect(calls).toEqual([]);
    expect(none.text).toBe('UNKNOWN');
    const forced = await generateText({
      model: new HeuristicModel(),
      tools: userServer(calls),
      toolChoice: { type: 'tool', toolName: 'list_users' },
      prompt: 'What is the weather in Paris?',
      stopWhen: stepCountIs(1),
    });
    expect(forced.toolCalls.map((c) => c.toolName)).toEqual(['list_users']);
  });
});

describe('heuristic model: answers', () => {
  it('answers UNKNOWN with no tools and nothing to compute', async () => {
    const result = await run('Which user signed up most recently?', undefined);
    expect(result.text).toBe('UNKNOWN');
    expect(result.toolCalls).toEqual([]);
  });

  it('answers UNKNOWN when every tool result is empty', async () => {
    const calls: Call[] = [];
    const tools: ToolSet = {
      list_users: mcpTool(calls, 'list_users', 'List every user', { type: 'object', properties: {} }, () => ({
        content: [],
      })),
    };
    const result = await run('List all users', tools);
    expect(calls).toHaveLength(1);
    expect(result.text).toBe('UNKNOWN');
  });

  it('answers from structuredContent as JSON when the result has no text', async () => {
    const calls: Call[] = [];
    const tools: ToolSet = {
      count_users: mcpTool(
        calls,
        'count_users',
        'Count user accounts',
        { type: 'object', properties: {} },
        () => ({
          content: [],
          structuredContent: { count: 2 },
        }),
      ),
    };
    const result = await run('Count the users', tools);
    expect(result.text).toBe('{"count":2}');
  });

  it('does not answer from an error result', async () => {
    const calls: Call[] = [];
    const tools: ToolSet = {
      get_user: mcpTool(
        calls,
        'get_user',
        'Get a user by id',
        { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        () => ({ content: [{ type: 'text', text: 'user 5 not found' }], isError: true }),
      ),
    };
    const result = await run('Get user 5', tools);
    expect(calls).toEqual([{ tool: 'get_user', args: { id: 5 } }]);
    expect(result.text).toBe('UNKNOWN');
  });

  it('evaluates arithmetic written in the task exactly, with no tools', async () => {
    expect((await run('What is 17 * 23?', undefined)).text).toBe('391');
    expect((await run('Compute (2 + 3) * 4 - 6 / 4.', undefined)).text).toBe('18.5');
    expect((await run('What is 123456789 times 987654321?', undefined)).text).toBe('121932631112635269');
  });

  it('falls back to arithmetic when the tools return nothing (a stubbed-empty null)', async () => {
    const tools: ToolSet = {
      multiply: mcpTool([], 'multiply', 'Multiply two numbers', { type: 'object', properties: {} }, () => ({
        content: [],
      })),
    };
    expect((await run('Multiply: what is 12 * 12?', tools)).text).toBe('144');
  });
});

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
    const error = await run('x\n```plan\n[{"tool": 3}]\n```', userServer([])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect((error as ModelCallError).code).toBe('MODEL_HEURISTIC_BAD_PLAN');
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
    const refused = await generateObject({
      model: new HeuristicModel(),
      schema: z.object({ code: z.string().regex(/^[A-Z]{3}$/) }),
      prompt: 'Make one.',
    }).catch((e: unknown) => e);
    expect((refused as ModelCallError).code).toBe('MODEL_HEURISTIC_UNSUPPORTED_SCHEMA');
  });
});
