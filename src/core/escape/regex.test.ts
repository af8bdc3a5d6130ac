import { describe, expect, it } from 'vitest';
import { escapeRegex } from './regex.js';

describe('escapeRegex', () => {
  it('matches the text itself and nothing its syntax would have matched', () => {
    for (const text of ['a.b', '1+1=2', '(x)', '[a-z]*', 'C:\\path', '$5^2', 'a|b', '{3}?']) {
      const re = new RegExp(`^${escapeRegex(text)}$`);
      expect(re.test(text)).toBe(true);
    }
    expect(new RegExp(escapeRegex('a.b')).test('axb')).toBe(false);
    expect(new RegExp(escapeRegex('a|b')).test('a')).toBe(false);
  });
});
