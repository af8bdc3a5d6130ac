import { describe, expect, it } from 'vitest';
import { admit, fateOf, good } from '../../../test/support/suite/admission.js';
import { library, librarySurface, noteCandidate, structured } from '../../../test/support/suite/library.js';
import { surfaceSafety } from '../destructive.js';
import { admitCandidates } from './admit.js';

describe('admission: rules that need a changed surface or run', () => {
  it('context-leak: the key in the server instructions (≥ 6 chars) rejects; absent, it passes', async () => {
    const surface = { ...librarySurface(), instructions: 'Featured author this month: Parveen Ashdown.' };
    const verdict = await fateOf(good, { surface });
    expect(verdict).toMatchObject({
      admitted: false,
      rule: 'context-leak',
      evidence: { where: 'server instructions' },
    });
    expect((await fateOf(good)).admitted).toBe(true);
  });

  it('destructive tools are admitted, and marked, when the run allows them', async () => {
    const candidate = {
      ...good,
      prompt: 'Take book 4101 out of the catalogue for good and report the status word.',
      expectedTools: ['withdraw_book'],
      plan: [{ tool: 'withdraw_book', arguments: { id: 4101 } }],
      extract: { kind: 'regex', pattern: '^(\\w+)$' },
    };
    expect(await fateOf(candidate, { allowDestructive: true })).toMatchObject({
      admitted: true,
      task: { destructive: true, answerKey: 'withdrawn' },
    });
  });

  it('a destructive candidate never reaches the server when excluded', async () => {
    const { calls } = await admit([
      {
        ...good,
        expectedTools: ['withdraw_book'],
        plan: [{ tool: 'withdraw_book', arguments: { id: 4101 } }],
      },
    ]);
    expect(calls).toBe(0);
  });

  it('state checks are proved by the verification call after the plan', async () => {
    const state = noteCandidate('s1');
    const admitted = await fateOf(state);
    expect(admitted, JSON.stringify(admitted)).toMatchObject({ admitted: true, task: { answerKey: 1 } });
    const wrongBook = {
      ...state,
      check: { ...state.check, call: { tool: 'get_notes', arguments: { id: 4101 } } },
    };
    expect(await fateOf(wrongBook)).toMatchObject({ admitted: false, rule: 'check-invalid' });
    const writes = {
      ...state,
      check: { ...state.check, call: { tool: 'add_note', arguments: { id: 4102, note: 'x' } } },
    };
    expect(await fateOf(writes)).toMatchObject({
      admitted: false,
      rule: 'check-invalid',
      detail: /not read-only/,
    });
  });

  it('keeps every candidate in proposal order with its own verdict', async () => {
    const { entries } = await admit([good, 42, { ...good, id: 'c9', expectedTools: [] }]);
    expect(entries.map((e) => [e.seq, e.id, e.verdict.admitted])).toEqual([
      [0, 'c1', true],
      [1, '#1', false],
      [2, 'c9', false],
    ]);
  });
});

describe('admission: a tool whose answer depends on the current time', () => {
  it('never grounds a key, however stable two executions are, and never calls the tool', async () => {
    const surface = librarySurface();
    const lib = library();
    const safety = surfaceSafety(surface).map((s) =>
      s.tool === 'get_book' ? { ...s, timeDependent: true } : s,
    );
    const [entry] = await admitCandidates([good], {
      surface,
      safety,
      allowDestructive: false,
      caller: lib.caller,
    });
    expect(entry?.verdict).toMatchObject({ admitted: false, rule: 'key-unstable' });
    expect(entry?.verdict.admitted === false && entry.verdict.detail).toMatch(
      /get_book answers from the current time/,
    );
    expect(lib.calls).toHaveLength(0);
  });
});

