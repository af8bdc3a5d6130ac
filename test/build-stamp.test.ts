import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staleReason, writeStamp } from '../scripts/build-stamp.js';

/** `npm test` skips the build only when dist/ is what a build of the same inputs left (scripts/build-stamp.js). */
describe('the build stamp', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  /** A checkout in miniature: a source, a server, a lockfile, and the dist/ a build left. */
  function built(): string {
    const root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
    roots.push(root);
    for (const dir of ['src/run', 'examples/servers', 'dist/run'])
      mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, 'src/run/a.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'examples/servers/thin.js'), '// a server\n');
    writeFileSync(join(root, 'package-lock.json'), '{}\n');
    writeFileSync(join(root, 'dist/run/a.js'), 'export const a = 1;\n');
    writeStamp(root);
    return root;
  }

  it('holds right after the build, and through an edit to a test file, which no build reads', () => {
    const root = built();
    expect(staleReason(root)).toBeUndefined();
    writeFileSync(join(root, 'src/run/a.test.ts'), 'it("x", () => {});\n');
    expect(staleReason(root)).toBeUndefined();
  });

  it.each([
    ['a source edited', 'src/run/a.ts', 'export const a = 2;\n'],
    ['a source added', 'src/run/b.ts', 'export const b = 1;\n'],
    ['a planted server edited', 'examples/servers/thin.js', '// another server\n'],
    ['the lockfile changed', 'package-lock.json', '{"lockfileVersion":3}\n'],
  ])('is stale once %s', (_, file, text) => {
    const root = built();
    writeFileSync(join(root, file), text);
    expect(staleReason(root)).toMatch(/changed since the last build/);
  });

  it('is stale once dist/ is edited, added to or emptied, and when there is no stamp', () => {
    const edited = built();
    writeFileSync(join(edited, 'dist/run/a.js'), 'export const a = 3;\n');
    expect(staleReason(edited)).toBe('dist/ changed since the last build');
    const added = built();
    writeFileSync(join(added, 'dist/run/old.js'), '\n');
    expect(staleReason(added)).toBe('dist/ changed since the last build');
    const emptied = built();
    rmSync(join(emptied, 'dist/run/a.js'));
    expect(staleReason(emptied)).toBe('dist/ changed since the last build');
    const none = built();
    rmSync(join(none, 'dist'), { recursive: true });
    expect(staleReason(none)).toBe('dist/ has no build stamp');
  });

  it('is stale when the stamp is not what a build writes', () => {
    const root = built();
    writeFileSync(join(root, 'dist/.build-stamp.json'), '{not json');
    expect(staleReason(root)).toBe('dist/.build-stamp.json is unreadable');
  });
});
