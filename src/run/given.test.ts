import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configGiven, givenPair, resolveGiven } from './given.js';

const dir = mkdtempSync(join(tmpdir(), 'given-'));
mkdirSync(join(dir, 'share'));
writeFileSync(join(dir, 'db.sqlite'), '');
writeFileSync(join(dir, 'server.js'), '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('given context', () => {
  it('keeps --given pairs and derives existing paths from argv, env and cwd, never a secret or a script', () => {
    const given = resolveGiven(
      {
        kind: 'stdio',
        argv: ['node', join(dir, 'server.js'), '--db', 'db.sqlite', join(dir, 'share'), '/no/such/path'],
        env: { DATA_DIR: join(dir, 'share'), MODE: 'fast' },
        secretEnv: { TOKEN: join(dir, 'db.sqlite') },
        cwd: dir,
      },
      { repo_path: '/srv/repo' },
      [join(dir, 'db.sqlite')],
      '/',
    );
    expect(given).toEqual([
      { name: 'repo_path', value: '/srv/repo', origin: 'given', source: '--given' },
      { name: 'argv[3]', value: join(dir, 'db.sqlite'), origin: 'derived', source: 'argv[3]', kind: 'file' },
      { name: 'argv[4]', value: join(dir, 'share'), origin: 'derived', source: 'argv[4]', kind: 'dir' },
      { name: 'cwd', value: dir, origin: 'derived', source: 'cwd', kind: 'dir' },
    ]);
  });

  it('derives nothing for an HTTP target', () => {
    expect(
      resolveGiven(
        {
          kind: 'http',
          url: 'http://127.0.0.1:1/mcp',
          headers: {},
          publicHeaders: {},
          credential: 'anonymous',
        },
        {},
        [],
        '/',
      ),
    ).toEqual([]);
  });

  it('reads NAME=VALUE and an mcpServers entry\'s "given", and refuses a pair with no value', () => {
    expect(givenPair('repo_path=/srv/a=b')).toEqual(['repo_path', '/srv/a=b']);
    expect(() => givenPair('repo_path=')).toThrow(/--given needs NAME=VALUE/);
    expect(() => givenPair('=x')).toThrow(/--given needs NAME=VALUE/);
    const file = join(dir, 'mcp.json');
    writeFileSync(
      file,
      JSON.stringify({ mcpServers: { git: { command: 'git-mcp', given: { repo_path: '/srv/repo' } } } }),
    );
    expect(configGiven(file, 'git')).toEqual({ repo_path: '/srv/repo' });
    expect(configGiven(file, 'other')).toEqual({});
  });
});
