import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exploreWith } from '../../../test/support/suite/explore.js';
import type { GivenValue } from '../given.js';
import type { ToolCaller, ToolSurface } from '../surface.js';
import { besideOutcome, inFailedEntry, listsNothing, repeatedAcrossCalls } from './answer-voice.js';
import { dataRoots, isHostPath } from './host-paths.js';

describe('inFailedEntry', () => {
  const doc = {
    message: 'read completed',
    files: [{ name: 'a.txt', size: 12 }],
    failed: [{ path: '/x', type: 'error', error: 'Path is not a file' }],
    nested: { result: { ok: false, detail: 'denied' } },
  };
  it('marks every value of an entry that says it failed, and nothing else', () => {
    expect(inFailedEntry(doc, ['failed', 0, 'error'])).toBe(true);
    expect(inFailedEntry(doc, ['failed', 0, 'type'])).toBe(true);
    expect(inFailedEntry(doc, ['nested', 'result', 'detail'])).toBe(true);
    expect(inFailedEntry(doc, ['files', 0, 'name'])).toBe(false);
    expect(inFailedEntry(doc, ['message'])).toBe(false);
    expect(inFailedEntry(doc, ['missing', 0])).toBe(false);
  });
});

describe('repeatedAcrossCalls', () => {
  const call = (args: Record<string, unknown>, value: unknown) => ({
    tool: { name: 'read_files' },
    args,
    result: { content: [], structuredContent: value as Record<string, unknown> },
  });
  it('is a value the tool repeats at one place while the rest of its answer changes', () => {
    const a = call({ paths: ['a'] }, { message: 'Read completed', size: 12 });
    const b = call({ paths: ['b'] }, { message: 'Read completed', size: 40 });
    const repeated = repeatedAcrossCalls([a, b]);
    expect(repeated(a, '/message', 'Read completed')).toBe(true);
    expect(repeated(a, '/size', 12)).toBe(false);
  });
  it('is not a lookup whose whole answer ignores its arguments: that is for the random-arguments null', () => {
    const a = call({ id: 1 }, { title: 'Copper Diving Helmet' });
    const b = call({ id: 2 }, { title: 'Copper Diving Helmet' });
    expect(repeatedAcrossCalls([a, b])(a, '/title', 'Copper Diving Helmet')).toBe(false);
  });
});

describe('listsNothing', () => {
  const own = 'List all tables {"properties":{"schema":{"type":"string","default":"main"}}}';
  it('is a listing whose lists are all empty and whose other values the request or the tool already say', () => {
    expect(listsNothing({ success: true, schema: 'main', tables: [] }, own, {})).toBe(true);
    expect(listsNothing({ count: 0, items: [], next: null }, own, {})).toBe(true);
    expect(listsNothing({ table: 'voyages', rows: [] }, own, { table: 'voyages' })).toBe(true);
  });
  it('is not an answer with an entry, a value of its own, or no list at all', () => {
    expect(listsNothing({ tables: ['voyages'] }, own, {})).toBe(false);
    expect(listsNothing({ name: 'Ines Marlow', tags: [] }, own, {})).toBe(false);
    expect(listsNothing({ total: 12, items: [] }, own, {})).toBe(false);
    expect(listsNothing({ success: true, schema: 'main' }, own, {})).toBe(false);
  });
});

describe('isHostPath', () => {
  const given: GivenValue[] = [
    { name: 'argv[2]', value: '/srv/data', origin: 'derived', source: 'argv[2]', kind: 'dir' },
    { name: 'argv[1]', value: '/opt/server/index.js', origin: 'derived', source: 'argv[1]', kind: 'file' },
  ];
  const roots = dataRoots(given);
  const onHost = new Set(['/root', '/tmp', '/srv', '/srv/database', '/opt/server']);
  const exists = (p: string) => onHost.has(p);
  it('is a path that exists here outside every place the registration names', () => {
    expect(isHostPath('/root', roots, exists)).toBe(true);
    expect(isHostPath('file:///tmp', roots, exists)).toBe(true);
    // A parent of the data, a sibling that merely shares its prefix, a file root's folder.
    expect(isHostPath('/srv', roots, exists)).toBe(true);
    expect(isHostPath('/srv/database', roots, exists)).toBe(true);
    expect(isHostPath('/opt/server', roots, exists)).toBe(true);
  });
  it('is never the data, a server-side virtual path, or anything when nothing is named', () => {
    expect(isHostPath('/srv/data', roots, exists)).toBe(false);
    expect(isHostPath('/srv/data/notes/a.md', roots, exists)).toBe(false);
    expect(isHostPath('/opt/server/index.js', roots, exists)).toBe(false);
    expect(isHostPath('/notes/a.md', roots, exists)).toBe(false);
    expect(isHostPath('notes/a.md', roots, exists)).toBe(false);
    expect(isHostPath('/root', dataRoots([]), exists)).toBe(false);
  });
});

