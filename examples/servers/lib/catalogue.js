// @ts-check
/**
 * A small, realistic domain shared by the fixture servers: a public library's catalogue (books,
 * branches, copies on the shelf). Read-only, deterministic, with ids that chain from search to get.
 */
import * as z from 'zod';

/** @typedef {import('@modelcontextprotocol/server').McpServer} McpServer */

export const BOOKS = [
  {
    id: 'bk-101',
    title: 'The Quiet Orchard',
    author: 'Ines Marlow',
    year: 1998,
    isbn: '9780000001018',
    subjects: ['fiction', 'rural life'],
  },
  {
    id: 'bk-102',
    title: 'Tidal Arithmetic',
    author: 'Oskar Brandt',
    year: 2011,
    isbn: '9780000001025',
    subjects: ['mathematics', 'oceans'],
  },
  {
    id: 'bk-103',
    title: 'A Field Guide to Lichens',
    author: 'Priya Natarajan',
    year: 2005,
    isbn: '9780000001032',
    subjects: ['botany', 'field guides'],
  },
  {
    id: 'bk-104',
    title: 'Lanterns over Kestrel Bay',
    author: 'Ines Marlow',
    year: 2019,
    isbn: '9780000001049',
    subjects: ['fiction', 'coastal towns'],
  },
  {
    id: 'bk-105',
    title: 'Concrete and Moss',
    author: 'Tomasz Wielgus',
    year: 2016,
    isbn: '9780000001056',
    subjects: ['architecture', 'ecology'],
  },
];

export const BRANCHES = [
  { id: 'br-north', name: 'Northgate Library', city: 'Alderford' },
  { id: 'br-harbour', name: 'Harbour Reading Room', city: 'Kestrel Bay' },
];

/** Copies on the shelf per `${bookId}@${branchId}`; an absent key means the branch holds none. */
const SHELF = new Map([
  ['bk-101@br-north', 2],
  ['bk-102@br-north', 1],
  ['bk-102@br-harbour', 3],
  ['bk-103@br-harbour', 1],
  ['bk-104@br-harbour', 4],
  ['bk-105@br-north', 0],
]);

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const bookSummary = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  year: z.number().int(),
});

/**
 * @param {unknown} structured
 * @returns {{ content: { type: 'text', text: string }[], structuredContent: Record<string, unknown> }}
 */
function result(structured) {
  const structuredContent = /** @type {Record<string, unknown>} */ (structured);
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
}

/** @param {McpServer} server */
export function registerCatalogue(server) {
  server.registerTool(
    'search_books',
    {
      title: 'Search the catalogue',
      description:
        'Find books whose title, author or subject contains the query (case-insensitive). Returns book ids for get_book.',
      inputSchema: z.object({
        query: z.string().min(1).describe('words to look for in title, author or subject'),
        limit: z.number().int().min(1).max(20).optional().describe('most results to return (default 5)'),
      }),
      outputSchema: z.object({ books: z.array(bookSummary) }),
      annotations: readOnly,
    },
    async ({ query, limit }) => {
      const needle = query.toLowerCase();
      const books = BOOKS.filter((b) =>
        [b.title, b.author, ...b.subjects].some((field) => field.toLowerCase().includes(needle)),
      )
        .slice(0, limit ?? 5)
        .map(({ id, title, author, year }) => ({ id, title, author, year }));
      return result({ books });
    },
  );

  server.registerTool(
    'get_book',
    {
      title: 'Book details',
      description: 'Full record of one book by its id (from search_books): author, year, ISBN and subjects.',
      inputSchema: z.object({ id: z.string().describe('book id, e.g. bk-101') }),
      outputSchema: bookSummary.extend({ isbn: z.string(), subjects: z.array(z.string()) }),
      annotations: readOnly,
    },
    async ({ id }) => {
      const book = BOOKS.find((b) => b.id === id);
      if (!book) return { content: [{ type: 'text', text: `no book with id ${id}` }], isError: true };
      return result(book);
    },
  );

  server.registerTool(
    'list_branches',
    {
      title: 'Library branches',
      description: 'Every branch of the library with its id and city.',
      inputSchema: z.object({}),
      outputSchema: z.object({
        branches: z.array(z.object({ id: z.string(), name: z.string(), city: z.string() })),
      }),
      annotations: readOnly,
    },
    async () => result({ branches: BRANCHES }),
  );

  server.registerTool(
    'check_availability',
    {
      title: 'Copies on the shelf',
      description:
        'How many copies of a book (id from search_books) are on the shelf at a branch (id from list_branches).',
      inputSchema: z.object({ bookId: z.string(), branchId: z.string() }),
      outputSchema: z.object({ bookId: z.string(), branchId: z.string(), copies: z.number().int().min(0) }),
      annotations: readOnly,
    },
    async ({ bookId, branchId }) => {
      if (!BOOKS.some((b) => b.id === bookId) || !BRANCHES.some((b) => b.id === branchId)) {
        return {
          content: [{ type: 'text', text: `unknown book ${bookId} or branch ${branchId}` }],
          isError: true,
        };
      }
      return result({ bookId, branchId, copies: SHELF.get(`${bookId}@${branchId}`) ?? 0 });
    },
  );
}
