import { describe, expect, it } from 'vitest';
import { DepthScanner, tooDeep } from './json-limits.js';

describe('JSON depth, bounded before parsing', () => {
  it('counts arrays and objects outside strings, escapes included', () => {
    expect(tooDeep('[[[]]]', 3)).toBe(false);
    expect(tooDeep('[[[[]]]]', 3)).toBe(true);
    expect(tooDeep('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
    expect(tooDeep(JSON.stringify({ s: '[[[[[[', t: 'a\\"[[[[[' }), 2)).toBe(false);
    expect(tooDeep(`${'['.repeat(8000)}${']'.repeat(8000)}`)).toBe(true);
  });

  it('keeps its state across chunks and starts over on reset (one SSE event each)', () => {
    const scanner = new DepthScanner(3);
    expect(scanner.feed('[["')).toBe(false);
    expect(scanner.feed('[[[[')).toBe(false);
    expect(scanner.feed('"[')).toBe(false);
    expect(scanner.feed('[')).toBe(true);
    scanner.reset();
    expect(scanner.feed('[[[]]]')).toBe(false);
  });
});
