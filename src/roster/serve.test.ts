import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyData } from './serve.js';

describe('copyData', () => {
  it('copies under the same base name, in a folder whose invented name is lower case, and removes it', () => {
    const source = join(mkdtempSync(join(tmpdir(), 'roster-src-')), 'Vault');
    mkdirSync(source);
    writeFileSync(join(source, 'note.md'), '# Tides');
    const { dir, remove } = copyData(source);
    expect(basename(dir)).toBe('Vault');
    expect(basename(dirname(dir))).toMatch(/^fitness-roster-data-[0-9a-f]{16}$/);
    expect(readFileSync(join(dir, 'note.md'), 'utf8')).toBe('# Tides');
    remove();
    expect(existsSync(dirname(dir))).toBe(false);
  });
});
