import { dynamicTool, generateText, jsonSchema, stepCountIs, type ToolSet } from 'ai';
import { HeuristicModel } from '../../../src/models/heuristic/model.js';

// The tools and the one-call loop the heuristic model's tests drive it with (src/models/heuristic/model*.test.ts).

export type Json = Record<string, unknown>;
export interface Call {
  tool: string;
  args: Json;
}

/** An MCP-shaped tool: the execute result is a CallToolResult, as the agent loop passes it. */
export function mcpTool(
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

export const text = (t: string) => ({ content: [{ type: 'text', text: t }] });
export const structured = (value: unknown) => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: value,
});

export const USERS = {
  users: [
    { id: 3, name: 'bob' },
    { id: 7, name: 'alice' },
  ],
};

export function userServer(calls: Call[]): ToolSet {
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

export async function run(prompt: string, tools: ToolSet | undefined, steps = 6, system?: string) {
  return generateText({ model: new HeuristicModel(), tools, prompt, system, stopWhen: stepCountIs(steps) });
}
