import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errnoCode, errorText } from './errors.js';

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (err) {
    return err;
  }
  return undefined;
}

describe('what was thrown, read without a cast', () => {
  it('gives the message of an Error and the text of anything else', () => {
    expect(errorText(new TypeError('bad'))).toBe('bad');
    expect(errorText('plain')).toBe('plain');
    expect(errorText(42)).toBe('42');
  });

  it("gives a system error's code, and nothing for what has none", () => {
    const missing = thrown(() => readFileSync(join(mkdtempSync(join(tmpdir(), 'errno-')), 'none')));
    expect(errnoCode(missing)).toBe('ENOENT');
    expect(errnoCode(new Error('no code'))).toBeUndefined();
    expect(errnoCode({ code: 'ENOENT' })).toBeUndefined();
    expect(errnoCode(Object.assign(new Error('numeric'), { code: 7 }))).toBeUndefined();
  });
});
