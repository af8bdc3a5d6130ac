import { describe, expect, it } from 'vitest';
import { exploreWith } from '../../../test/support/suite/explore.js';
import type { ToolCaller, ToolSurface } from '../surface.js';
import { headNoun } from './fit.js';

/** Two projects that each keep a file of the same name, with different contents. */
const FILES: Record<string, Record<string, string>> = {
  herbarium: {
    'brief.md': '# Herbarium\n\n- Owner: Ines Marlow\n- Boxes: 57\n',
    'context.md': '# Context\n\n- Family: Rosaceae\n',
  },
  'tide-tables': {
    'brief.md': '# Tide tables\n\n- Owner: Dagny Lund\n- Ports: 14\n',
    'progress.md': '# Progress\n\n- Model: harmonic\n',
  },
};

const surface: ToolSurface = {
  tools: [
    {
      name: 'list_projects',
      description: 'Lists the projects',
      inputSchema: { type: 'object', properties: {} },
    },
    {
      name: 'list_project_files',
      description: 'Lists the files of a project',
      inputSchema: {
        type: 'object',
        properties: { projectName: { type: 'string' } },
        required: ['projectName'],
      },
    },
    {
      name: 'read_file',
      description: 'Reads a file of a project',
      inputSchema: {
        type: 'object',
        properties: { projectName: { type: 'string' }, fileName: { type: 'string' } },
        required: ['projectName', 'fileName'],
      },
    },
  ],
};

describe('explore/2: a name is known where it was listed', () => {
  it('reads a file name two projects both list once in each project', async () => {
    const calls: { name: string; args: Record<string, unknown> }[] = [];
    const text = (t: string) => ({
      kind: 'result' as const,
      result: { content: [{ type: 'text', text: t }] },
    });
    const caller: ToolCaller = async (name, args) => {
      calls.push({ name, args });
      if (name === 'list_projects') return text(Object.keys(FILES).join(','));
      const files = FILES[String(args.projectName)];
      if (files === undefined) return { kind: 'error', message: 'no such project' };
      if (name === 'list_project_files') return text(Object.keys(files).join(','));
      const body = files[String(args.fileName)];
      return body === undefined ? { kind: 'error', message: 'no such file' } : text(body);
    };
    const result = await exploreWith(surface, caller, { seed: 2, count: 40 });
    const reads = calls
      .filter((c) => c.name === 'read_file')
      .map((c) => `${c.args.projectName}/${c.args.fileName}`);
    expect(reads).toEqual(expect.arrayContaining(['herbarium/brief.md', 'tide-tables/brief.md']));
    const keys = result.candidates.map((c) => String(c.observedKey));
    expect(keys).toEqual(expect.arrayContaining(['Ines Marlow', 'Dagny Lund']));
  });
});

describe('headNoun', () => {
  it('is the last word before any preposition', () => {
    expect(headNoun('list_project_files')).toBe('files');
    expect(headNoun('listTablesInSchema')).toBe('tables');
    expect(headNoun('list_projects')).toBe('projects');
    expect(headNoun('search')).toBe('search');
  });
});
