import { describe, expect, it } from 'vitest';
import type { GivenValue } from '../given.js';
import { mulberry32 } from '../prng.js';
import { argumentSets } from './argument-sets.js';
import { harvestResult } from './harvest.js';
import { paramsOf } from './params.js';
import { suppliesFor } from './synthesis.js';

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

describe('argument synthesis: handles in the server forms', () => {
  const vault: GivenValue = {
    name: 'argv[1]',
    value: '/srv/pdfs',
    origin: 'derived',
    source: 'argv[1]',
    kind: 'dir',
  };
  const listPdfs = harvestResult({
    obs: 0,
    tool: 'list_pdfs',
    args: {},
    result: {
      content: [{ type: 'text' as const, text: 'Available PDFs:\n- file:///srv/pdfs/a.pdf' }],
      structuredContent: {
        localFiles: ['file:///srv/pdfs/a.pdf', 'file:///srv/pdfs/b.pdf'],
        truncated: false,
      },
    },
  });
  const readBytes = {
    name: 'read_pdf_bytes',
    inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
  };
  const [url] = paramsOf(readBytes);
  if (url === undefined) throw new Error('params');

  it('a listed file:// URL fills a url parameter as listed; the folder it lies in is not offered', () => {
    const values = suppliesFor(readBytes, url, listPdfs, [vault], mulberry32(1)).map((s) => s.value);
    expect(new Set(values)).toEqual(new Set(['file:///srv/pdfs/a.pdf', 'file:///srv/pdfs/b.pdf']));
  });

  it('with no file known, the given folder is offered as a file:// URL (no as-given form fits a URL)', () => {
    const supplies = suppliesFor(readBytes, url, [], [vault], mulberry32(1));
    expect(supplies.map((s) => [s.value, s.origin === 'given' ? s.form : undefined])).toEqual([
      ['file:///srv/pdfs', 'file-url'],
    ]);
  });

  const readNote = {
    name: 'read_note',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  };
  const [path] = paramsOf(readNote);
  if (path === undefined) throw new Error('params');
  const listed = harvestResult({
    obs: 0,
    tool: 'search_notes',
    args: { query: 'plan' },
    result: { content: [{ type: 'text' as const, text: '{"files":["/srv/pdfs/notes/plan.md"]}' }] },
  });

  it('other forms of a value come only after the value as given got no answer, and after every value as given', () => {
    const first = suppliesFor(readNote, path, listed, [vault], mulberry32(1)).map((s) => s.value);
    expect(first).toEqual(['/srv/pdfs/notes/plan.md']);
    const failed = new Set(['/srv/pdfs/notes/plan.md']);
    const next = suppliesFor(readNote, path, listed, [vault], mulberry32(1), failed);
    expect(next.map((s) => [s.value, s.origin === 'harvest' ? s.form : 'x'])).toEqual([
      ['/srv/pdfs/notes/plan.md', undefined],
      ['notes/plan.md', 'relative'],
    ]);
  });

  it('a folder is offered where a file is asked only while no file under it is known', () => {
    expect(suppliesFor(readNote, path, [], [vault], mulberry32(1)).map((s) => s.value)).toEqual([
      '/srv/pdfs',
    ]);
    expect(suppliesFor(readNote, path, listed, [vault], mulberry32(1)).map((s) => s.value)).not.toContain(
      '/srv/pdfs',
    );
  });
});

describe('argument synthesis: a relative name means the path under the folder it was listed in', () => {
  const root: GivenValue = {
    name: 'argv[1]',
    value: '/vault',
    origin: 'derived',
    source: 'argv[1]',
    kind: 'dir',
  };
  const readNote = {
    name: 'read_note',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  };
  const [path] = paramsOf(readNote);
  if (path === undefined) throw new Error('params');
  const names = (args: Record<string, unknown>) =>
    harvestResult({ obs: 0, tool: 'search_notes', args, result: text('{"notes":["Projects/Plan.md"]}') });

  it('listed with no folder named: as listed first, joined to the root only once that got no answer', () => {
    const pool = names({ query: 'plan' });
    expect(suppliesFor(readNote, path, pool, [root], mulberry32(1)).map((s) => s.value)).toEqual([
      '/vault',
      'Projects/Plan.md',
    ]);
    const failed = new Set(['Projects/Plan.md']);
    expect(suppliesFor(readNote, path, pool, [root], mulberry32(1), failed).map((s) => s.value)).toEqual([
      '/vault',
      'Projects/Plan.md',
      '/vault/Projects/Plan.md',
    ]);
  });

  it('listed by a call that named a folder: joined to that folder, never bare', () => {
    const pool = names({ path: '/vault/archive' });
    // Listed there, the file is known under the given folder: the folder is not offered for it.
    expect(suppliesFor(readNote, path, pool, [root], mulberry32(1)).map((s) => s.value)).toEqual([
      '/vault/archive/Projects/Plan.md',
    ]);
    // Its next form only once that got no answer.
    const failed = new Set(['Projects/Plan.md']);
    expect(suppliesFor(readNote, path, pool, [root], mulberry32(1), failed).map((s) => s.value)).toEqual([
      '/vault/archive/Projects/Plan.md',
      'archive/Projects/Plan.md',
    ]);
  });
});

