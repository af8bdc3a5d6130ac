import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { exploreWith } from '../../../test/support/suite/explore.js';
import { text } from '../../../test/support/suite/facts.js';
import type { GivenValue } from '../given.js';
import type { ToolCaller, ToolSurface } from '../surface.js';
import { COMPUTE_CALLS } from './last-resort.js';

const surface: ToolSurface = {
  tools: [
    {
      name: 'hash',
      description: 'Compute the digest of a string',
      inputSchema: { type: 'object', properties: { input: { type: 'string' } }, required: ['input'] },
    },
    {
      name: 'get_blob',
      description: 'Get the stored attachment',
      inputSchema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
    },
  ],
};

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const blob = Buffer.from('the stored attachment, in base64, longer than thirty-two characters').toString(
  'base64',
);

describe('explore/2 on a tool that computes from its arguments', () => {
  it('calls it with several made-up inputs, and its digest is a key; a stored blob is not', async () => {
    const inputs: string[] = [];
    const caller: ToolCaller = async (name, args) => {
      if (name === 'get_blob') return { kind: 'result', result: text(blob) };
      inputs.push(String(args.input));
      return { kind: 'result', result: text(`{"algorithm":"sha256","digest":"${sha(String(args.input))}"}`) };
    };
    const result = await exploreWith(surface, caller);
    expect(new Set(inputs).size).toBe(COMPUTE_CALLS);
    const keys = result.candidates.map((c) => c.observedKey);
    expect(keys).toEqual(expect.arrayContaining(inputs.map(sha)));
    expect(keys).not.toContain(blob);
    const getBlob = result.ledger.tools.find((t) => t.tool === 'get_blob');
    expect(getBlob?.skipped).toMatch(/an encoded blob/);
  });
});

describe('explore/2 on tools whose names do not say they compute', () => {
  const tools: ToolSurface = {
    tools: [
      {
        name: 'days_in_month',
        description: 'Get the number of days in a month',
        inputSchema: { type: 'object', properties: { month: { type: 'string' } }, required: ['month'] },
      },
      {
        name: 'get_note',
        description: 'Get a note by its title',
        inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
      },
    ],
  };

  it('one that answers a made-up input computes from it and gets more; one that finds nothing gets one', async () => {
    const calls: { name: string; args: Record<string, unknown> }[] = [];
    const caller: ToolCaller = async (name, args) => {
      calls.push({ name, args });
      if (name === 'get_note')
        return { kind: 'result', result: { ...text('Note not found'), isError: true } };
      return {
        kind: 'result',
        result: text(`${String(args.month)} has ${28 + String(args.month).length} days`),
      };
    };
    await exploreWith(tools, caller);
    expect(calls.filter((c) => c.name === 'days_in_month')).toHaveLength(COMPUTE_CALLS);
    expect(calls.filter((c) => c.name === 'get_note')).toHaveLength(1);
  });
});

describe('explore/2 on a server reached only through a search', () => {
  const notes: Record<string, string> = {
    'Harbour/Tide tables.md': 'Harbourmaster: Oskar Brandt\nDeep water berth: Quay 3',
    'Storm procedures.md': 'Cancellation threshold: Beaufort 8\nOwner: Ines Marlow',
  };
  const surface: ToolSurface = {
    tools: [
      {
        name: 'search_notes',
        description: 'Searches for a note by its name; matches partial names',
        inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      },
      {
        name: 'read_notes',
        description: 'Read the contents of multiple notes',
        inputSchema: {
          type: 'object',
          properties: { paths: { type: 'array', items: { type: 'string' } } },
          required: ['paths'],
        },
      },
    ],
  };

  it('asks the search for what most text holds, then follows what it found', async () => {
    const queries: string[] = [];
    const caller: ToolCaller = async (name, args) => {
      if (name === 'search_notes') {
        const q = String(args.query).toLowerCase();
        queries.push(q);
        const hits = Object.keys(notes).filter((n) => n.toLowerCase().includes(q));
        return { kind: 'result', result: text(hits.length === 0 ? 'No matches found' : hits.join('\n')) };
      }
      const paths = Array.isArray(args.paths) ? args.paths.map(String) : [];
      return {
        kind: 'result',
        result: text(paths.map((p) => notes[p] ?? `${p}: Error - not found`).join('\n')),
      };
    };
    const result = await exploreWith(surface, caller);
    expect(queries[0]).toBe('e');
    const keys = result.candidates.map((c) => c.observedKey);
    expect(keys).toEqual(expect.arrayContaining(['Oskar Brandt', 'Ines Marlow']));
  });
});

describe('explore/2 on answers canonical JSON cannot hold', () => {
  it('a session id YAML reads as infinite and a lone surrogate are compared, never a crash', async () => {
    const surface: ToolSurface = {
      tools: [
        {
          name: 'get_session',
          description: 'Get a session',
          inputSchema: { type: 'object', properties: { topic: { type: 'string' } } },
        },
      ],
    };
    let n = 0;
    const caller: ToolCaller = async () => {
      n++;
      return {
        kind: 'result',
        result: text(
          n % 2 === 0
            ? `Session ID: 8e41234${n}\nsession:\n  owner: Ines Marlow\n  topic: Tide tables`
            : `{"name": "\\ud800broken", "owner": "Oskar Brandt", "size": ${n}}`,
        ),
      };
    };
    const result = await exploreWith(surface, caller);
    const keys = result.candidates.map((c) => c.observedKey);
    expect(keys).not.toContain(Number.POSITIVE_INFINITY);
    expect(keys.every((k) => typeof k !== 'string' || !/[\uD800-\uDFFF]/u.test(k))).toBe(true);
  });
});

