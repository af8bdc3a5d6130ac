import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCode, messageOf } from './errors.js';

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
    expect(messageOf(new TypeError('bad'))).toBe('bad');
    expect(messageOf('plain')).toBe('plain');
    expect(messageOf(42)).toBe('42');
  });

  it("gives a system error's code, and nothing for what has none", () => {
    const missing = thrown(() => readFileSync(join(mkdtempSync(join(tmpdir(), 'errno-')), 'none')));
    expect(errorCode(missing)).toBe('ENOENT');
    expect(errorCode(new Error('no code'))).toBeUndefined();
    expect(errorCode({ code: 'ENOENT' })).toBeUndefined();
    expect(errorCode(Object.assign(new Error('numeric'), { code: 7 }))).toBeUndefined();
  });
});
