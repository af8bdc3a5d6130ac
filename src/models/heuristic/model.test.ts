import { generateText, stepCountIs, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  type Call,
  mcpTool,
  run,
  text,
  USERS,
  userServer,
} from '../../../test/support/models/heuristic-tools.js';
import { HeuristicModel } from './model.js';

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
