import { describe, expect, it } from 'vitest';
import { exploreWith } from '../../../test/support/suite/explore.js';
import { text } from '../../../test/support/suite/facts.js';
import type { ToolCaller, ToolSurface } from '../surface.js';
import { corrections, offeredValues } from './corrections.js';
import { paramsOf } from './params.js';

describe('offeredValues', () => {
  it('reads what an error lists as available, inline or as the bullets under it, with the noun it names', () => {
    expect(offeredValues("Server 'x' not found.\n\nAvailable servers: allotments")).toEqual([
      { noun: 'servers', values: ['allotments'] },
    ]);
    expect(offeredValues('Unknown format. Valid formats: `csv`, `json` or `yaml`.')).toEqual([
      { noun: 'formats', values: ['csv', 'json', 'yaml'] },
    ]);
    expect(offeredValues('No such table.\nKnown tables:\n- plots\n- members\nTry again.')).toEqual([
      { noun: 'tables', values: ['plots', 'members'] },
    ]);
    expect(offeredValues('Something failed: please retry later')).toEqual([]);
    // my-cool-proxy's fresh process, before its fronted servers are up.
    expect(offeredValues("Server 'allotments' not found.\n\nAvailable servers: none")).toEqual([]);
  });
});

const details = {
  name: 'tool_details',
  description: 'Shows one tool of one server.',
  inputSchema: {
    type: 'object',
    properties: { serverName: { type: 'string' }, toolName: { type: 'string' } },
    required: ['serverName', 'toolName'],
  },
  annotations: { readOnlyHint: true },
};

describe('corrections', () => {
  it('replaces the refused value whose parameter names the offered noun, once per offered value', () => {
    const failed = {
      args: { serverName: 'mcp-sqlite', toolName: 'mcp-sqlite' },
      supplies: { serverName: { origin: 'schema' as const, value: 'mcp-sqlite' } },
    };
    const outcome = {
      kind: 'result' as const,
      result: {
        ...text("Server 'mcp-sqlite' not found. Available servers: allotments, orchard"),
        isError: true,
      },
    };
    expect(corrections(outcome, failed, paramsOf(details)).map((s) => s.args)).toEqual([
      { serverName: 'allotments', toolName: 'mcp-sqlite' },
      { serverName: 'orchard', toolName: 'mcp-sqlite' },
    ]);
  });
  it('asks nothing of an error that does not name the value it refused', () => {
    const failed = { args: { serverName: 'a1', toolName: 'b1' }, supplies: {} };
    const outcome = {
      kind: 'result' as const,
      result: { ...text('Available servers: allotments'), isError: true },
    };
    expect(corrections(outcome, failed, paramsOf(details))).toEqual([]);
  });
});

/**
 * A gateway (my-cool-proxy): its listing names each server twice, by its handle and by the name it
 * reports, and its other tools take the handle. Every value the listing offers for `serverName` is
 * refused but the handle, and each refusal lists what is available.
 */
describe('explore/2 on a server whose errors list what they take', () => {
  const surface: ToolSurface = {
    tools: [
      {
        name: 'list_servers',
        description: 'Lists the servers behind the gateway.',
        inputSchema: { type: 'object', properties: {} },
        annotations: { readOnlyHint: true },
      },
      details,
    ],
  };
  const TOOLS: Record<string, string> = { read_query: 'Runs a SELECT', list_tables: 'Lists the tables' };
  const made: string[] = [];
  const caller: ToolCaller = async (name, args) => {
    made.push(JSON.stringify([name, args]));
    if (name === 'list_servers')
      return {
        kind: 'result',
        result: text('Servers: 1\n\n[*] allotments\n   Name: mcp-sqlite-server\n   Version: 1.0.0'),
      };
    const server = String(args.serverName);
    if (server !== 'allotments')
      return {
        kind: 'result',
        result: { ...text(`Server '${server}' not found.\n\nAvailable servers: allotments`), isError: true },
      };
    const tool = TOOLS[String(args.toolName)];
    if (tool === undefined)
      return {
        kind: 'result',
        result: {
          ...text(
            `Tool '${String(args.toolName)}' not found on allotments. Available tools: ${Object.keys(TOOLS).join(', ')}`,
          ),
          isError: true,
        },
      };
    return { kind: 'result', result: text(JSON.stringify({ tool: args.toolName, summary: tool, server })) };
  };
  it('calls again with what each error offered, and reads the answers it then gets', async () => {
    const result = await exploreWith(surface, caller);
    const keys = result.candidates
      .filter((c) => c.expectedTools.includes('tool_details'))
      .map((c) => c.observedKey);
    expect(keys).toEqual(expect.arrayContaining(['Runs a SELECT']));
    expect(result.ledger.tools.find((t) => t.tool === 'tool_details')?.candidates).toBeGreaterThan(0);
    // A correction is asked once: never the same call twice.
    expect(made.length).toBe(new Set(made).size);
  });
});
