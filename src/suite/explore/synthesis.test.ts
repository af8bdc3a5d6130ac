import { describe, expect, it } from 'vitest';
import type { GivenValue } from '../given.js';
import { mulberry32 } from '../prng.js';
import { harvestResult } from './harvest.js';
import { paramsOf } from './params.js';
import { argumentSets, suppliesFor } from './synthesis.js';

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const read = {
  name: 'memory_bank_read',
  description: 'Read a memory bank file of a project.',
  inputSchema: {
    type: 'object',
    properties: { projectName: { type: 'string' }, fileName: { type: 'string' } },
    required: ['projectName', 'fileName'],
  },
};
const folder: GivenValue = {
  name: 'cwd',
  value: '/srv/memory-bank',
  origin: 'derived',
  source: 'cwd',
  kind: 'dir',
};
const pool = [
  ...harvestResult({ obs: 0, tool: 'list_projects', args: {}, result: text('herbarium,tide-tables') }),
  ...harvestResult({
    obs: 1,
    tool: 'list_project_files',
    args: { projectName: 'tide-tables' },
    result: text('progress.md,projectbrief.md'),
  }),
];

describe('argument synthesis: values by name before values by shape', () => {
  const [project, file] = paramsOf(read);
  if (project === undefined || file === undefined) throw new Error('params');

  it('a listed file name fills fileName before a given folder that only looks like a path', () => {
    const supplies = suppliesFor(read, file, pool, [folder], mulberry32(1));
    expect(new Set(supplies.map((s) => s.value).slice(0, 2))).toEqual(
      new Set(['progress.md', 'projectbrief.md']),
    );
    expect(supplies.at(-1)?.value).toBe('/srv/memory-bank');
  });

  it('projectName takes the listing of projects before any other listed name', () => {
    const supplies = suppliesFor(read, project, pool, [folder], mulberry32(1));
    expect(new Set(supplies.slice(0, 2).map((s) => s.value))).toEqual(new Set(['herbarium', 'tide-tables']));
  });

  it('a file listed for a project is read in that project', () => {
    const sets = argumentSets(read, paramsOf(read), pool, [folder], {
      tried: new Set(),
      limit: 10,
      random: mulberry32(1),
    });
    const progress = sets.find((s) => s.args.fileName === 'progress.md');
    expect(progress?.args.projectName).toBe('tide-tables');
  });

  it('never proposes a set already tried, whatever its key order', () => {
    const first = argumentSets(read, paramsOf(read), pool, [], {
      tried: new Set(),
      limit: 10,
      random: mulberry32(1),
    });
    const tried = new Set(
      first.map((s) => JSON.stringify(Object.fromEntries(Object.entries(s.args).sort()))),
    );
    const again = argumentSets(read, paramsOf(read), pool, [], { tried, limit: 10, random: mulberry32(1) });
    expect(again).toEqual([]);
  });
});
