import { describe, expect, it } from 'vitest';
import { admit, fateOf, good } from '../../../test/support/suite/admission.js';

describe('admission: a well-formed candidate', () => {
  it('is admitted with an execution-grounded key and a bound check', async () => {
    const verdict = await fateOf(good);
    expect(verdict).toMatchObject({
      admitted: true,
      task: {
        id: 'c1',
        answerKey: 'Parveen Ashdown',
        check: { kind: 'contains', value: 'Parveen Ashdown' },
        destructive: false,
        keyBasis: 'singleton',
      },
    });
  });

  it('records a key whose sibling entries hold other values as discriminating', async () => {
    const listed = {
      ...good,
      id: 'c-list',
      prompt: 'In the library catalogue, what is the title of the book whose id is 4103?',
      expectedTools: ['list_books'],
      plan: [{ tool: 'list_books', arguments: {} }],
      extract: { kind: 'pointer', pointer: '/books/1/title' },
    };
    const verdict = await fateOf(listed);
    expect(verdict).toMatchObject({ admitted: true, task: { keyBasis: 'discriminating' } });
  });
});

describe.each([
  {
    rule: 'duplicate',
    rejected: [good, { ...good, prompt: 'Another prompt entirely about id 4103.' }],
    passing: [
      good,
      {
        ...good,
        id: 'c2',
        prompt: 'Who wrote book 4101?',
        plan: [{ tool: 'get_book', arguments: { id: 4101 } }],
      },
    ],
    detail: /id c1 was already proposed/,
  },
  {
    rule: 'duplicate',
    rejected: [good, { ...good, id: 'c2', prompt: 'Same question, new words?' }],
    passing: [good],
    detail: /same plan and extract as c1/,
  },
  {
    rule: 'malformed',
    rejected: [{ ...good, prompt: 'Who wrote the book with id {id}?' }],
    passing: [good],
    detail: /unbound placeholder \{id\}/,
  },
  {
    rule: 'malformed',
    rejected: [{ ...good, prompt: 'Who wrote <book_id>?' }],
    passing: [good],
    detail: /<book_id>/,
  },
  { rule: 'malformed', rejected: [{ ...good, prompt: '   ' }], passing: [good], detail: /empty prompt/ },
  {
    rule: 'malformed',
    rejected: [{ ...good, extract: undefined }],
    passing: [good],
    detail: /not a candidate: extract/,
  },
  {
    rule: 'no-expected-tools',
    rejected: [{ ...good, expectedTools: [] }],
    passing: [good],
    detail: /expectedTools is empty/,
  },
  {
    rule: 'unknown-tool',
    rejected: [{ ...good, expectedTools: ['get_book', 'lookup_isbn'] }],
    passing: [good],
    detail: /not on the surface: lookup_isbn/,
  },
  {
    rule: 'arguments-invalid',
    rejected: [{ ...good, plan: [{ tool: 'get_book', arguments: { id: 'forty-one' } }] }],
    passing: [good],
    detail: /\/id must be integer/,
  },
  {
    rule: 'arguments-invalid',
    rejected: [
      {
        ...good,
        expectedTools: ['list_books', 'get_book'],
        plan: [
          { tool: 'list_books', arguments: {} },
          { tool: 'get_book', arguments: { id: { $from: { step: 0, pointer: '/books/2/title' } } } },
        ],
      },
    ],
    passing: [
      {
        ...good,
        expectedTools: ['list_books', 'get_book'],
        plan: [
          { tool: 'list_books', arguments: {} },
          { tool: 'get_book', arguments: { id: { $from: { step: 0, pointer: '/books/2/id' } } } },
        ],
      },
    ],
    detail: /step 1 \(get_book\): arguments fail/,
  },
  {
    rule: 'plan-failed',
    rejected: [{ ...good, plan: [{ tool: 'get_book', arguments: { id: 9999 } }] }],
    passing: [good],
    detail: /isError: no book 9999/,
  },
  {
    rule: 'plan-failed',
    rejected: [{ ...good, extract: { kind: 'pointer', pointer: '/publisher' } }],
    passing: [good],
    detail: /extract found nothing/,
  },
  {
    rule: 'answer-leak',
    rejected: [{ ...good, prompt: 'Confirm that Parveen Ashdown wrote book 4103.' }],
    passing: [good],
    detail: /"Parveen Ashdown" appears in the prompt/,
  },
  {
    rule: 'check-invalid',
    rejected: [{ ...good, check: { kind: 'matches', pattern: '(Ashdown' } }],
    passing: [{ ...good, check: { kind: 'matches', pattern: 'Parveen\\s+Ashdown' } }],
    detail: /does not compile/,
  },
  {
    // A model's pattern runs on the linear-time engine, or not at all: lookaround is refused.
    rule: 'check-invalid',
    rejected: [{ ...good, check: { kind: 'matches', pattern: '(?<=Parveen )Ashdown' } }],
    passing: [{ ...good, check: { kind: 'matches', pattern: 'Parveen (Ashdown)' } }],
    detail: /linear-time engine \(RE2\)/,
  },
  {
    rule: 'malformed',
    rejected: [{ ...good, extract: { kind: 'regex', pattern: '(\\w+)\\s\\1' } }],
    passing: [good],
    detail: /extract pattern needs more than the linear-time engine/,
  },
  {
    rule: 'check-invalid',
    rejected: [{ ...good, check: { kind: 'contains', value: 'Ilse Marwood' } }],
    passing: [{ ...good, check: { kind: 'contains', value: 'Ashdown' } }],
    detail: /rejects the grounded key/,
  },
  {
    rule: 'check-too-permissive',
    rejected: [
      {
        ...good,
        plan: [{ tool: 'get_book', arguments: { id: 4102 } }],
        extract: { kind: 'pointer', pointer: '/pages' },
        check: { kind: 'number' },
      },
    ],
    passing: [{ ...good, extract: { kind: 'pointer', pointer: '/isbn' } }],
    detail: /"287" has 3 significant characters/,
  },
  {
    rule: 'check-matches-prompt',
    rejected: [{ ...good, check: { kind: 'matches', pattern: 'Ashdown|catalogue' } }],
    passing: [{ ...good, check: { kind: 'matches', pattern: 'Ashdown|bookshop' } }],
    detail: /the prompt alone passes/,
  },
  {
    rule: 'destructive-excluded',
    rejected: [
      {
        ...good,
        prompt: 'Take book 4101 out of the catalogue for good and report the status word.',
        expectedTools: ['withdraw_book'],
        plan: [{ tool: 'withdraw_book', arguments: { id: 4101 } }],
        extract: { kind: 'regex', pattern: '^(\\w+)$' },
      },
    ],
    passing: [good],
    detail: /destructive tools not allowed in this run: withdraw_book/,
  },
])('admission rule $rule', ({ rule, rejected, passing, detail }) => {
  it(`rejects (${String(detail)}) and names the rule`, async () => {
    const { entries } = await admit(rejected);
    const last = entries[entries.length - 1]?.verdict;
    expect(last).toMatchObject({ admitted: false, rule });
    expect(last?.admitted === false ? last.detail : '').toMatch(detail);
  });

  it('admits the passing variant', async () => {
    const { entries } = await admit(passing);
    expect(entries.map((e) => e.verdict.admitted)).toEqual(passing.map(() => true));
  });
});
