import { describe, expect, it } from 'vitest';
import { libraryTask } from '../../../test/support/suite/tasks.js';
import { parallelValues, siblingValues } from './decoys.js';
import { keyAmongHostFacts } from './key-information.js';

/**
 * A description of the machine: a key in the same field as the host's own runtime or OS is the
 * host's too (mcp-cli's system information: `runtimes.node.version` was this machine's Node, and
 * `runtimes.python.version` was admitted as a key).
 */
const host = [
  { what: "the runtime's version", value: 'v20.20.2', machine: true },
  { what: "the kernel's release", value: '6.18.44-fc-v1272', machine: true },
  { what: 'the home folder', value: '/root' },
  { what: 'the value of DATA_DIR', value: '/srv/notes/inbox', unquoted: true },
];

const systemInfo = {
  success: true,
  data: {
    runtimes: {
      node: { version: 'v20.20.2', execPath: '/usr/bin/node' },
      python: { version: 'Python 3.11.7' },
    },
    folders: { home: { path: '/root' }, notes: { path: '/srv/notes/archive' } },
  },
};
const result = { content: [{ type: 'text' as const, text: JSON.stringify(systemInfo) }] };
const at = (pointer: string) => ({
  ...libraryTask('x1'),
  extract: { kind: 'pointer' as const, pointer, source: 'text-json' as const },
});

describe('parallelValues: the same field in parallel records of a keyed collection', () => {
  it('reads the other records of every object on the path, never the key’s own record', () => {
    expect(parallelValues(at('/data/runtimes/python/version'), result)).toEqual(['v20.20.2']);
    expect(parallelValues(at('/data/folders/notes/path'), result)).toEqual(['/root']);
    // The other fields of one record are its neighbours, not its siblings.
    expect(parallelValues(at('/data/runtimes/node/execPath'), result)).toEqual([]);
    // Arrays are siblingValues' part; a text extract has no path.
    expect(siblingValues(at('/data/runtimes/python/version'), result)).toEqual([]);
    expect(
      parallelValues({ ...at('/x'), extract: { kind: 'regex', pattern: 'x' } } as never, result),
    ).toEqual([]);
  });
});

describe('keyAmongHostFacts: a group holding the machine’s own facts describes the machine', () => {
  it('rejects a key beside the host’s runtime, naming what it sits beside', () => {
    const said = keyAmongHostFacts('Python 3.11.7', ['v20.20.2'], host);
    expect(said?.rule).toBe('key-environmental');
    expect(said?.detail).toContain('beside the runtime\'s version ("v20.20.2")');
  });
  it('a listing whose entry is the kernel release marks its siblings, in an array as in an object', () => {
    expect(keyAmongHostFacts('5.15.0-91', ['6.18.44-fc-v1272', '5.10.1'], host)?.rule).toBe(
      'key-environmental',
    );
  });
  it('a folder or a variable’s value among the siblings marks nothing: data may hold them', () => {
    expect(keyAmongHostFacts('/srv/notes/archive', ['/root', '/srv/notes/inbox'], host)).toBeUndefined();
  });
  it('nor does a platform word, a short number, or a version merely named inside a longer value', () => {
    const more = [
      ...host,
      { what: "the operating system's platform", value: 'linux', machine: true },
      { what: "the runtime's modules version", value: '115', machine: true },
    ];
    expect(keyAmongHostFacts('darwin', ['linux', 'win32'], more)).toBeUndefined();
    expect(keyAmongHostFacts('212', ['115', '98'], more)).toBeUndefined();
    expect(keyAmongHostFacts('left-pad 1.3.0', ['uses node v20.20.2 or later'], more)).toBeUndefined();
  });
  it('siblings that are data, or no machine facts at all, leave the key to the other rules', () => {
    expect(keyAmongHostFacts('Idris Vell', ['Parveen Ashdown', 'Maud Ferris'], host)).toBeUndefined();
    expect(
      keyAmongHostFacts(
        'Python 3.11.7',
        ['v20.20.2'],
        host.filter((f) => !f.machine),
      ),
    ).toBeUndefined();
  });
});