describe('argument synthesis: a tree listing places each name under the entries it is nested in', () => {
  const readFile = {
    name: 'read_file',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  };
  const tree = harvestResult({
    obs: 0,
    tool: 'directory_tree',
    args: { path: '/srv/station' },
    result: text('[{"name":"data","children":[{"name":"sites.json"}]},{"name":"README.md"}]'),
  });
  const [path] = paramsOf(readFile);
  if (path === undefined) throw new Error('params');

  it('joins a nested name to the listed folder through its parents', () => {
    expect(tree.find((h) => h.value === 'sites.json')?.nest).toEqual(['data']);
    const station: GivenValue = {
      name: 'cwd',
      value: '/srv/station',
      origin: 'derived',
      source: 'cwd',
      kind: 'dir',
    };
    // The listed files are known under the given folder, so the folder is not offered to read one.
    expect(new Set(suppliesFor(readFile, path, tree, [station], mulberry32(1)).map((s) => s.value))).toEqual(
      new Set(['/srv/station/data/sites.json', '/srv/station/README.md']),
    );
  });

  it('offers a known file no other form where a folder is asked', () => {
    const listDir = { ...readFile, name: 'list_directory' };
    const files = harvestResult({
      obs: 0,
      tool: 'list_directory',
      args: { path: '/srv' },
      result: text('[FILE] a.md'),
    });
    const given: GivenValue[] = [
      { name: 'cwd', value: '/srv', origin: 'derived', source: 'cwd', kind: 'dir' },
    ];
    const failed = new Set(['/srv/a.md']);
    expect(
      new Set(suppliesFor(listDir, path, files, given, mulberry32(1), failed).map((s) => s.value)),
    ).toEqual(new Set(['/srv', '/srv/a.md']));
  });
});

describe('argument synthesis: a call about one file lists nothing under it', () => {
  it('a name from a call made with a file path is not joined to that file', () => {
    const info = harvestResult({
      obs: 0,
      tool: 'get_file_info',
      args: { path: '/srv/data/temps.csv' },
      result: text('{"name":"temps.csv","size":423}'),
    });
    const readFile = {
      name: 'read_file',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    };
    const [path] = paramsOf(readFile);
    if (path === undefined) throw new Error('params');
    const values = suppliesFor(readFile, path, info, [], mulberry32(1), new Set(['temps.csv'])).map(
      (s) => s.value,
    );
    expect(values).not.toContain('/srv/data/temps.csv/temps.csv');
  });
});

describe('argument synthesis: a decorated list item offers its name', () => {
  const context = {
    name: 'get_context',
    description: 'Get a symbol with its full code.',
    inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  };
  const overview = harvestResult({
    obs: 0,
    tool: 'project_overview',
    args: {},
    result: text(
      '## Most Connected Symbols\n- [function] addDays — 1 connections (/src/util/dates.ts)\n- [class] PlotRegistry — 1 connections (/src/plots.ts)',
    ),
  });

  it('the bare name comes just before the item as written, and is marked as another form', () => {
    const [name] = paramsOf(context);
    if (name === undefined) throw new Error('param');
    const supplies = suppliesFor(context, name, overview, [], mulberry32(1));
    const values = supplies.map((s) => s.value);
    for (const bare of ['addDays', 'PlotRegistry']) {
      const item = values.findIndex((v) => typeof v === 'string' && v.includes(`] ${bare} —`));
      expect(values.indexOf(bare)).toBe(item - 1);
    }
    expect(supplies.find((s) => s.value === 'addDays')).toMatchObject({ origin: 'harvest', form: 'name' });
  });
});

describe('argument synthesis: the more specific given folder first', () => {
  const log = {
    name: 'git_log',
    description: 'Shows the commit log of a repository.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  };
  const base: GivenValue = {
    name: 'GIT_BASE_DIR',
    value: '/srv/data',
    origin: 'derived',
    source: 'env GIT_BASE_DIR',
    kind: 'dir',
  };
  const repo: GivenValue = {
    name: 'cwd',
    value: '/srv/data/tide-tables',
    origin: 'derived',
    source: 'cwd',
    kind: 'dir',
  };
  const [path] = paramsOf(log);
  if (path === undefined) throw new Error('param');
  const first = (given: GivenValue[]) => suppliesFor(log, path, [], given, mulberry32(1))[0]?.value;

  it('a folder derived inside another derived folder (a repository under the base folder) fills the path first', () => {
    expect(first([base, repo])).toBe('/srv/data/tide-tables');
    expect(first([repo, base])).toBe('/srv/data/tide-tables');
  });

  it('a value the user gave still comes before every derived one', () => {
    const user: GivenValue = { name: 'repo', value: '/home/me/plots', origin: 'given', source: '--given' };
    expect(first([base, repo, user])).toBe('/home/me/plots');
  });
});
