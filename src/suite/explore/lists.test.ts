import { describe, expect, it } from 'vitest';
import { harvestResult } from './harvest.js';
import { commaList, markdownLists } from './lists.js';
import { nameMatches } from './synthesis.js';

const text = (t: string) => ({ content: [{ type: 'text', text: t }] });

describe('lists in text answers are read by real parsers', () => {
  it('reads a bullet list under a heading, and a numbered list', () => {
    const md = '# Notes in vault\n\n- Tide tables.md\n- Herbarium log.md\n\n## Other\n\n1. alpha\n2. beta\n';
    expect(markdownLists(md)).toEqual([
      { heading: 'Notes in vault', items: ['Tide tables.md', 'Herbarium log.md'] },
      { heading: 'Other', items: ['alpha', 'beta'] },
    ]);
  });
  it('leaves prose, single items and long paragraphs alone', () => {
    expect(markdownLists('A line of prose - with a dash.')).toEqual([]);
    expect(markdownLists('- only one')).toEqual([]);
    expect(markdownLists(`- ${'x'.repeat(300)}\n- y`)).toEqual([]);
  });
  it('reads a one-line comma list, not a sentence with commas', () => {
    expect(commaList('herbarium,tide-tables')).toEqual({ items: ['herbarium', 'tide-tables'] });
    expect(commaList('Query, Mutation, Book, Author')?.items).toEqual([
      'Query',
      'Mutation',
      'Book',
      'Author',
    ]);
    expect(
      commaList('The tide, which rose early, flooded the harbour road and the market square'),
    ).toBeUndefined();
    expect(commaList('a\nb,c')).toBeUndefined();
  });
  it('is bounded: a huge text is not parsed', () => {
    expect(markdownLists(`- a\n- b\n${'z'.repeat(300_000)}`)).toEqual([]);
  });
});

describe('list members are handles for the next tool', () => {
  it('a JSON array of table names feeds describe_table’s table_name', () => {
    const harvested = harvestResult({
      obs: 0,
      tool: 'list_tables',
      args: {},
      result: text('["authors","books"]'),
    });
    expect(harvested.map((h) => [h.value, h.field])).toEqual([
      ['authors', 'name'],
      ['books', 'name'],
    ]);
    expect(harvested.every((h) => nameMatches('table_name', h.field, h.tool))).toBe(true);
  });
  it('a named array carries its field as the list’s noun', () => {
    const harvested = harvestResult({
      obs: 0,
      tool: 'get_schema',
      args: {},
      result: text('{"tables":["authors"]}'),
    });
    expect(harvested[0]).toMatchObject({ value: 'authors', field: 'name', listing: 'tables' });
  });
  it('a bullet list and a comma list become items', () => {
    const bullets = harvestResult({
      obs: 0,
      tool: 'list_notes',
      args: {},
      result: text('- tides.md\n- herbs.md'),
    });
    expect(bullets.filter((h) => h.kind === 'item').map((h) => h.value)).toEqual(['tides.md', 'herbs.md']);
    const commas = harvestResult({
      obs: 0,
      tool: 'list_projects',
      args: {},
      result: text('herbarium,tide-tables'),
    });
    expect(commas.filter((h) => h.kind === 'item').map((h) => h.value)).toEqual(['herbarium', 'tide-tables']);
    expect(nameMatches('projectName', 'name', 'list_projects')).toBe(true);
  });
});
