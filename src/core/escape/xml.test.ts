import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileString } from '../../../test/support/hostile-strings.js';
import { xmlAttr, xmlText } from './xml.js';

/** A code point outside XML 1.0's Char production (2.2), lone surrogates included. */
function illegal(c: string): boolean {
  const cp = c.codePointAt(0) ?? 0;
  if (cp === 0x9 || cp === 0xa || cp === 0xd) return false;
  return cp < 0x20 || (cp >= 0xd800 && cp <= 0xdfff) || cp === 0xfffe || cp === 0xffff;
}
const illegalIn = (s: string) => [...s].filter(illegal);

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** What an XML parser reads from escaped text: the five entities and decimal references. */
function parseCharData(text: string): string {
  return text.replace(/&(?:([a-z]+)|#([0-9]+));/g, (_, name: string | undefined, dec: string | undefined) =>
    name === undefined ? String.fromCodePoint(Number(dec)) : (ENTITIES[name] ?? '?'),
  );
}

/** The value with every character XML 1.0 cannot hold as U+FFFD: what a reader gets back. */
const held = (s: string) => [...s].map((c) => (illegal(c) ? '\uFFFD' : c)).join('');

describe('xmlText and xmlAttr', () => {
  it('character data: legal characters only, no markup, reads back as the value (fast-check)', () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        const out = xmlText(s);
        expect(illegalIn(out)).toEqual([]);
        expect(out).not.toMatch(/[<>\r]/);
        // Every & starts a reference: the text holds no markup, and ]]> cannot appear.
        expect(out).not.toMatch(/&(?!(?:amp|lt|gt|#[0-9]+);)/);
        expect(out).not.toContain(']]>');
        expect(parseCharData(out)).toBe(held(s));
      }),
      { numRuns: 1000 },
    );
  });

  it('attribute values: no quote, no raw whitespace a parser would fold, reads back (fast-check)', () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        const out = xmlAttr(s);
        expect(illegalIn(out)).toEqual([]);
        expect(out).not.toMatch(/[<>"'\t\n\r]/);
        expect(out).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos|#[0-9]+);)/);
        expect(parseCharData(out)).toBe(held(s));
      }),
      { numRuns: 1000 },
    );
  });

  it('escapes the markup of a JUnit failure message', () => {
    expect(xmlAttr('a "b" <c> & \'d\'\n')).toBe('a &quot;b&quot; &lt;c&gt; &amp; &apos;d&apos;&#10;');
    expect(xmlText('</failure><x>\x00\x1b]]>')).toBe('&lt;/failure&gt;&lt;x&gt;\uFFFD\uFFFD]]&gt;');
  });
});
