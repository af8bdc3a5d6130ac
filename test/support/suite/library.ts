import type { ToolCaller, ToolCallOutcome, ToolSurface } from '../../../src/suite/surface.js';

/**
 * An in-memory library catalogue used by the suite's unit tests: list → get chaining, a text-only
 * tool, a destructive tool, an additive tool and a read-back tool for state checks. It behaves
 * like a server (isError for bad input, JSON-RPC error for unknown tools) and counts calls.
 */
interface Book {
  id: number;
  title: string;
  author: string;
  isbn: string;
  pages: number;
}

const BOOKS: Book[] = [
  { id: 4101, title: 'The Salt Cartographer', author: 'Ilse Marwood', isbn: '978-0-19-955401-7', pages: 412 },
  { id: 4102, title: 'Ninefold Lanterns', author: 'Teodor Vasquell', isbn: '978-1-84-767382-2', pages: 287 },
  { id: 4103, title: 'Meridian of Owls', author: 'Parveen Ashdown', isbn: '978-0-30-727778-5', pages: 1033 },
];

export function librarySurface(): ToolSurface {
  return {
    instructions: 'A small library catalogue. Books are identified by numeric ids.',
    tools: [
      {
        name: 'list_books',
        description: 'Lists every book in the catalogue with its id and title.',
        inputSchema: { type: 'object', properties: {} },
        annotations: { readOnlyHint: true },
      },
      {
        name: 'get_book',
        description: 'Returns the full catalogue record of one book, looked up by its id.',
        inputSchema: {
          type: 'object',
          properties: { id: { type: 'integer', minimum: 1 } },
          required: ['id'],
          additionalProperties: false,
        },
        annotations: { readOnlyHint: true },
      },
      {
        name: 'author_card',
        description: 'Shows the biography card of an author, found by surname.',
        inputSchema: {
          type: 'object',
          properties: { surname: { type: 'string', minLength: 2 } },
          required: ['surname'],
        },
        annotations: { readOnlyHint: true },
      },
      {
        name: 'withdraw_book',
        description: 'Removes a book from the catalogue permanently.',
        inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      },
      {
        name: 'add_note',
        description: 'Attaches a reader note to a book.',
        inputSchema: {
          type: 'object',
          properties: { id: { type: 'integer' }, note: { type: 'string' } },
          required: ['id', 'note'],
        },
        annotations: { readOnlyHint: false, destructiveHint: false },
      },
      {
        name: 'get_notes',
        description: 'Reads the reader notes attached to a book.',
        inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        annotations: { readOnlyHint: true },
      },
    ],
  };
}

const text = (value: string) => ({ content: [{ type: 'text', text: value }] });
/** A result carrying `value` as structuredContent and as its JSON text. */
export const structured = (value: Record<string, unknown>) => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: value,
});
/** An isError result whose text is `message`. */
export const toolError = (message: string): ToolCallOutcome => ({
  kind: 'result',
  result: { content: [{ type: 'text', text: message }], isError: true },
});

/** An in-memory server's caller and the calls it was sent. */
export interface Library {
  caller: ToolCaller;
  calls: { name: string; args: Record<string, unknown> }[];
}

export function library(): Library {
  const notes = new Map<number, string[]>();
  const withdrawn = new Set<number>();
  const calls: Library['calls'] = [];
  const find = (id: unknown) => BOOKS.find((book) => book.id === id && !withdrawn.has(book.id));
  const caller: ToolCaller = async (name, args) => {
    calls.push({ name, args });
    switch (name) {
      case 'list_books':
        return {
          kind: 'result',
          result: structured({
            books: BOOKS.filter((b) => !withdrawn.has(b.id)).map((b) => ({ id: b.id, title: b.title })),
          }),
        };
      case 'get_book': {
        const book = find(args.id);
        return book === undefined
          ? toolError(`no book ${String(args.id)}`)
          : { kind: 'result', result: structured({ ...book }) };
      }
      case 'author_card': {
        const surname = String(args.surname ?? '').toLowerCase();
        const book = BOOKS.find((b) => b.author.toLowerCase().endsWith(surname));
        if (book === undefined) return toolError(`no author ${surname}`);
        return {
          kind: 'result',
          result: text(`Name: ${book.author}\nFirst book: ${book.title}\nBorn: ${1900 + (book.id % 97)}`),
        };
      }
      case 'withdraw_book':
        if (find(args.id) === undefined) return toolError('no such book');
        withdrawn.add(Number(args.id));
        return { kind: 'result', result: text('withdrawn') };
      case 'add_note': {
        if (find(args.id) === undefined) return toolError('no such book');
        const list = notes.get(Number(args.id)) ?? [];
        list.push(String(args.note));
        notes.set(Number(args.id), list);
        return { kind: 'result', result: structured({ id: args.id, count: list.length }) };
      }
      case 'get_notes':
        return { kind: 'result', result: structured({ notes: notes.get(Number(args.id)) ?? [] }) };
      default:
        return { kind: 'error', code: -32602, message: `Unknown tool: ${name}` };
    }
  };
  return { caller, calls };
}

/** The library catalogue answering after uneven delays (so calls finish out of order), watched. */
export function slowLibrary() {
  const lib = library();
  let inFlight = 0;
  let most = 0;
  let n = 0;
  const alone: Record<string, boolean[]> = {};
  const caller: ToolCaller = async (name, args) => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    const seen = alone[name] ?? [];
    seen.push(inFlight === 1);
    alone[name] = seen;
    n += 1;
    await new Promise((resolve) => setTimeout(resolve, (n * 7) % 5));
    try {
      return await lib.caller(name, args);
    } finally {
      inFlight -= 1;
    }
  };
  return { caller, calls: lib.calls, most: () => most, alone };
}

/** A candidate that writes (a reader note on book 4102) and is proved by reading the note back. */
export function noteCandidate(id: string) {
  return {
    id,
    prompt: 'Attach the note "Loved the lantern chapter" to book 4102.',
    expectedTools: ['add_note'],
    plan: [{ tool: 'add_note', arguments: { id: 4102, note: 'Loved the lantern chapter' } }],
    extract: { kind: 'pointer', pointer: '/count' },
    check: {
      kind: 'state',
      call: { tool: 'get_notes', arguments: { id: 4102 } },
      extract: { kind: 'pointer', pointer: '/notes/0' },
      expect: { kind: 'contains', value: 'Loved the lantern chapter' },
    },
    serverRequiredBecause: 'notes are only kept by the catalogue',
  };
}
