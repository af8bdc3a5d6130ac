import { describe, expect, it } from 'vitest';
import { librarySurface, noteCandidate, slowLibrary } from '../../../test/support/suite/library.js';
import { surfaceSafety } from '../destructive.js';
import { admitCandidates } from './admit.js';

const read = (id: string, bookId: number) => ({
  id,
  prompt: `In the library catalogue, who wrote the book with id ${bookId}?`,
  expectedTools: ['get_book'],
  plan: [{ tool: 'get_book', arguments: { id: bookId } }],
  extract: { kind: 'pointer', pointer: '/author' },
  check: { kind: 'contains' },
  serverRequiredBecause: 'authors are only recorded in the catalogue',
});
const firstNote = (id: string, prompt: string, plan: { tool: string; arguments: { id: number } }[]) => ({
  id,
  prompt,
  expectedTools: ['get_notes'],
  plan,
  extract: { kind: 'pointer', pointer: '/notes/0' },
  check: { kind: 'contains' },
  serverRequiredBecause: 'notes are only kept by the catalogue',
});
const write = noteCandidate('w1');
// Reads, a note read before the write (nothing there yet), the write, then reads that see it.
const proposals = [
  read('r1', 4101),
  read('r2', 4102),
  firstNote('n-before', 'What does the first reader note on book 4102 say?', [
    { tool: 'get_notes', arguments: { id: 4102 } },
  ]),
  read('r3', 4103),
  write,
  firstNote('n-after', 'Look up book 4102, then quote its first reader note.', [
    { tool: 'get_book', arguments: { id: 4102 } },
    { tool: 'get_notes', arguments: { id: 4102 } },
  ]),
  {
    ...read('r4', 4103),
    prompt: 'What is the title of catalogue entry 4103?',
    extract: { kind: 'pointer', pointer: '/title' },
  },
];

async function admitAt(concurrency: number) {
  const surface = librarySurface();
  const lib = slowLibrary();
  const entries = await admitCandidates(proposals, {
    surface,
    safety: surfaceSafety(surface),
    allowDestructive: false,
    caller: lib.caller,
    concurrency,
  });
  return { entries, most: lib.most(), writesAlone: lib.alone.add_note ?? [] };
}

describe('admission with concurrency', () => {
  it('gives the ledger of one-at-a-time admission, in proposal order', async () => {
    const one = await admitAt(1);
    const four = await admitAt(4);
    expect(one.most).toBe(1);
    expect(four.entries).toEqual(one.entries);
    expect(four.entries.map((e) => [e.id, e.verdict.admitted])).toEqual([
      ['r1', true],
      ['r2', true],
      ['n-before', false],
      ['r3', true],
      ['w1', true],
      ['n-after', true],
      ['r4', true],
    ]);
  });

  it('runs read-only plans together and a plan that writes alone, between the reads before and after it', async () => {
    const four = await admitAt(4);
    expect(four.most).toBeGreaterThan(1);
    expect(four.most).toBeLessThanOrEqual(4);
    expect(four.writesAlone).toEqual([true]);
    // The note read before the write saw no note; the one after saw it.
    expect(four.entries[2]?.verdict).toMatchObject({ admitted: false, rule: 'plan-failed' });
    expect(four.entries[5]?.verdict).toMatchObject({
      admitted: true,
      task: { answerKey: 'Loved the lantern chapter' },
    });
  });
});
