import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../prng.js';
import { itemHandles } from './forms.js';
import { harvestResult } from './harvest.js';
import { paramsOf } from './params.js';
import { suppliesFor } from './synthesis.js';

/**
 * A listed item that opens with a Markdown link names one entry: the link's destination is the
 * server's address for it (coinbase-cds: `list-cds-routes` lists `- [Alert](web/components/Alert.txt):
 * A dialog …`, and `get-cds-doc` refused the whole item as a `route` thirty times).
 */
describe('itemHandles', () => {
  it('a linked item offers its destination, then its text; a path parameter takes the destination only', () => {
    const item = '[Alert](web/components/Alert.txt): A dialog that communicates critical information.';
    expect(itemHandles(item, false)).toEqual([
      { value: 'web/components/Alert.txt', form: 'link' },
      { value: 'Alert', form: 'name' },
    ]);
    expect(itemHandles(item, true)).toEqual([{ value: 'web/components/Alert.txt', form: 'link' }]);
  });
  it('a decorated item offers its one name, and a plain one nothing', () => {
    expect(itemHandles('notes.md (3 KB)', false)).toEqual([{ value: 'notes.md', form: 'name' }]);
    expect(itemHandles('Tide tables for Kestrel Bay', false)).toEqual([]);
  });
});

describe('a route parameter, given a listing of linked items', () => {
  it('takes each item’s destination first, then its name, then the item as written', () => {
    const tool = {
      name: 'get-cds-doc',
      description: 'get a specific cds doc route based on the routes available from list-routes',
      inputSchema: { type: 'object', properties: { route: { type: 'string' } }, required: ['route'] },
    };
    const listing = [
      '# CDS Routes',
      '',
      '## Components',
      '',
      '- [Alert](web/components/Alert.txt): A dialog that communicates critical information.',
      '- [Grid](web/components/Grid.txt): A Box with extra props for the CSS grid API.',
    ].join('\n');
    const pool = harvestResult({
      obs: 0,
      tool: 'list-cds-routes',
      args: {},
      result: { content: [{ type: 'text' as const, text: listing }] },
    });
    const [route] = paramsOf(tool);
    if (route === undefined) throw new Error('route');
    const values = suppliesFor(tool, route, pool, [], mulberry32(1)).map((s) => s.value);
    for (const name of ['Alert', 'Grid']) {
      const target = values.indexOf(`web/components/${name}.txt`);
      const item = values.findIndex((v) => typeof v === 'string' && v.startsWith(`[${name}]`));
      expect(target).toBeGreaterThanOrEqual(0);
      expect(target).toBeLessThan(values.indexOf(name));
      expect(values.indexOf(name)).toBeLessThan(item);
    }
    expect(String(values[0])).toMatch(/^web\/components\/\w+\.txt$/);
  });
});
