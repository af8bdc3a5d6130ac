import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** What `npm run build` leaves in dist/ is what the package ships: no test code, no dev tooling. */
const DIST = resolve(import.meta.dirname, '../dist');
const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe('dist/ (run npm run build first)', () => {
  it('holds the library and the bundled viewer', () => {
    expect(existsSync(join(DIST, 'index.js')), 'dist/index.js: run npm run build').toBe(true);
    expect(existsSync(join(DIST, 'board/viewer/main.js'))).toBe(true);
  });

  it('holds no test file, no test helper folder and no import of a devDependency', () => {
    const all = files(DIST).map((f) => relative(DIST, f));
    expect(all.filter((f) => /\.test\.|(^|\/)testing(\/|\.)/.test(f))).toEqual([]);
    const dev = Object.keys(pkg.devDependencies);
    const offenders = all
      .filter((f) => f.endsWith('.js'))
      .flatMap((f) => {
        const text = readFileSync(join(DIST, f), 'utf8');
        return dev
          .filter((name) => new RegExp(`from ['"]${name}(/[^'"]*)?['"]|import\\(['"]${name}['"]`).test(text))
          .map((name) => `${f} imports ${name}`);
      });
    expect(offenders).toEqual([]);
  });
});
