import { describe, expect, it } from 'vitest';
import { libraryTask } from '../../test/support/suite/tasks.js';
import { randomArgsApplicable } from './evaluate.js';
import { changesHandle, plannedArguments } from './handles.js';

describe('random-args is a null only when it changes what selects the answer', () => {
  const task = libraryTask('t1'); // plan: get_book {id: 4101}
  const planned = plannedArguments(task);

  it('reads the planned arguments per tool from the bound plan', () => {
    expect(planned.get('get_book')).toEqual([{ id: 4101 }]);
  });
  it('a random id is a null; an id left as planned with a random optional enum is not', () => {
    expect(changesHandle('get_book', { id: 77 }, planned)).toBe(true);
    expect(changesHandle('get_book', { id: 4101, format: 'brief' }, planned)).toBe(false);
  });
  it('omitting the planned argument changes it (the server then uses its own default)', () => {
    expect(changesHandle('get_book', { format: 'brief' }, planned)).toBe(true);
  });
  it('a plan step without arguments has no handle to randomise; a tool outside the plan has none to keep', () => {
    const listing = { ...task, plan: [{ tool: 'list_books', arguments: {} }], boundArguments: [{}] };
    expect(changesHandle('list_books', { sort: 'title' }, plannedArguments(listing))).toBe(false);
    expect(changesHandle('search_books', { q: 'x' }, planned)).toBe(true);
  });
});

describe('a random-args trial whose answer came back from a call it left as planned measured the real call', () => {
  const task = libraryTask('t2', 'Meridian of Owls');
  const text = (t: string) => ({ content: [{ type: 'text', text: t }] });
  const listing = {
    tool: 'list_books',
    toolCallId: 'a',
    arguments: {},
    randomised: false,
    result: text('4103 Meridian of Owls'),
  };
  const randomGet = {
    tool: 'get_book',
    toolCallId: 'b',
    arguments: { id: 77 },
    randomised: true,
    result: text('no book 77'),
  };
  it('is applicable when only randomised calls could have carried the key', () => {
    expect(randomArgsApplicable(task, [randomGet])).toBe(true);
    expect(
      randomArgsApplicable(task, [{ ...listing, result: text('4101 The Salt Cartographer') }, randomGet]),
    ).toBe(true);
  });
  it('is not when an argument-free listing already brought the key back, nor when nothing was randomised', () => {
    expect(randomArgsApplicable(task, [listing, randomGet])).toBe(false);
    expect(randomArgsApplicable(task, [{ ...listing, result: text('4101 The Salt Cartographer') }])).toBe(
      false,
    );
  });
  it('a failed call brings nothing back', () => {
    expect(randomArgsApplicable(task, [{ ...listing, failure: 'tool_error' as const }, randomGet])).toBe(
      true,
    );
  });
});
