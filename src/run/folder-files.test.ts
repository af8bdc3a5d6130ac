import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderFiles } from './folder-files.js';
import { resolveGiven } from './given.js';

const dir = mkdtempSync(join(tmpdir(), 'folder-files-'));
const write = (path: string) => {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), 'x');
};
for (const f of ['tsconfig.json', 'src/plots.ts', 'src/rota/week.ts', 'server.js', 'token.txt'])
  write(`project/${f}`);
for (const f of ['.git/HEAD', 'node_modules/zod/index.js', '.env', 'a/b/c/d/deep.ts']) write(`project/${f}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the files of a folder the registration names', () => {
  it('are given values of the folder, named by their path in it: not its script, a secret, or hidden and dependency folders', () => {
    const project = join(dir, 'project');
    const given = resolveGiven(
      { kind: 'stdio', argv: ['node', join(project, 'server.js')], env: {}, secretEnv: {}, cwd: project },
      {},
      [join(project, 'token.txt')],
      '/',
    );
    expect(given.map((g) => [g.name, g.source, g.kind, g.in])).toEqual([
      ['cwd', 'cwd', 'dir', undefined],
      ['tsconfig.json', 'in cwd', 'file', 'cwd'],
      ['src/plots.ts', 'in cwd', 'file', 'cwd'],
      ['src/rota/week.ts', 'in cwd', 'file', 'cwd'],
    ]);
    expect(given[2]?.value).toBe(join(project, 'src/plots.ts'));
    expect(given.every((g) => g.origin === 'derived')).toBe(true);
  });

  it('lists a folder given with --given too, top-level files first, within its bounds', () => {
    const project = join(dir, 'project');
    const given = resolveGiven(
      {
        kind: 'http',
        url: 'http://127.0.0.1:1/mcp',
        headers: {},
        publicHeaders: {},
        credential: 'anonymous',
      },
      { repo: project },
      [],
      '/',
    );
    expect(given.filter((g) => g.in === 'repo').map((g) => g.name)).toEqual([
      'server.js',
      'token.txt',
      'tsconfig.json',
      'src/plots.ts',
      'src/rota/week.ts',
    ]);
    expect(folderFiles(project, { maxDepth: 0, maxEntries: 100, maxFiles: 2 })).toEqual([
      join(project, 'server.js'),
      join(project, 'token.txt'),
    ]);
    expect(folderFiles(join(dir, 'no-such-folder'))).toEqual([]);
  });
});
