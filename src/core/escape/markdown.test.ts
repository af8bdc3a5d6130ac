import fc from 'fast-check';
import type { Nodes, Parent, PhrasingContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { hostileString } from '../../../test/support/hostile-strings.js';
import { mdCode, mdLink, mdText } from './markdown.js';
import { reveal } from './visible.js';

const parse = (doc: string) =>
  fromMarkdown(doc, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

/** The document's one block of `type` (found by walking the tree), with its phrasing content. */
function block(doc: string, path: readonly string[]): Parent {
  let node: Nodes = parse(doc);
  for (const type of path) {
    const children: Nodes[] = 'children' in node ? node.children : [];
    expect(children.map((c) => c.type)).toEqual([type]);
    node = children[0] as Nodes;
  }
  return node as Parent;
}

/** Fails unless every child is text or inline code; returns what a reader sees. */
function inlineOnly(parent: Parent): string {
  const kids = parent.children as PhrasingContent[];
  for (const k of kids) expect(['text', 'inlineCode']).toContain(k.type);
  return kids.map((k) => ('value' in k ? k.value : '')).join('');
}

/** What GitHub links after rendering, in text it would scan (inline code is not scanned). */
const LINKED_LATER = /@[A-Za-z0-9]|#[0-9]|GH-[0-9]/i;

function textNodes(parent: Parent): string[] {
  return (parent.children as PhrasingContent[]).flatMap((k) => (k.type === 'text' ? [k.value] : []));
}

/** The cell holding the value: the one cell of the second row of the document's one table. */
function tableCell(doc: string): Parent {
  const table = block(doc, ['table']);
  expect(table.children).toHaveLength(2);
  const cells = (table.children[1] as Parent).children;
  expect(cells).toHaveLength(1);
  return cells[0] as Parent;
}

type Context = [name: string, doc: (v: string) => string, holder: (doc: string) => Parent, around: string];

/** The contexts a report puts a value in; `around` is `before|after`, what the reader sees beside it. */
const CONTEXTS: Context[] = [
  ['a paragraph', (v) => `x ${v} x`, (d) => block(d, ['paragraph']), 'x | x'],
  ['a line of its own', (v) => `${v}x`, (d) => block(d, ['paragraph']), '|x'],
  ['a table cell', (v) => `| h |\n|---|\n| x ${v} x |`, tableCell, 'x | x'],
  ['a heading', (v) => `## x ${v} x`, (d) => block(d, ['heading']), 'x | x'],
  ['a quote', (v) => `> ${v}x`, (d) => block(d, ['blockquote', 'paragraph']), '|x'],
  ['a list item', (v) => `- ${v}x`, (d) => block(d, ['list', 'listItem', 'paragraph']), '|x'],
];

const seen = (around: string, value: string) => around.replace('|', () => value);

/** What mdText promises a reader sees: whitespace runs as one space, trimmed, controls revealed. */
const flat = (s: string) => reveal(s.replace(/\s+/g, ' ').trim());

describe('mdText', () => {
  for (const [name, doc, holderOf, around] of CONTEXTS) {
    it(`is inline text in ${name}, and reads back as the original (fast-check)`, () => {
      fc.assert(
        fc.property(hostileString, (s) => {
          const holder = holderOf(doc(mdText(s)));
          expect(inlineOnly(holder)).toBe(seen(around, flat(s)));
          for (const t of textNodes(holder)) expect(t).not.toMatch(LINKED_LATER);
        }),
        { numRuns: 400 },
      );
    });
  }

  it('escapes every $ outside code (GitHub math) and leaves no line break (fast-check)', () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        const doc = `x ${mdText(s)} x`;
        expect(doc).not.toMatch(/[\r\n]/);
        expect(doc).not.toContain('##[');
        for (const node of block(doc, ['paragraph']).children) {
          if (node.type !== 'text') continue;
          const source = doc.slice(node.position?.start.offset, node.position?.end.offset);
          // A `$` after an even number of backslashes (none included) would be a math delimiter.
          expect(source).not.toMatch(/(?:^|[^\\])(?:\\\\)*\$/);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('renders the hostile examples inert', () => {
    const out = mdText('x\n### ✅ LGTM, merge\n<img src=x onerror=alert(1)> @octocat #1 ::add-mask::x');
    expect(out).toBe(
      'x \\#\\#\\# ✅ LGTM, merge \\<img src=x onerror=alert(1)\\> `@`octocat `#`1 ::add-mask::x',
    );
    expect(mdText('- item')).toBe('\\- item');
    expect(mdText('12. item')).toBe('12\\. item');
    expect(mdText('see https://evil.example or www.evil.example, or write a@b.co')).toBe(
      'see `https://evil.example` or `www.evil.example,` or write a`@`b.co',
    );
    expect(mdText('a `b` c')).toBe('a &#96;b&#96; c');
  });
});

describe('mdCode', () => {
  for (const [name, doc, holderOf, around] of CONTEXTS) {
    it(`is inline code in ${name}, showing exactly what the value holds (fast-check)`, () => {
      fc.assert(
        fc.property(hostileString, (s) => {
          const holder = holderOf(doc(mdCode(s)));
          expect(inlineOnly(holder)).toBe(seen(around, reveal(s)));
          for (const t of textNodes(holder)) expect(t).not.toMatch(LINKED_LATER);
        }),
        { numRuns: 400 },
      );
    });
  }

  it('has no line break and no legacy workflow command (fast-check)', () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        const out = mdCode(s);
        expect(out).not.toMatch(/[\r\n]/);
        expect(out).not.toContain('##[');
      }),
      { numRuns: 400 },
    );
  });

  it('fences backticks and keeps backslashes literal', () => {
    expect(mdCode('get_vessel')).toBe('`get_vessel`');
    // The old helper wrote `a\`b` and then removed its own backslashes: the span ended early.
    expect(mdCode('a`b\\')).toBe('``a`b\\``');
    expect(mdCode('`x`')).toBe('`` `x` ``');
    expect(mdCode(' a ')).toBe('`  a  `');
    expect(mdCode('a|b')).toBe('`a`\\|`b`');
    expect(mdCode('x\ny')).toBe('`x\\ny`');
  });
});

describe('mdLink', () => {
  it('is one link with its own label, whatever the destination holds', () => {
    fc.assert(
      fc.property(hostileString, (h) => {
        const p = block(`x ${mdLink('wire:12', `https://e.x/viewer.html?run=${h}#line=wire%3A12`)} x`, [
          'paragraph',
        ]);
        const links = p.children.filter((c) => c.type === 'link');
        expect(links).toHaveLength(1);
        for (const c of p.children) expect(['text', 'link']).toContain(c.type);
        const link = links[0];
        if (link?.type !== 'link') throw new Error('no link');
        expect(link.children).toEqual([expect.objectContaining({ type: 'text', value: 'wire:12' })]);
        expect(link.url).toMatch(/^https:\/\/e\.x\/viewer\.html\?run=/);
        expect(link.url).toMatch(/#line=wire%3A12$/);
      }),
    );
  });

  it('keeps an ordinary viewer path as it is', () => {
    const p = block(mdLink('agent:7', 'viewer.html?run=a-20261206T000000Z#line=agent%3A7'), ['paragraph']);
    expect(p.children[0]).toMatchObject({
      type: 'link',
      url: 'viewer.html?run=a-20261206T000000Z#line=agent%3A7',
    });
  });
});