/** A small file server: allowed folders (the host's defaults beside the data), file info, reads. */
function fileServer(data: string) {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  const text = (value: unknown) => ({
    kind: 'result' as const,
    result: { content: [{ type: 'text', text: JSON.stringify(value) }] },
  });
  const caller: ToolCaller = async (name, args) => {
    calls.push({ name, args });
    const path = String(args.path ?? '');
    if (name === 'list_allowed') return text({ allowed: ['/root', '/tmp', data], version_tag: 'fsrv' });
    if (name === 'list_dir') return text({ entries: path === data ? ['harbour.txt', 'tides.txt'] : [] });
    if (name === 'file_info') {
      const known: Record<string, number> = {
        [join(data, 'harbour.txt')]: 4821,
        [join(data, 'tides.txt')]: 7310,
      };
      const size = known[path];
      return text(
        size === undefined
          ? { status: 'Info lookup finished', failed: [{ path, error: `Not found under ${path}` }] }
          : { status: 'Info lookup finished', size, owner: size === 4821 ? 'Marit Olsen' : 'Kenji Sato' },
      );
    }
    return { kind: 'error' as const, message: `no tool ${name}` };
  };
  return { caller, calls };
}

const surface: ToolSurface = {
  tools: [
    {
      name: 'list_allowed',
      description: 'Lists the allowed folders',
      inputSchema: { type: 'object', properties: {} },
    },
    {
      name: 'list_dir',
      description: 'Lists the files in a folder',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    },
    {
      name: 'file_info',
      description: 'Gets information about a file',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    },
  ],
};

describe('explore/2 on a server whose data is empty', () => {
  it('counts listings that list nothing as the server saying so, not as usable answers', async () => {
    const empty: ToolSurface = {
      tools: [
        {
          name: 'list_tables',
          description: 'List all tables',
          inputSchema: { type: 'object', properties: { schema: { type: 'string', default: 'main' } } },
        },
      ],
    };
    const caller: ToolCaller = async () => ({
      kind: 'result',
      result: {
        content: [{ type: 'text', text: JSON.stringify({ success: true, schema: 'main', tables: [] }) }],
      },
    });
    const result = await exploreWith(empty, caller, { count: 10 });
    const tool = result.ledger.tools.find((t) => t.tool === 'list_tables');
    expect(tool?.calls).toBeGreaterThan(0);
    expect(tool?.emptyState).toBe(tool?.calls);
    expect(result.candidates).toEqual([]);
  });
});

describe('explore/2 on a search it can only feed made-up words', () => {
  it('does not take "no results" to a generated query for the server holding nothing', async () => {
    const search: ToolSurface = {
      tools: [
        {
          name: 'search_notes',
          description: 'Searches the notes',
          inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
        },
      ],
    };
    const caller: ToolCaller = async (_name, args) => ({
      kind: 'result',
      result: { content: [{ type: 'text', text: JSON.stringify({ query: args.query, results: [] }) }] },
    });
    const result = await exploreWith(search, caller, { count: 10 });
    const tool = result.ledger.tools.find((t) => t.tool === 'search_notes');
    expect(tool?.calls).toBeGreaterThan(0);
    expect(tool?.discarded).toBe(tool?.calls);
    expect(tool?.emptyState ?? 0).toBe(0);
  });
});

describe('explore/2 reads the call, not only the data', () => {
  const data = mkdtempSync(join(tmpdir(), 'fr-voice-'));
  writeFileSync(join(data, 'harbour.txt'), 'x');
  afterAll(() => rmSync(data, { recursive: true, force: true }));

  async function explore() {
    const server = fileServer(data);
    const given: GivenValue[] = [
      { name: 'argv[1]', value: data, origin: 'derived', source: 'argv[1]', kind: 'dir' },
    ];
    const result = await exploreWith(surface, server.caller, { seed: 3, given });
    return { result, calls: server.calls };
  }

  it('never follows a folder of this machine outside the data', async () => {
    const { result, calls } = await explore();
    const paths = calls.map((c) => String(c.args.path ?? ''));
    expect(paths).toContain(data);
    // The data folder itself lies under the system's temporary folder: only exactly the host's own.
    expect(paths.filter((p) => p === '/root' || p === '/tmp' || p.startsWith('/root/'))).toEqual([]);
    const tools = result.ledger.tools.map((t) => t.tool);
    expect(tools).toContain('list_allowed');
    const keys = result.candidates.map((c) => c.observedKey);
    expect(keys).not.toContain('/root');
  });

  it("keeps data keys, but no status line a tool repeats for other arguments and no failed entry's text", async () => {
    const { result } = await explore();
    const keys = result.candidates.map((c) => String(c.observedKey));
    expect(keys).toEqual(expect.arrayContaining(['4821', 'Marit Olsen', 'Kenji Sato']));
    expect(keys).not.toContain('Info lookup finished');
    expect(keys.some((k) => k.startsWith('Not found'))).toBe(false);
  });
});

describe('a text beside an outcome flag', () => {
  const answer = {
    success: true,
    message: 'Directory listing retrieved successfully',
    data: { files: ['README.md', 'notes'], message: 'kept: no flag beside it' },
  };
  it('is the tool’s word on the call; what sits apart from the flag is data', () => {
    expect(besideOutcome(answer, ['message'])).toBe(true);
    expect(besideOutcome(answer, ['data', 'files', 0])).toBe(false);
    expect(besideOutcome(answer, ['data', 'message'])).toBe(false);
    expect(besideOutcome({ ok: false, msg: 'x' }, ['msg'])).toBe(true);
    // A record's own fields beside the flag are data.
    expect(besideOutcome({ ok: true, title: 'Tide tables', message: 'Saved' }, ['title'])).toBe(false);
    // A flag that is not boolean is a field like any other.
    expect(besideOutcome({ success: 'yes', message: 'x' }, ['message'])).toBe(false);
  });
});