describe('admission: a plan the fresh process cannot run again', () => {
  it('is key-unstable: it answered once and failed the second time (a tool the new process does not list)', async () => {
    const surface = librarySurface();
    const lib = library();
    const [entry] = await admitCandidates([good], {
      surface,
      safety: surfaceSafety(surface),
      allowDestructive: false,
      caller: lib.caller,
      recheck: async (name) => ({
        kind: 'error',
        code: -32602,
        message: `MCP error -32602: Tool ${name} not found`,
      }),
    });
    expect(entry?.verdict).toMatchObject({ admitted: false, rule: 'key-unstable' });
    expect(entry?.verdict.admitted === false && entry.verdict.detail).toMatch(
      /^on re-execution: step 0 \(get_book\) errored: .*Tool get_book not found/,
    );
  });
});

describe('admission: a value a step mints per call', () => {
  it('is recorded as perCall when the second execution bound another value and the key held', async () => {
    const surface = librarySurface();
    const lib = library();
    const chained = {
      ...good,
      prompt: 'Who wrote The Salt Cartographer? Find it in the list of books.',
      expectedTools: ['list_books', 'get_book'],
      plan: [
        { tool: 'list_books', arguments: {} },
        { tool: 'get_book', arguments: { id: { $from: { step: 0, pointer: '/books/0/id' } } } },
      ],
    };
    // The fresh process numbers its listing anew (an id minted per process), and still finds the book.
    const renumbered = async (name: string, args: Record<string, unknown>) =>
      name === 'list_books'
        ? {
            kind: 'result' as const,
            result: structured({ books: [{ id: 9101, title: 'The Salt Cartographer' }] }),
          }
        : lib.caller(name, { ...args, id: Number(args.id) - 5000 });
    const [entry] = await admitCandidates([chained], {
      surface,
      safety: surfaceSafety(surface),
      allowDestructive: false,
      caller: lib.caller,
      recheck: renumbered,
    });
    expect(entry?.verdict).toMatchObject({
      admitted: true,
      task: { perCall: [1], boundArguments: [{}, { id: 4101 }] },
    });
    const [same] = await admitCandidates([chained], {
      surface,
      safety: surfaceSafety(surface),
      allowDestructive: false,
      caller: lib.caller,
    });
    expect(same?.verdict.admitted === true && same.verdict.task.perCall).toBeUndefined();
  });
});

describe('admission: a server that answers a read this session already made otherwise', () => {
  const surface = librarySurface();
  const options = { surface, safety: surfaceSafety(surface), allowDestructive: false };
  /** A session of a server that answers a book it already told this session about with a stub. */
  const session = () => {
    const lib = library();
    const told = new Set<string>();
    return async (name: string, args: Record<string, unknown>) => {
      const seen = `${name} ${JSON.stringify(args)}`;
      if (told.has(seen)) return { kind: 'result' as const, result: structured({ type: 'file_unchanged' }) };
      told.add(seen);
      return lib.caller(name, args);
    };
  };
  const explored = () => {
    const caller = session();
    void caller('get_book', { id: 4103 });
    return caller;
  };

  it('judges the plan as a trial meets it: made again, and re-checked, each in a session of its own', async () => {
    let opened = 0;
    const isolated = async () => {
      opened++;
      return { caller: session(), close: async () => undefined };
    };
    const [entry] = await admitCandidates([good], {
      ...options,
      caller: explored(),
      recheck: session(),
      isolated,
    });
    expect(entry?.verdict).toMatchObject({ admitted: true, task: { answerKey: 'Parveen Ashdown' } });
    expect(opened).toBe(2);
  });

  it('with one re-check session only, the second read there fails: key-unstable, as that session says', async () => {
    const [entry] = await admitCandidates([good], { ...options, caller: explored(), recheck: session() });
    expect(entry?.verdict).toMatchObject({ admitted: false, rule: 'key-unstable' });
    const [alone] = await admitCandidates([good], { ...options, caller: explored() });
    expect(alone?.verdict).toMatchObject({ admitted: false, rule: 'plan-failed' });
  });
});
