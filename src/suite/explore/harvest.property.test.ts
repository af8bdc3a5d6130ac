import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leavesOf } from '../facts/leaves.js';
import { resultText, type ToolResult } from '../surface.js';
import { harvestResult } from './harvest.js';
import { joinListing, listingEntries } from './text.js';

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 _.-]{0,20}$/);
const scalar = fc.oneof(
  word,
  fc.integer({ min: -5000, max: 99999 }),
  fc.constantFrom('/srv/a.txt', '2026-12-01T10:00:00Z'),
);
const record = fc.dictionary(fc.stringMatching(/^[a-z][a-zA-Z_]{0,10}$/), scalar, { maxKeys: 5 });
const document = fc.oneof(
  record,
  fc.record({ items: fc.array(record, { maxLength: 6 }) }),
  fc.array(record, { maxLength: 6 }),
);
const line = fc.oneof(
  fc.tuple(word, word).map(([l, v]) => `${l}: ${v}`),
  fc.tuple(word, word).map(([l, v]) => `**${l}:** ${v}`),
  word.map((n) => `[FILE] ${n.replace(/\//g, '')}`),
  word.map((n) => `[DIR] ${n.replace(/\//g, '')}`),
  word.map((n) => `/srv/share/${n.replace(/\s/g, '')}`),
  fc.array(word, { minLength: 3, maxLength: 3 }).map((cells) => `| ${cells.join(' | ')} |`),
  fc.constant('| --- | --- | --- |'),
  word,
);
const text = fc.array(line, { maxLength: 12 }).map((lines) => lines.join('\n'));

const result = fc.oneof(
  document.map((doc): ToolResult => ({ content: [{ type: 'text', text: JSON.stringify(doc) }] })),
  document.map(
    (doc): ToolResult => ({
      content: [{ type: 'text', text: JSON.stringify(doc) }],
      structuredContent: Array.isArray(doc) ? { items: doc } : doc,
    }),
  ),
  text.map((t): ToolResult => ({ content: [{ type: 'text', text: t }] })),
  text.map((t): ToolResult => ({ content: [{ type: 'text', text: t }], structuredContent: { content: t } })),
);

describe('harvesting (property)', () => {
  it('every harvested value is a value the server returned', () => {
    fc.assert(
      fc.property(result, fc.constantFrom('/srv/share', '/data'), (r, parent) => {
        const args = { path: parent };
        const body = resultText(r);
        const leaves = new Set<unknown>([
          ...leavesOf(r.structuredContent).map((l) => l.value),
          ...(() => {
            try {
              return leavesOf(JSON.parse(body)).map((l) => l.value);
            } catch {
              return [];
            }
          })(),
        ]);
        const listed = new Set(listingEntries(body).map((e) => joinListing(parent, e.name)));
        for (const h of harvestResult({ obs: 0, tool: 't', args, result: r })) {
          const returned =
            leaves.has(h.value) ||
            body.includes(String(h.value)) ||
            ((h.kind === 'file' || h.kind === 'dir') && listed.has(String(h.value)));
          expect(returned, `${h.kind} ${JSON.stringify(h.value)}`).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });
});
