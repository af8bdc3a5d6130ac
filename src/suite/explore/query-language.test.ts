import { describe, expect, it } from 'vitest';
import type { ToolDescriptor } from '../surface.js';
import { harvestResult } from './harvest.js';
import { paramsOf } from './params.js';
import {
  isListedTable,
  listedTables,
  READ_QUERY_LIMIT,
  readQueries,
  readQueryLanguage,
  sqlIdentifier,
  sqlReadQuery,
} from './query-language.js';

const json = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] });

function tool(
  name: string,
  description: string,
  properties: Record<string, Record<string, unknown>>,
): ToolDescriptor {
  return {
    name,
    description,
    inputSchema: { type: 'object', properties, required: Object.keys(properties) },
  };
}

/** The language the tool's first parameter is read as taking, the tool taken as explorable or not. */
function language(t: ToolDescriptor, explorable = true) {
  const [param] = paramsOf(t);
  if (param === undefined) throw new Error('no parameter');
  return readQueryLanguage(t, param, explorable);
}

describe('which parameters take a read query in SQL', () => {
  it('reads SQL from the parameter name, its description, or the tool description', () => {
    // executeautomation-database's read_query: the tool's description alone names SELECT.
    expect(
      language(
        tool('read_query', 'Execute SELECT queries to read data from the database', {
          query: { type: 'string' },
        }),
      ),
    ).toBe('sql');
    expect(
      language(
        tool('read_query', 'Run a query on the database', {
          query: { type: 'string', description: 'SELECT SQL query to execute' },
        }),
      ),
    ).toBe('sql');
    expect(
      language(tool('query', 'Execute a read-only query and return results', { sql: { type: 'string' } })),
    ).toBe('sql');
    expect(language(tool('run', 'Run it', { sqlQuery: { type: 'string' } }))).toBe('sql');
    expect(language(tool('run', 'Read rows with Sql', { statement: { type: 'string' } }))).toBe('sql');
  });

  it('a query of a search tool that names no SQL takes free text', () => {
    expect(
      language(tool('search_notes', 'Search the notes for a phrase', { query: { type: 'string' } })),
    ).toBe(undefined);
    // "select" as an English verb is not the keyword; "results" is not "sql".
    expect(
      language(
        tool('find', 'Find documents; select the best match and return results', {
          query: { type: 'string', description: 'free text to look for' },
        }),
      ),
    ).toBe(undefined);
    expect(language(tool('search', 'Search with MySQLish syntax', { query: { type: 'string' } }))).toBe(
      undefined,
    );
    // A parameter named for something else takes no statement, whatever the tool says.
    expect(language(tool('read_query', 'Execute SELECT queries', { table: { type: 'string' } }))).toBe(
      undefined,
    );
    // Statements are strings: a list of them (a transaction) is not offered one.
    expect(language(tool('query', 'Run SQL', { sql: { type: 'array', items: { type: 'string' } } }))).toBe(
      undefined,
    );
  });

  it('a tool that is not explorable is never offered a query, whatever its parameter says', () => {
    const write = tool('write_query', 'Execute INSERT, UPDATE, or DELETE SQL queries', {
      sql: { type: 'string' },
    });
    expect(language(write, false)).toBe(undefined);
    const declared = tool('execute_sql', 'Execute SQL queries on the sqlite database', {
      sql: { type: 'string' },
    });
    expect(language(declared, false)).toBe(undefined);
  });
});

describe('identifiers and statements', () => {
  it('quotes a listed name as a delimited identifier, embedded double quotes doubled', () => {
    expect(sqlIdentifier('patients')).toBe('"patients"');
    expect(sqlIdentifier('a"b')).toBe('"a""b"');
    expect(sqlIdentifier('"')).toBe('""""');
    expect(sqlIdentifier('x; DROP TABLE y')).toBe('"x; DROP TABLE y"');
    expect(sqlIdentifier("o'brien")).toBe('"o\'brien"');
    expect(sqlIdentifier('Gäste 客户 🚢')).toBe('"Gäste 客户 🚢"');
  });

  it('offers no identifier for an empty, overlong or control-character name', () => {
    expect(sqlIdentifier('')).toBe(undefined);
    expect(sqlIdentifier('a'.repeat(129))).toBe(undefined);
    expect(sqlIdentifier('a\u0000b')).toBe(undefined);
    expect(sqlIdentifier('a\nb')).toBe(undefined);
  });

  it('builds only a SELECT with the fixed LIMIT, the name inside one identifier', () => {
    expect(READ_QUERY_LIMIT).toBe(5);
    expect(sqlReadQuery('patients')).toBe('SELECT * FROM "patients" LIMIT 5');
    const hostile = sqlReadQuery('x"; DROP TABLE y; --');
    expect(hostile).toBe('SELECT * FROM "x""; DROP TABLE y; --" LIMIT 5');
    // Outside the identifier there is exactly the fixed frame: nothing of the name escapes it.
    const inner = /^SELECT \* FROM "((?:[^"]|"")*)" LIMIT 5$/.exec(hostile ?? '');
    expect(inner?.[1]?.replaceAll('""', '"')).toBe('x"; DROP TABLE y; --');
  });
});

describe('the tables the server listed', () => {
  const listing = harvestResult({
    obs: 0,
    tool: 'list_tables',
    args: {},
    result: json(['doctors', 'patients', 'a"b']),
  });
  const columns = harvestResult({
    obs: 1,
    tool: 'describe_table',
    args: { table_name: 'patients' },
    result: json([
      { name: 'id', type: 'INTEGER' },
      { name: 'full_name', type: 'TEXT' },
    ]),
  });
  const described = harvestResult({
    obs: 2,
    tool: 'describe-table',
    args: { tableName: 'cargo' },
    result: json({ tableName: 'cargo', columns: [{ name: 'tonnes' }] }),
  });
  const schema = harvestResult({
    obs: 3,
    tool: 'list-tables',
    args: {},
    result: json([{ name: 'ports', sql: 'CREATE TABLE ports (id INTEGER)' }]),
  });
  const notes = harvestResult({ obs: 4, tool: 'list_notes', args: {}, result: json([{ name: 'Shopping' }]) });

  it("takes a list of tables' names and a field that names a table, never a table's columns", () => {
    const pool = [...listing, ...columns, ...described, ...schema, ...notes];
    expect(listedTables(pool).map((t) => t.name)).toEqual(['doctors', 'patients', 'a"b', 'cargo', 'ports']);
    expect(columns.filter(isListedTable)).toEqual([]);
    expect(notes.filter(isListedTable)).toEqual([]);
  });

  it('offers one read query per listed table, the server text only ever inside an identifier', () => {
    const queries = readQueries('sql', [...listing, ...schema]);
    expect(queries.map((q) => q.statement)).toEqual([
      'SELECT * FROM "doctors" LIMIT 5',
      'SELECT * FROM "patients" LIMIT 5',
      'SELECT * FROM "a""b" LIMIT 5',
      'SELECT * FROM "ports" LIMIT 5',
    ]);
    // The CREATE TABLE text the listing carried is never a statement.
    expect(queries.some((q) => q.statement.includes('CREATE'))).toBe(false);
    expect(readQueries('sql', [...columns, ...notes])).toEqual([]);
  });
});
