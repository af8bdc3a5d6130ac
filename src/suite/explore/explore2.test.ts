import { describe, expect, it } from 'vitest';
import { exploreOptions } from '../../../test/support/suite/explore.js';
import { library, librarySurface } from '../../../test/support/suite/library.js';
import { admitCandidates } from '../admission/admit.js';
import type { GivenValue } from '../given.js';
import type { ToolCaller, ToolSurface } from '../surface.js';
import { type Explore2Options, explore2 } from './explore2.js';
import { ExploreTransportError } from './walk.js';

function setup(surface: ToolSurface, caller: ToolCaller, over: Partial<Explore2Options> = {}) {
  const options = exploreOptions(surface, caller, over);
  return { options, safety: options.safety };
}

async function onLibrary(seed: number, count = 60) {
  const surface = librarySurface();
  const lib = library();
  const { options, safety } = setup(surface, lib.caller, { seed, count });
  return { result: await explore2(options), lib, surface, safety };
}

describe('explore/2 on the library catalogue', () => {
  it('is deterministic for a seed', async () => {
    const a = await onLibrary(11);
    const b = await onLibrary(11);
    expect(b.result).toEqual(a.result);
    expect(b.lib.calls).toEqual(a.lib.calls);
  });

  it('calls only explorable tools and keeps a ledger that adds up', async () => {
    const { result, lib } = await onLibrary(1);
    const called = new Set(lib.calls.map((c) => c.name));
    expect(called.has('withdraw_book')).toBe(false);
    expect(called.has('add_note')).toBe(false);
    const ledger = result.ledger;
    expect(ledger.generator).toEqual({ name: 'explore', version: '2' });
    expect(ledger.calls).toBe(lib.calls.length);
    const byTool = new Map(ledger.tools.map((t) => [t.tool, t]));
    expect(byTool.get('withdraw_book')).toMatchObject({ explorable: false, calls: 0, basis: 'none' });
    expect(byTool.get('withdraw_book')?.skipped).toMatch(/^not explored:/);
    expect(byTool.get('get_book')).toMatchObject({ explorable: true, basis: 'declared' });
    expect(ledger.tools.reduce((a, t) => a + t.proposed, 0)).toBe(result.candidates.length);
  });

  it('chains list → get through $from and names the entry by a sibling, never by position', async () => {
    const { result } = await onLibrary(3, 200);
    const chained = result.candidates.filter((c) => c.plan.length === 2);
    expect(chained.length).toBeGreaterThan(0);
    for (const candidate of chained) {
      expect(candidate.plan[0]).toEqual({ tool: 'list_books', arguments: {} });
      expect(candidate.plan[1]?.arguments.id).toMatchObject({
        $from: { step: 0, pointer: expect.stringMatching(/^\/books\/\d\/id$/) },
      });
      expect(candidate.prompt).toMatch(/find the entry in books whose title is "/);
    }
    for (const candidate of result.candidates)
      expect(candidate.prompt).not.toMatch(/\b\d+(st|nd|rd|th) entry\b/);
  });

  it('asks for at most `count` candidates, spread across tools, with plain ids', async () => {
    const { result } = await onLibrary(5, 4);
    expect(result.candidates.map((c) => c.id)).toEqual(['x001', 'x002', 'x003', 'x004']);
    expect(new Set(result.candidates.map((c) => c.plan.at(-1)?.tool)).size).toBeGreaterThan(1);
  });

  it('produces candidates that survive admission, every key re-grounded and stable', async () => {
    const { result, surface, safety } = await onLibrary(9, 200);
    const entries = await admitCandidates(result.candidates, {
      surface,
      safety,
      allowDestructive: false,
      caller: library().caller,
    });
    const rejected = entries.flatMap((e) =>
      e.verdict.admitted ? [] : [`${e.id}: ${e.verdict.rule} ${e.verdict.detail}`],
    );
    expect(rejected).toEqual([]);
    expect(entries.length).toBeGreaterThanOrEqual(10);
    for (const entry of entries)
      if (entry.verdict.admitted)
        expect(entry.verdict.task.answerKey).toEqual(result.candidates[entry.seq]?.observedKey);
  });

  it('gives listing keys decoys at admission, so pasting the whole listing fails', async () => {
    const { result, surface, safety } = await onLibrary(2, 200);
    const listing = result.candidates.filter((c) => c.plan.length === 1 && c.plan[0]?.tool === 'list_books');
    expect(listing.length).toBeGreaterThan(0);
    const entries = await admitCandidates(listing, {
      surface,
      safety,
      allowDestructive: false,
      caller: library().caller,
    });
    for (const entry of entries) {
      if (!entry.verdict.admitted) throw new Error(`${entry.id} rejected`);
      const check = entry.verdict.task.check;
      expect(check.kind).toBe('contains');
      if (check.kind === 'contains') expect(check.decoys?.length ?? 0).toBeGreaterThan(0);
    }
  });

  it('never picks a value the server instructions already spell out', async () => {
    const surface = {
      ...librarySurface(),
      instructions: 'Our favourite: The Salt Cartographer by Ilse Marwood.',
    };
    const { options } = setup(surface, library().caller, { count: 200 });
    const result = await explore2(options);
    const keys = result.candidates.map((c) => String(c.observedKey));
    expect(keys).not.toContain('The Salt Cartographer');
    expect(keys).not.toContain('Ilse Marwood');
  });
});

/** A share of text files behind list/read tools that answer in prose, as a filesystem server does. */
function share(files: Record<string, string>): {
  surface: ToolSurface;
  caller: ToolCaller;
  calls: Record<string, unknown>[];
} {
  const calls: Record<string, unknown>[] = [];
  const surface: ToolSurface = {
    tools: [
      {
        name: 'list_directory',
        description: 'List the files and directories in a path.',
        inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      },
      {
        name: 'read_file',
        description: 'Read a file as text.',
        inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      },
      {
        name: 'write_file',
        description: 'Write a file.',
        inputSchema: {
          type: 'object',
          properties: { path: { type: 'string' }, content: { type: 'string' } },
          required: ['path', 'content'],
        },
      },
    ],
  };
  const text = (t: string, isError = false) => ({
    kind: 'result' as const,
    result: { content: [{ type: 'text', text: t }], ...(isError ? { isError } : {}) },
  });
  const caller: ToolCaller = async (name, args) => {
    calls.push({ name, ...args });
    const path = String(args.path ?? '');
    if (name === 'list_directory') {
      const names = new Set<string>();
      for (const file of Object.keys(files)) {
        if (!file.startsWith(`${path}/`)) continue;
        const rest = file.slice(path.length + 1);
        names.add(rest.includes('/') ? `[DIR] ${rest.split('/')[0]}` : `[FILE] ${rest}`);
      }
      return names.size === 0
        ? text(`ENOENT: no such directory ${path}`)
        : text([...names].sort().join('\n'));
    }
    if (name === 'read_file') {
      const content = files[path];
      if (content !== undefined) return text(content);
      return Object.keys(files).some((f) => f.startsWith(`${path}/`))
        ? text('EISDIR: illegal operation on a directory, read')
        : text(`ENOENT: no such file or directory, open '${path}'`);
    }
    return { kind: 'error', message: 'unknown tool', code: -32602 };
  };
  return { surface, caller, calls };
}

const given: GivenValue[] = [
  { name: 'argv[1]', value: '/srv/share', origin: 'derived', source: 'argv[1]', kind: 'dir' },
];

describe('explore/2 on a text-only share with no annotations', () => {
  const files = {
    '/srv/share/notes/inventory.txt': 'Owner: Ines Marlow\nStore room: Shed 4 east\n',
    '/srv/share/notes/deep/berths.md': '**Harbourmaster:** Oskar Brandt\n**Deep water berth:** Quay 3\n',
    '/srv/share/register.txt': 'Vessel: Morning Gannet\nCall sign: MGNT7\n',
  };

  it('walks listings from the given directory over several hops and reads the files, never writing', async () => {
    const fs = share(files);
    const { options } = setup(fs.surface, fs.caller, { given });
    const result = await explore2(options);
    const reads = fs.calls.filter((c) => c.name === 'read_file').map((c) => c.path);
    expect(reads).toEqual(expect.arrayContaining(Object.keys(files)));
    expect(fs.calls.some((c) => c.name === 'write_file')).toBe(false);
    const keys = result.candidates.map((c) => c.observedKey);
    expect(keys).toEqual(expect.arrayContaining(['Ines Marlow', 'Oskar Brandt', 'Quay 3', 'MGNT7']));
    const byTool = new Map(result.ledger.tools.map((t) => [t.tool, t]));
    expect(byTool.get('read_file')).toMatchObject({ basis: 'inferred', explorable: true });
    expect(byTool.get('write_file')).toMatchObject({ basis: 'none', explorable: false, calls: 0 });
    // The directory read (EISDIR) is an error text without isError: set aside, never a key.
    expect(byTool.get('read_file')?.discarded).toBeGreaterThan(0);
    expect(keys.some((k) => String(k).includes('EISDIR'))).toBe(false);
    for (const c of result.candidates)
      if (c.plan[0]?.tool === 'read_file') expect(c.prompt).toMatch(/with path "\/srv\/share\//);
  });

  it('without given context, says every call carried a generated path', async () => {
    const fs = share(files);
    const { options } = setup(fs.surface, fs.caller);
    const result = await explore2(options);
    expect(result.candidates).toEqual([]);
    const read = result.ledger.tools.find((t) => t.tool === 'read_file');
    expect(read?.generatedOnly).toEqual(['path']);
    expect(read?.skipped).toMatch(/no given or harvested value fitted path/);
    for (const call of fs.calls) {
      expect(String(call.path).length).toBeGreaterThan(0);
      expect(String(call.path).length).toBeLessThanOrEqual(64);
    }
  });
});

describe('explore/2 on hostile tools', () => {
  const surface: ToolSurface = {
    tools: [
      {
        name: 'get_tree',
        description: 'Get a tree.',
        inputSchema: {
          type: 'object',
          properties: { node: { $ref: '#/$defs/node' } },
          required: ['node'],
          $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
        },
      },
      {
        name: 'get_colour',
        description: 'Get a colour.',
        inputSchema: {
          type: 'object',
          properties: { name: { type: 'string', enum: Array.from({ length: 5000 }, (_, i) => `c${i}`) } },
          required: ['name'],
        },
      },
      { name: 'get_dump', description: 'Get the dump.', inputSchema: { type: 'object', properties: {} } },
      { name: 'get_status', description: 'Get the status.', inputSchema: { type: 'object', properties: {} } },
    ],
  };

  it('skips recursive and huge schemas and oversized results with the reason, and goes on', async () => {
    const calls: string[] = [];
    const caller: ToolCaller = async (name) => {
      calls.push(name);
      if (name === 'get_dump')
        return { kind: 'result', result: { content: [{ type: 'text', text: 'x'.repeat(2_000) }] } };
      return {
        kind: 'result',
        result: { content: [{ type: 'text', text: 'Status: harbour open\nTide gauge: GX-4471' }] },
      };
    };
    const { options } = setup(surface, caller, { maxResultChars: 1_000 });
    const result = await explore2(options);
    const byTool = new Map(result.ledger.tools.map((t) => [t.tool, t]));
    expect(byTool.get('get_tree')?.skipped).toMatch(/recursive \$ref/);
    expect(byTool.get('get_colour')?.skipped).toMatch(/an enum of 5000 values/);
    expect(byTool.get('get_dump')?.skipped).toMatch(/a result of 2000 characters/);
    expect(calls).not.toContain('get_tree');
    expect(calls).not.toContain('get_colour');
    expect(result.candidates.map((c) => c.observedKey)).toEqual(
      expect.arrayContaining(['harbour open', 'GX-4471']),
    );
  });

  it('stops with a typed error when the target stops answering, rather than reporting no candidates', async () => {
    const caller: ToolCaller = async () => ({
      kind: 'error',
      message: 'no response within 20000 ms',
      transport: 'timeout',
    });
    const { options } = setup(surface, caller);
    await expect(explore2(options)).rejects.toBeInstanceOf(ExploreTransportError);
    await expect(explore2(options)).rejects.toMatchObject({ code: 'EXPLORE_TRANSPORT', kind: 'timeout' });
  });
});
