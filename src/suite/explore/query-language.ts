import type { QueryLanguage } from '../../record/exploration.js';
import { wordsOf } from '../explorable.js';
import { looseName } from '../facts/leaves.js';
import type { ToolDescriptor } from '../surface.js';
import type { Harvest } from './harvest.js';
import type { ParamSpec } from './params.js';

/**
 * Read queries (docs/statistics.md, "Read queries"). The principle: **a parameter that takes a read
 * query in a language the tool declares is offered the simplest read of a name the server itself
 * listed — for SQL `SELECT * FROM <listed table> LIMIT n` — never a statement that could write.**
 * Which parameter takes a query is read from the schema and the descriptions; the name read comes
 * only from what the server listed, quoted as an identifier; the statement is built here, by code,
 * and is a SELECT with a small fixed LIMIT. Pure.
 */

/** Rows one read query asks for: enough siblings for decoys, few enough to read. */
export const READ_QUERY_LIMIT = 5;

/** A listed name longer than this, or with a control character, is not offered as an identifier. */
const MAX_IDENTIFIER = 128;

/** A parameter named for the language itself (`sql`, `sql_query`, `sqlStatement`). */
const SQL_NAMED = /^sql(?:query|statement|text|string)?$/;
/** A parameter named for a statement, whose language its description or its tool's must name. */
const STATEMENT_NAMED = /^(?:query|querystring|statement|stmt)$/;
/** The language named in prose: the word "SQL" in any case, or the keyword "SELECT" in capitals. */
const NAMES_SQL = /(?<![A-Za-z])(?:[Ss][Qq][Ll]|SELECT)(?![A-Za-z])/;

function namesSql(text: string | undefined): boolean {
  return text !== undefined && NAMES_SQL.test(text);
}

/**
 * The query language a parameter takes, or undefined. A string parameter takes SQL when its name
 * is the language's (`sql`), or when it is named for a statement (`query`, `statement`) and its own
 * description or its tool's names SQL or a SELECT. A `query` of a search tool that names no SQL
 * takes free text, not SQL. A tool that is not explorable (read-only inference says it may write)
 * is never offered a query, whatever its parameter says.
 */
export function readQueryLanguage(
  tool: ToolDescriptor,
  param: ParamSpec,
  explorable: boolean,
): QueryLanguage | undefined {
  if (!explorable || param.type !== 'string') return undefined;
  const name = looseName(param.name);
  if (SQL_NAMED.test(name)) return 'sql';
  if (!STATEMENT_NAMED.test(name)) return undefined;
  return namesSql(param.description) ||
    namesSql(tool.description) ||
    namesSql(typeof tool.title === 'string' ? tool.title : undefined)
    ? 'sql'
    : undefined;
}

/**
 * A listed name as an SQL identifier: in double quotes, an embedded double quote doubled (the
 * standard's delimited identifier, which SQLite, PostgreSQL and DuckDB read). Undefined for a name
 * that is empty, too long or holds a control character: such a name is not offered at all.
 */
export function sqlIdentifier(name: string): string | undefined {
  if (name === '' || name.length > MAX_IDENTIFIER || /\p{Cc}/u.test(name)) return undefined;
  return `"${name.replaceAll('"', '""')}"`;
}

/** The simplest read of one listed table: every column of its first READ_QUERY_LIMIT rows. */
export function sqlReadQuery(table: string): string | undefined {
  const identifier = sqlIdentifier(table);
  return identifier === undefined ? undefined : `SELECT * FROM ${identifier} LIMIT ${READ_QUERY_LIMIT}`;
}

/** A field that holds a table's name wherever it appears (`table`, `table_name`, `tableName`, `tbl_name`). */
const TABLE_FIELD = /^(?:table|tablename|tbl|tblname)$/;

function aboutTables(text: string): boolean {
  return wordsOf(text).some((w) => w === 'table' || w === 'tables');
}

/**
 * Did the server list this value as the name of a table? Either it sits under a field that names a
 * table, or it is a `name` (or a member of a list) in the answer of a tool about tables to a call
 * that named no table: a call about one table (`describe_table`) lists its columns, not tables.
 */
export function isListedTable(h: Harvest): boolean {
  if (typeof h.value !== 'string') return false;
  const field = looseName(h.field);
  if (TABLE_FIELD.test(field)) return true;
  if (field !== 'name' || !aboutTables(`${h.tool} ${h.listing ?? ''}`)) return false;
  return !Object.keys(h.args ?? {}).some(aboutTables);
}

/** The tables the server listed, each once, in the order it listed them. */
export function listedTables(pool: readonly Harvest[]): { name: string; harvest: Harvest }[] {
  const out = new Map<string, Harvest>();
  for (const h of pool) if (isListedTable(h) && !out.has(String(h.value))) out.set(String(h.value), h);
  return [...out].map(([name, harvest]) => ({ name, harvest }));
}

/** One read query: the statement, and the listed table it reads. */
export interface ReadQuery {
  statement: string;
  language: QueryLanguage;
  table: Harvest;
}

/** The read queries a parameter of this language is offered from what the server listed so far. */
export function readQueries(language: QueryLanguage, pool: readonly Harvest[]): ReadQuery[] {
  return listedTables(pool).flatMap(({ name, harvest }) => {
    const statement = language === 'sql' ? sqlReadQuery(name) : undefined;
    return statement === undefined ? [] : [{ statement, language, table: harvest }];
  });
}
