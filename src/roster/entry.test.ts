import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRoster } from './entry.js';
import { ENTRY_NAME_MAX, entryFolder } from './entry-name.js';
import { runOptionsFor } from './job.js';
import { entryGiven, entryTarget, serveCommand } from './target.js';

const dollar = (name: string) => ['${', name, '}'].join('');

describe('a roster is an mcpServers file with optional roster fields', () => {
  it('parses each entry on its own: one bad entry is reported by name, the rest stay', () => {
    const parsed = parseRoster(
      {
        mcpServers: {
          good: { command: 'node', args: ['a.js'], attempts: 2, given: { repo: '/x' }, readOnly: ['list'] },
          both: { command: 'node', url: 'http://127.0.0.1:1/mcp' },
          neither: { env: {} },
          sse: { type: 'sse', url: 'http://127.0.0.1:1/sse' },
          serveNoUrl: { command: 'node', serve: { command: 'node' } },
          badRun: { command: 'node', run: { tasks: 'many' } },
          unknownRun: { command: 'node', run: { taskz: 3 } },
        },
      },
      'r.json',
    );
    if ('fault' in parsed) throw new Error(parsed.fault);
    expect(parsed.entries.map((e) => e.name)).toEqual(['good']);
    expect(Object.fromEntries(parsed.errors.map((e) => [e.name, e.message]))).toEqual({
      both: 'entry: needs exactly one of "command" or "url"',
      neither: 'entry: needs exactly one of "command" or "url"',
      sse: 'type: the deprecated HTTP+SSE transport is not supported',
      serveNoUrl: 'serve: "serve" needs the "url" it will answer on',
      badRun: 'run.tasks: Invalid input: expected number, received string',
      unknownRun: 'run: Unrecognized key: "taskz"',
    });
    expect(parseRoster({ other: 1 }, 'r.json')).toEqual({ fault: 'r.json: no "mcpServers" entries' });
    expect(parseRoster([], 'r.json')).toEqual({ fault: 'r.json: not an mcpServers object' });
  });

  it('expands the job’s port, data copy and roster folder; a stdio entry runs in the roster folder', () => {
    const rosterDir = mkdtempSync(join(tmpdir(), 'roster-'));
    const file = join(rosterDir, 'r.json');
    const stdio = entryTarget(
      'fs',
      { command: 'node', args: ['server.js', dollar('DATA')], env: { KEY: dollar('SECRET_X') } },
      file,
      { SECRET_X: 'value' },
      { rosterDir, data: '/tmp/copy/harbour' },
    );
    expect(stdio).toEqual({
      kind: 'stdio',
      argv: ['node', 'server.js', '/tmp/copy/harbour'],
      env: {},
      // A variable whose name says key is a secret (scrubbed from tapes), sent all the same.
      secretEnv: { KEY: 'value' },
      cwd: rosterDir,
    });
    const http = entryTarget(
      'h',
      { url: `http://127.0.0.1:${dollar('PORT')}/mcp` },
      file,
      {},
      { rosterDir, port: 4321 },
    );
    expect(http).toMatchObject({ kind: 'http', url: 'http://127.0.0.1:4321/mcp' });
    const serve = serveCommand(
      'h',
      {
        command: 'node',
        args: ['s.js', '--port', dollar('PORT')],
        env: { PORT: dollar('PORT') },
        readyTimeoutMs: 100,
      },
      file,
      {},
      {
        rosterDir,
        port: 4321,
      },
    );
    expect(serve).toEqual({
      argv: ['node', 's.js', '--port', '4321'],
      env: { PORT: '4321' },
      cwd: rosterDir,
    });
    expect(() => entryTarget('x', { command: dollar('NOPE') }, file, {}, { rosterDir })).toThrow(
      /needs environment variable NOPE/,
    );
  });

  it('an entry’s run options win over the roster’s, and its given context and assertions are forwarded', () => {
    const options = runOptionsFor(
      {
        command: 'node',
        credential: 'free-key',
        given: { repo: '/r' },
        readOnly: ['list_x'],
        run: { tasks: 8, reps: { drive: 1 } },
      },
      { tasks: 16, seed: 3, reps: { nulls: 2 } },
    );
    expect(options).toEqual({
      tasks: 8,
      seed: 3,
      reps: { nulls: 2, drive: 1 },
      credential: 'free-key',
      given: { repo: '/r' },
      readOnly: ['list_x'],
    });
  });

  it('an entry’s run is read through the settings schema’s fields: its ranges, its messages, no defaults', () => {
    const parsed = parseRoster(
      {
        mcpServers: {
          old: { command: 'node', run: { repsNulls: 2, repsDrive: 1, tasks: 8 } },
          both: { command: 'node', run: { repsDrive: 1, reps: { drive: 4 } } },
          bare: { command: 'node', run: {} },
          low: { command: 'node', run: { reps: { construct: 0 } } },
          fewTasks: { command: 'node', run: { tasks: 0 } },
          noExtensions: { command: 'node', run: { extensions: -1 } },
          oldGenerator: { command: 'node', run: { generator: 'explore/1' } },
        },
      },
      'r.json',
    );
    if ('fault' in parsed) throw new Error(parsed.fault);
    const run = Object.fromEntries(parsed.entries.map((e) => [e.name, e.entry.run]));
    // The old flat names are migrated on read; `reps` given as well wins.
    expect(run).toEqual({
      old: { tasks: 8, reps: { nulls: 2, drive: 1 } },
      both: { reps: { drive: 4 } },
      bare: {},
    });
    expect(Object.fromEntries(parsed.errors.map((e) => [e.name, e.message]))).toEqual({
      low: 'run.reps.construct: must be an integer ≥ 1, got 0',
      fewTasks: 'run.tasks: must be an integer ≥ 1, got 0',
      noExtensions: 'run.extensions: must be an integer ≥ 0, got -1',
      oldGenerator: expect.stringMatching(/^run\.generator: /),
    });
  });

  it('a given value names the job’s data copy and environment, and a missing variable is named', () => {
    const file = '/r/roster.json';
    const places = { rosterDir: '/r', data: '/tmp/copy/sheets' };
    const given = entryGiven(
      'excel',
      { fileAbsolutePath: `${dollar('DATA')}/budget.xlsx`, owner: dollar('WHO'), plain: 'kept' },
      file,
      { WHO: 'ana' },
      places,
    );
    expect(given).toEqual({ fileAbsolutePath: '/tmp/copy/sheets/budget.xlsx', owner: 'ana', plain: 'kept' });
    expect(() => entryGiven('excel', { x: dollar('NOPE') }, file, {}, places)).toThrow(
      /server 'excel' needs environment variable NOPE/,
    );
  });

  it('a given value may not name a secret variable (a worker --allow-env value): refused by name, never by value', () => {
    const places = { rosterDir: '/r', data: '/tmp/copy' };
    const env = { TOKEN: 'token-value-12345678', WHO: 'ana' };
    const given = { file: `${dollar('DATA')}/a.txt`, token: `x-${dollar('TOKEN')}` };
    let message = '';
    try {
      entryGiven('srv', given, '/r/roster.json', env, places, ['TOKEN']);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toBe(
      `/r/roster.json: server 'srv' given 'token' names ${dollar('TOKEN')}, a secret: a given value is shown to the agent and recorded, so it cannot carry one`,
    );
    expect(message).not.toContain('token-value-12345678');
    // The same entry in a local roster (no secret variables), and a non-secret variable beside a secret one.
    expect(entryGiven('srv', given, '/r/roster.json', env, places)).toEqual({
      file: '/tmp/copy/a.txt',
      token: 'x-token-value-12345678',
    });
    expect(entryGiven('srv', { who: dollar('WHO') }, '/r/roster.json', env, places, ['TOKEN'])).toEqual({
      who: 'ana',
    });
  });
});

describe('entry names before they touch the file system', () => {
  it('a name over the bound or blank is its own entry error; the others stay', () => {
    const long = 'x'.repeat(5000);
    const parsed = parseRoster(
      { mcpServers: { [long]: { command: 'node' }, ' ': { command: 'node' }, ok: { command: 'node' } } },
      'r.json',
    );
    if ('fault' in parsed) throw new Error(parsed.fault);
    expect(parsed.entries.map((e) => e.name)).toEqual(['ok']);
    expect(parsed.errors).toEqual([
      { name: long, message: `its name is 5000 characters long; at most ${ENTRY_NAME_MAX} are allowed` },
      { name: ' ', message: 'the entry needs a name that is not blank' },
    ]);
    const atBound = parseRoster(
      { mcpServers: { ['y'.repeat(ENTRY_NAME_MAX)]: { command: 'node' } } },
      'r.json',
    );
    expect('fault' in atBound ? [] : atBound.entries).toHaveLength(1);
  });

  it('a folder name is a short slug and a hash: no separator, no `..`, different for different names', () => {
    for (const name of [
      'x'.repeat(ENTRY_NAME_MAX),
      '../../etc/passwd',
      'a/b\\c\u0000d',
      'ÉÉÉ',
      '..',
      'Acme Files',
    ])
      expect(entryFolder(name), name).toMatch(/^[a-z0-9-]{1,48}-[0-9a-f]{8}$/);
    expect(entryFolder('Acme Files')).toMatch(/^acme-files-/);
    expect(entryFolder('acme files')).not.toBe(entryFolder('Acme Files'));
  });

  it('two names with one folder name never share it: the later entry is an error naming the earlier', () => {
    // Found by search: both slug to `x` and their sha256 starts with the same 8 hex digits.
    const [a, b] = ['x!@.?', 'x.~+!~!'];
    expect(entryFolder(a)).toBe(entryFolder(b));
    const parsed = parseRoster(
      { mcpServers: { [a]: { command: 'node' }, [b]: { command: 'node' } } },
      'r.json',
    );
    if ('fault' in parsed) throw new Error(parsed.fault);
    expect(parsed.entries.map((e) => e.name)).toEqual([a]);
    expect(parsed.errors).toEqual([
      {
        name: b,
        message: `its folder name ${entryFolder(a)} is the same as the entry "${a}"'s: rename one of them`,
      },
    ]);
  });
});
