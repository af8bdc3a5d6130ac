import { Task } from '../../../src/suite/schema.js';

/** An admitted task on the library catalogue's `get_book`, keyed `key`. */
export function libraryTask(id: string, key = `answer for ${id}`): Task {
  return Task.parse({
    id,
    prompt: `Find the thing called ${id}.`,
    expectedTools: ['get_book'],
    plan: [{ tool: 'get_book', arguments: { id: 4101 } }],
    extract: { kind: 'pointer', pointer: '/title' },
    check: { kind: 'contains', value: key },
    answerKey: key,
    destructive: false,
    boundArguments: [{ id: 4101 }],
    serverRequiredBecause: 'the catalogue holds it',
  });
}
