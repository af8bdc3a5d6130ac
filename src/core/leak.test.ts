import { describe, expect, it } from 'vitest';
import { findLeak, keyPhrases, squash } from './leak.js';

const at = (text: string) => [{ where: 'prompt', text }];

describe('squash', () => {
  it('lowercases and drops everything outside [a-z0-9]', () => {
    expect(squash('RFC 2616, §4.2 — Héllo!')).toBe('rfc261642hllo');
  });
});

describe('keyPhrases', () => {
  it('collects scalar leaves of nested keys whose squashed form has at least 3 chars', () => {
    expect(keyPhrases({ a: ['RFC 2616', 7], b: { c: true, d: 'ok', e: 307 }, f: null })).toEqual([
      'RFC 2616',
      'true',
      '307',
    ]);
  });
  it('drops repeats by squashed form', () => {
    expect(keyPhrases(['Foo-Bar', 'foo bar', 'FOOBAR'])).toEqual(['Foo-Bar']);
  });
  it('treats a bare scalar key as one phrase', () => {
    expect(keyPhrases('abc')).toEqual(['abc']);
    expect(keyPhrases(12)).toEqual([]);
  });
});

describe('findLeak', () => {
  it('finds a long phrase by squashed containment: RFC 2616 in rfc2616.txt', () => {
    expect(findLeak('RFC 2616', at('Open rfc2616.txt and read the header section.'))).toEqual({
      phrase: 'RFC 2616',
      where: 'prompt',
    });
  });
  it('does not find a short phrase inside a longer number: 307 in 13070', () => {
    expect(findLeak('307', at('The invoice total was 13070 dollars.'))).toBeUndefined();
  });
  it('finds a short phrase on a word boundary: 307 in "status 307 returned"', () => {
    expect(findLeak(307, at('The server had status 307 returned to it.'))).toEqual({
      phrase: '307',
      where: 'prompt',
    });
  });
  it('matches short phrases across punctuation inside the phrase but not inside words', () => {
    expect(findLeak('a-1b', at('look for A 1B here'))).toBeDefined();
    expect(findLeak('cat', at('concatenate the strings'))).toBeUndefined();
    expect(findLeak('cat', at('the CAT sat'))).toBeDefined();
  });
  it('ignores phrases under minPhrase (context uses 6)', () => {
    const context = [{ where: 'tool:lookup description', text: 'Returns status 307 for moved notes.' }];
    expect(findLeak('307', context, { minPhrase: 6 })).toBeUndefined();
    expect(findLeak('moved notes', context, { minPhrase: 6 })).toEqual({
      phrase: 'moved notes',
      where: 'tool:lookup description',
    });
  });
  it('reports the first haystack that leaks', () => {
    const hay = [
      { where: 'prompt', text: 'nothing here' },
      { where: 'arguments', text: '{"id":"note-77"}' },
    ];
    expect(findLeak({ id: 'note-77' }, hay)).toEqual({ phrase: 'note-77', where: 'arguments' });
  });
  it('finds nothing for keys with no phrase of 3 chars', () => {
    expect(findLeak({ x: 'ab', y: 1 }, at('ab 1 ab'))).toBeUndefined();
  });
});
