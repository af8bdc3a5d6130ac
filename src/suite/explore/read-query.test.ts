import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../../test/support/explorable-policy.js';
import { surfaceSafety } from '../destructive.js';
import { applyPolicy } from '../explorable.js';
import { mulberry32 } from '../prng.js';
import type { ToolCaller, ToolDescriptor, ToolSurface } from '../surface.js';
import { explore2 } from './explore2.js';
import { harvestResult } from './harvest.js';
import { paramsOf } from './params.js';
import { suppliesFor } from './synthesis.js';

const json = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] });
const sqlParam = { sql: { type: 'string', description: 'SQL query to execute (SELECT statements only)' } };
const query: ToolDescriptor = {
  name: 'query',
  description: 'Execute a read-only SQL query and return results',
  inputSchema: { type: 'object', properties: sqlParam, required: ['sql'] },
};
// A listing whose entries carry their own CREATE statement, as mcp-server-sqlite's list-tables does.
const listing = harvestResult({
  obs: 0,
  tool: 'list-tables',
  args: {},
  result: json([{ name: 'ports', sql: 'CREATE TABLE ports (id INTEGER)' }]),
});

function sqlSpec() {
  const [param] = paramsOf(query);
  if (param === undefined) throw new Error('no parameter');
  return { ...param, query: 'sql' as const };
}

describe('a SQL parameter in argument synthesis', () => {
  it('is offered the read query of a listed table, never the server text that fits it by name', () => {
    const supplies = suppliesFor(query, sqlSpec(), listing, [], mulberry32(1));
    expect(supplies.map((s) => s.value)).toEqual(['SELECT * FROM "ports" LIMIT 5']);
    expect(supplies[0]).toMatchObject({ origin: 'query', language: 'sql' });
    // The same parameter read as plain text would take the CREATE statement by its name.
    const plain = suppliesFor(query, paramsOf(query)[0] ?? sqlSpec(), listing, [], mulberry32(1));
    expect(plain.map((s) => s.value)).toContain('CREATE TABLE ports (id INTEGER)');
  });

  it('takes a given statement first, as the user wrote it', () => {
    const given = [
      { name: 'sql', value: 'SELECT count(*) FROM ports', origin: 'given' as const, source: '--given' },
    ];
    const supplies = suppliesFor(query, sqlSpec(), listing, given, mulberry32(1));
    expect(supplies.map((s) => s.value)).toEqual([
      'SELECT count(*) FROM ports',
      'SELECT * FROM "ports" LIMIT 5',
    ]);
  });
});

/** A server with a SQL read tool and a SQL write tool, and (when `tables`) a listing of its tables. */
function server(tables: boolean): { surface: ToolSurface; caller: ToolCaller; calls: [string, unknown][] } {
  const calls: [string, unknown][] = [];
  const write: ToolDescriptor = {
    name: 'execute',
    description: 'Execute a SQL statement that modifies data (INSERT, UPDATE, DELETE)',
    inputSchema: { type: 'object', properties: { sql: { type: 'string' } }, required: ['sql'] },
  };
  const list: ToolDescriptor = {
    name: 'list_tables',
    description: 'List all tables in the database',
    inputSchema: { type: 'object', properties: {} },
  };
  const surface: ToolSurface = { tools: tables ? [query, write, list] : [query, write] };
  const rows = [
    { locode: 'NOBGO', city: 'Bergen' },
    { locode: 'PTLIS', city: 'Lisbon' },
  ];
  const caller: ToolCaller = async (name, args) => {
    calls.push([name, args]);
    if (name === 'list_tables') return { kind: 'result', result: json(['ports']) };
    if (name === 'query' && args.sql === 'SELECT * FROM "ports" LIMIT 5')
      return { kind: 'result', result: json(rows) };
    return {
      kind: 'result',
      result: { ...json({ error: 'Only SELECT queries are allowed' }), isError: true },
    };
  };
  return { surface, caller, calls };
}

async function explore(tables: boolean) {
  const s = server(tables);
  const safety = applyPolicy(s.surface, surfaceSafety(s.surface), DEFAULT_POLICY);
  const result = await explore2({
    surface: s.surface,
    safety,
    policy: DEFAULT_POLICY,
    caller: s.caller,
    seed: 1,
    count: 60,
    given: [],
  });
  return { ...s, result, ledger: new Map(result.ledger.tools.map((t) => [t.tool, t])) };
}

describe('explore/2 on a SQL read tool', () => {
  it('reads a listed table with a SELECT, names the statement in the prompt, and never calls the write tool', async () => {
    const { result, ledger, calls } = await explore(true);
    expect(calls.filter(([name]) => name === 'query').map(([, args]) => args)).toEqual([
      { sql: 'SELECT * FROM "ports" LIMIT 5' },
    ]);
    expect(calls.some(([name]) => name === 'execute')).toBe(false);
    expect(ledger.get('query')).toMatchObject({
      readQuery: { param: 'sql', language: 'sql', calls: 1 },
      errors: 0,
    });
    expect(ledger.get('execute')?.readQuery).toBeUndefined();
    const reads = result.candidates.filter((c) => c.plan.at(-1)?.tool === 'query');
    expect(reads.map((c) => c.observedKey).sort()).toEqual(['Bergen', 'Lisbon', 'NOBGO', 'PTLIS']);
    for (const c of reads) {
      expect(c.plan).toEqual([{ tool: 'query', arguments: { sql: 'SELECT * FROM "ports" LIMIT 5' } }]);
      expect(c.prompt).toContain(`with sql 'SELECT * FROM "ports" LIMIT 5'`);
    }
  });

  it('offers no query when no table was listed, and the ledger says why', async () => {
    const { ledger, calls } = await explore(false);
    const sent = calls
      .filter(([name]) => name === 'query')
      .map(([, args]) => String((args as { sql: unknown }).sql));
    expect(sent.some((s) => /^SELECT\b/i.test(s))).toBe(false);
    expect(ledger.get('query')?.readQuery).toEqual({ param: 'sql', language: 'sql', calls: 0 });
    expect(ledger.get('query')?.skipped).toMatch(
      /sql takes SQL and the server listed no table, so no read query was offered/,
    );
  });
});
