import { describe, expect, it } from 'vitest';
import { renderArguments, renderValue, toolClause } from './phrase.js';

describe('how a prompt writes a tool and its inputs', () => {
  it('writes a value holding double quotes in single quotes, and one holding both kinds as JSON', () => {
    expect(renderValue('patients')).toBe('"patients"');
    expect(renderValue('SELECT * FROM "patients" LIMIT 5')).toBe(`'SELECT * FROM "patients" LIMIT 5'`);
    expect(renderValue(`SELECT * FROM "o'brien" LIMIT 5`)).toBe(`"SELECT * FROM \\"o'brien\\" LIMIT 5"`);
    expect(renderValue(42)).toBe('42');
    expect(renderArguments({ query: 'SELECT * FROM "a""b" LIMIT 5' })).toBe(
      `query 'SELECT * FROM "a""b" LIMIT 5'`,
    );
  });

  it('reads an imperative description as what the tool does', () => {
    const tool = (description: string) => ({ name: 'read_query', description, inputSchema: {} });
    expect(toolClause(tool('Execute SELECT queries to read data from the database'))).toBe(
      'the tool that executes SELECT queries to read data from the database',
    );
    expect(toolClause(tool('Run a read-only query.'))).toBe('the tool that runs a read-only query');
    expect(toolClause(tool('Get a list of all tables'))).toBe('the tool that gets a list of all tables');
  });
});
