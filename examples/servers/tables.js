// @ts-check
/**
 * Planted shape: a table server with no annotations, modelled on the SQLite servers people install:
 * `list_tables` → `describe_table` → `read_rows`, every answer JSON in a text block (no
 * structuredContent, no outputSchema), and one write tool (`insert_row`) alongside the reads.
 * Nothing declares readOnlyHint, so explore/2 explores only what its conservative rule infers from
 * names and descriptions (a read verb, no write verb): the three reads, never `insert_row`.
 * Expected outcome (stdio or HTTP): SCORED. Table names from `list_tables` feed `table_name`
 * (`name` of a listing of tables); rows are told apart by their own values, so pasting a whole
 * table is no answer (its sibling rows are decoys); a random table name is an error.
 */
import * as z from 'zod';
import { KEEP_ALIVE_MS, plantedServer, toolError } from './lib/planted.js';
import { serve } from './lib/serve.js';

/** @type {Record<string, { columns: { name: string, type: string }[], rows: Record<string, string | number>[] }>} */
const TABLES = {
  vessels: {
    columns: [
      { name: 'vessel_id', type: 'INTEGER' },
      { name: 'name', type: 'TEXT' },
      { name: 'call_sign', type: 'TEXT' },
      { name: 'home_port', type: 'TEXT' },
      { name: 'built', type: 'INTEGER' },
    ],
    rows: [
      { vessel_id: 5201, name: 'Morning Gannet', call_sign: 'MGNT7', home_port: 'Kestrel Bay', built: 1987 },
      { vessel_id: 5202, name: 'Saint Brannoc', call_sign: 'SBRN2', home_port: 'Saltmere', built: 2009 },
      {
        vessel_id: 5203,
        name: 'Lantern Sound Shuttle',
        call_sign: 'LSSH4',
        home_port: 'Lantern Isle',
        built: 2015,
      },
      { vessel_id: 5204, name: 'Kestrel Light', call_sign: 'KSTL9', home_port: 'Kestrel Bay', built: 1974 },
      { vessel_id: 5205, name: 'Grey Heron', call_sign: 'GRHN3', home_port: 'Portwenn Quay', built: 1999 },
    ],
  },
  crew: {
    columns: [
      { name: 'crew_id', type: 'INTEGER' },
      { name: 'full_name', type: 'TEXT' },
      { name: 'rank', type: 'TEXT' },
      { name: 'certificate', type: 'TEXT' },
    ],
    rows: [
      { crew_id: 701, full_name: 'Ines Marlow', rank: 'Master', certificate: 'STCW-II2-4471' },
      { crew_id: 702, full_name: 'Maud Ferris', rank: 'Mate', certificate: 'STCW-II1-2210' },
      { crew_id: 703, full_name: 'Tobias Quill', rank: 'Chief engineer', certificate: 'STCW-III2-0932' },
      { crew_id: 704, full_name: 'Oskar Brandt', rank: 'Bosun', certificate: 'STCW-II4-7781' },
      { crew_id: 705, full_name: 'Priya Natarajan', rank: 'Purser', certificate: 'STCW-VI6-3318' },
    ],
  },
  sailings: {
    columns: [
      { name: 'sailing_code', type: 'TEXT' },
      { name: 'route', type: 'TEXT' },
      { name: 'departs', type: 'TEXT' },
      { name: 'vessel', type: 'TEXT' },
    ],
    rows: [
      {
        sailing_code: 'KB-LI-0715',
        route: 'Kestrel Bay to Lantern Isle',
        departs: 'Quay 3',
        vessel: 'Morning Gannet',
      },
      {
        sailing_code: 'KB-SM-0930',
        route: 'Kestrel Bay to Saltmere',
        departs: 'Quay 1',
        vessel: 'Saint Brannoc',
      },
      {
        sailing_code: 'LI-KB-1240',
        route: 'Lantern Isle to Kestrel Bay',
        departs: 'Island slipway',
        vessel: 'Lantern Sound Shuttle',
      },
      {
        sailing_code: 'SM-PQ-1610',
        route: 'Saltmere to Portwenn Quay',
        departs: 'Estuary pontoon',
        vessel: 'Grey Heron',
      },
    ],
  },
};

/** @param {unknown} value */
function text(value) {
  return { content: [{ type: /** @type {const} */ ('text'), text: JSON.stringify(value, null, 2) }] };
}

/** @param {string} name */
function table(name) {
  return Object.hasOwn(TABLES, name) ? TABLES[name] : undefined;
}

const tableName = z.string().describe('name of a table in the database');

/** @param {import('@modelcontextprotocol/server').McpServer} server */
function register(server) {
  server.registerTool(
    'list_tables',
    { description: 'List all tables in the harbour office database.', inputSchema: z.object({}) },
    async () => text(Object.keys(TABLES).map((name) => ({ name }))),
  );
  server.registerTool(
    'describe_table',
    {
      description: 'Describe one table: the name and type of each of its columns.',
      inputSchema: z.object({ table_name: tableName }),
    },
    async ({ table_name }) => {
      const t = table(table_name);
      return t ? text(t.columns) : toolError(`no such table: ${table_name}`);
    },
  );
  server.registerTool(
    'read_rows',
    {
      description: 'Read the rows of one table, in primary-key order, up to a limit.',
      inputSchema: z.object({
        table_name: tableName,
        limit: z.number().int().min(1).max(100).optional().describe('rows at most (default 100)'),
      }),
    },
    async ({ table_name, limit }) => {
      const t = table(table_name);
      return t ? text(t.rows.slice(0, limit ?? 100)) : toolError(`no such table: ${table_name}`);
    },
  );
  server.registerTool(
    'insert_row',
    {
      description: 'Insert one row into a table; the values are given as column: value pairs.',
      inputSchema: z.object({ table_name: tableName, values: z.record(z.string(), z.string()) }),
    },
    async ({ table_name }) =>
      table(table_name)
        ? toolError('the database is opened read-only in this demo')
        : toolError(`no such table: ${table_name}`),
  );
}

serve({
  keepAliveMs: KEEP_ALIVE_MS,
  factory: () => {
    const server = plantedServer('planted-tables');
    register(server);
    return server;
  },
});