/** A listing of projects and a search over one project's chunks. */
const projectSearch = (): ToolSurface['tools'] => [
  {
    name: 'list_projects',
    description: 'List the projects',
    inputSchema: { type: 'object', properties: {} },
  },
  {
    name: 'search_chunks',
    description: 'Search the chunks of a project by their text',
    inputSchema: {
      type: 'object',
      properties: { project: { type: 'string' }, query: { type: 'string' } },
      required: ['project', 'query'],
    },
  },
];

describe('explore/2 on a search that finds nothing for a listed term', () => {
  it('says nothing matched, never that the server holds nothing', async () => {
    const surface: ToolSurface = { tools: projectSearch() };
    const caller: ToolCaller = async (name) =>
      name === 'list_projects'
        ? { kind: 'result', result: text('[{"name": "shore-birds", "chunks": 12}]') }
        : { kind: 'result', result: text('{"project": "shore-birds", "results": []}') };
    const result = await exploreWith(surface, caller);
    const search = result.ledger.tools.find((t) => t.tool === 'search_chunks');
    expect(search?.calls).toBeGreaterThan(0);
    expect(search?.skipped).not.toMatch(/holds nothing/);
    expect(result.ledger.tools.some((t) => /holds nothing/.test(t.skipped ?? ''))).toBe(false);
  });
});

describe('explore/2 on a search that found nothing for any term it was given', () => {
  it('asks it the broad terms with the known project kept, then follows the ids it found', async () => {
    const chunks: Record<string, string> = {
      'dunlin-01': 'The dunlin feeds on the mudflats at low tide.',
      'knot-02': 'Red knots gather in large flocks each autumn.',
    };
    const surface: ToolSurface = {
      tools: [
        ...projectSearch(),
        {
          name: 'get_chunk',
          description: 'Get one chunk of a project by its id',
          inputSchema: {
            type: 'object',
            properties: { project: { type: 'string' }, id: { type: 'string' } },
            required: ['project', 'id'],
          },
        },
      ],
    };
    const asked: string[] = [];
    const caller: ToolCaller = async (name, args) => {
      if (name === 'list_projects')
        return { kind: 'result', result: text('[{"name": "shore-birds", "chunks": 2}]') };
      if (args.project !== 'shore-birds')
        return { kind: 'error', message: `Project "${String(args.project)}" not found` };
      if (name === 'search_chunks') {
        const q = String(args.query);
        asked.push(q);
        const hits = Object.entries(chunks).filter(([, t]) => t.includes(q));
        return {
          kind: 'result',
          result: text(JSON.stringify({ found: hits.length, results: hits.map(([id]) => ({ id })) })),
        };
      }
      const found = chunks[String(args.id)];
      return found === undefined
        ? { kind: 'error', message: `Chunk "${String(args.id)}" not found` }
        : { kind: 'result', result: text(JSON.stringify({ id: args.id, text: found })) };
    };
    const result = await exploreWith(surface, caller);
    expect(asked[0]).toBe('shore-birds');
    expect(asked).toContain('e');
    const keys = result.candidates.map((c) => c.observedKey);
    expect(keys).toEqual(expect.arrayContaining([chunks['dunlin-01']]));
  });
});

describe('explore/2 on a search that failed with an optional narrowing argument', () => {
  it('asks the broad term with only the arguments it requires', async () => {
    const folder = '/srv/vaults/field-notes';
    const surface: ToolSurface = {
      tools: [
        {
          name: 'list_vaults',
          description: 'List the available vaults',
          inputSchema: { type: 'object', properties: {} },
        },
        {
          name: 'search_vault',
          description: 'Search the notes of a vault',
          inputSchema: {
            type: 'object',
            properties: {
              vault: { type: 'string' },
              query: { type: 'string' },
              path: { type: 'string', description: 'Optional subfolder within the vault' },
            },
            required: ['vault', 'query'],
          },
        },
      ],
    };
    const sent: Record<string, unknown>[] = [];
    const caller: ToolCaller = async (name, args) => {
      if (name === 'list_vaults')
        return { kind: 'result', result: text('Available vaults:\n  - field-notes') };
      sent.push(args);
      if (args.path !== undefined)
        return { kind: 'error', message: `Directory not found: ${String(args.path)}` };
      const hits = ['Dunlin survey: 48 birds at Saltmere'].filter((n) => n.includes(String(args.query)));
      return { kind: 'result', result: text(hits.length === 0 ? 'No matches found' : hits.join('\n')) };
    };
    const given: GivenValue[] = [
      { name: 'vault_dir', value: folder, origin: 'derived', source: 'cwd', kind: 'dir' },
    ];
    const result = await exploreWith(surface, caller, { given });
    expect(sent.some((a) => a.path === folder)).toBe(true);
    expect(sent).toContainEqual({ vault: 'field-notes', query: 'e' });
    expect(result.ledger.tools.find((t) => t.tool === 'search_vault')?.candidates).toBeGreaterThan(0);
  });
});
