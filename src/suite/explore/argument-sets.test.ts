import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../prng.js';
import { argumentSets } from './argument-sets.js';
import { harvestResult } from './harvest.js';
import { paramsOf } from './params.js';

/**
 * An optional parameter is left out rather than guessed (dbeaver-mcp-server: `list_tables` was
 * called with the listed connection id in its optional `schema` too, and every call answered `[]`).
 */
const listTables = {
  name: 'list_tables',
  description: 'List all tables in a database.',
  inputSchema: {
    type: 'object',
    properties: { connectionId: { type: 'string' }, schema: { type: 'string' } },
    required: ['connectionId'],
  },
};
const connections = JSON.stringify([
  { id: 'sqlite_jdbc-18f2a3d07b2', name: 'City library lending' },
  { id: 'sqlite_jdbc-18f2a3c4e51', name: 'Harbour clinic' },
]);
const pool = harvestResult({
  obs: 0,
  tool: 'list_connections',
  args: {},
  result: { content: [{ type: 'text' as const, text: connections }] },
});
const sets = (tool: typeof listTables) =>
  argumentSets(tool, paramsOf(tool), pool, [], { tried: new Set(), limit: 10, random: mulberry32(3) });

describe('argument sets: an optional parameter is left out before it takes a guess', () => {
  it('sends each listed connection and leaves the optional schema out', () => {
    const made = sets(listTables);
    const sent = made.map((s) => s.args.connectionId);
    expect(sent).toEqual(expect.arrayContaining(['sqlite_jdbc-18f2a3c4e51', 'sqlite_jdbc-18f2a3d07b2']));
    expect(made.every((s) => !('schema' in s.args))).toBe(true);
  });

  it('once every set without the guess was made, the guesses come (a diff tool’s optional revision)', () => {
    const first = sets(listTables);
    const tried = new Set(first.map((s) => JSON.stringify(s.args)));
    const later = argumentSets(listTables, paramsOf(listTables), pool, [], {
      tried,
      limit: 10,
      random: mulberry32(3),
    });
    expect(later.length).toBeGreaterThan(0);
    expect(
      later.every((s) => typeof s.args.schema === 'string' && s.args.schema.startsWith('sqlite_jdbc-')),
    ).toBe(true);
  });

  it('the same parameter, required, still takes the listed identifiers when nothing fits it by name', () => {
    const required = {
      ...listTables,
      inputSchema: { ...listTables.inputSchema, required: ['connectionId', 'schema'] },
    };
    const made = sets(required);
    expect(made.length).toBeGreaterThan(0);
    expect(
      made.every((s) => typeof s.args.schema === 'string' && s.args.schema.startsWith('sqlite_jdbc-')),
    ).toBe(true);
  });
});
