import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The replay viewer is split into its data (src/board/client/shared/: entries, timeline, story,
 * state, custody checks) and its page (the files at the top of src/board/client/: DOM, fetch,
 * files). The data runs in Node (the site build, the unit tests) as well as in the browser, so it
 * neither imports the page nor touches the DOM or the page's location.
 */
const CLIENT = resolve(import.meta.dirname, '../src/board/client');
const SHARED = join(CLIENT, 'shared');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;
const DOM = /\b(?:document|window|location|history|navigator|requestAnimationFrame|HTML\w*Element)\b/;

const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');

const files = readdirSync(SHARED)
  .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))
  .map((n) => ({ name: n, text: readFileSync(join(SHARED, n), 'utf8') }));

describe("the viewer's data apart from its page", () => {
  it('reads the data modules', () => {
    expect(files.map((f) => f.name)).toEqual(expect.arrayContaining(['entries.ts', 'viewer-state.ts']));
  });

  it('imports nothing from the page modules', () => {
    const upward = files.flatMap((f) =>
      [...f.text.matchAll(IMPORT)]
        .map((m) => resolve(SHARED, m[1] ?? ''))
        .filter((target) => dirname(target) === CLIENT)
        .map((target) => `${f.name} imports ${relative(CLIENT, target)}`),
    );
    expect(upward).toEqual([]);
  });

  it('touches no DOM', () => {
    expect(files.filter((f) => DOM.test(code(f.text))).map((f) => f.name)).toEqual([]);
    // The check would see a page module's DOM use.
    expect(DOM.test(code(readFileSync(join(CLIENT, 'main.ts'), 'utf8')))).toBe(true);
  });
});
