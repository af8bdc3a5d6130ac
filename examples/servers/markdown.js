// @ts-check
/**
 * Planted shape: a server that answers in markdown, with no annotations, modelled on the notes and
 * knowledge-base servers people install. `list_notes` answers with a markdown table (id, title,
 * author), `get_note` with a heading, `**Label:** value` lines and a body, `search_notes` with a
 * bulleted list. No JSON anywhere, no structuredContent, no readOnlyHint; `delete_note` sits beside
 * the reads.
 * Expected outcome (stdio or HTTP): SCORED. explore/2 infers the three reads read-only, harvests the
 * note ids from the table, reads each note's label lines, and tells table rows apart by their id
 * (the other rows are decoys, so pasting the table is no answer); a random note id is an error.
 */
import * as z from 'zod';
import { KEEP_ALIVE_MS, plantedServer, toolError } from './lib/planted.js';
import { serve } from './lib/serve.js';

const NOTES = [
  {
    id: 'n-101',
    title: 'Tide tables for Kestrel Bay',
    author: 'Maud Ferris',
    location: 'Harbour office, shelf B',
    reviewedBy: 'Oskar Brandt',
    body: 'Spring tides run two hours later than the almanac suggests in the inner basin.',
  },
  {
    id: 'n-102',
    title: 'Fender pile replacement',
    author: 'Tobias Quill',
    location: 'Quay 2 works file',
    reviewedBy: 'Ines Marlow',
    body: 'Twelve greenheart piles arrive in February; the crane is booked for the first week.',
  },
  {
    id: 'n-103',
    title: 'Winter timetable notes',
    author: 'Ines Marlow',
    location: 'Booking hall noticeboard',
    reviewedBy: 'Priya Natarajan',
    body: 'The last island sailing moves to 16:40 from January; school runs keep their slots.',
  },
  {
    id: 'n-104',
    title: 'Storm mooring checklist',
    author: 'Oskar Brandt',
    location: 'Bosun locker binder',
    reviewedBy: 'Maud Ferris',
    body: 'Double the springs, slack the breast lines on the flood, and tape the gangway lights.',
  },
  {
    id: 'n-105',
    title: 'Passenger levy review',
    author: 'Priya Natarajan',
    location: 'Finance share, levy folder',
    reviewedBy: 'Tobias Quill',
    body: 'The levy has not moved since 2019; the board asked for three options by spring.',
  },
];

/** @param {string} markdown */
function md(markdown) {
  return { content: [{ type: /** @type {const} */ ('text'), text: markdown }] };
}

/** @param {typeof NOTES[number]} note */
function render(note) {
  return [
    `# ${note.title}`,
    '',
    `**Author:** ${note.author}`,
    `**Filed at:** ${note.location}`,
    `**Reviewed by:** ${note.reviewedBy}`,
    '',
    note.body,
  ].join('\n');
}

/** @param {import('@modelcontextprotocol/server').McpServer} server */
function register(server) {
  server.registerTool(
    'list_notes',
    {
      description: 'List every note in the harbour notebook as a table of id, title and author.',
      inputSchema: z.object({}),
    },
    async () =>
      md(
        [
          '| id | title | author |',
          '| --- | --- | --- |',
          ...NOTES.map((n) => `| ${n.id} | ${n.title} | ${n.author} |`),
        ].join('\n'),
      ),
  );
  server.registerTool(
    'get_note',
    {
      description:
        'Show one note by its note id: who wrote it, where it is filed, who reviewed it, and its text.',
      inputSchema: z.object({ note_id: z.string().describe('the id of a note, from list_notes') }),
    },
    async ({ note_id }) => {
      const note = NOTES.find((n) => n.id === note_id);
      return note ? md(render(note)) : toolError(`No note with id ${note_id}.`);
    },
  );
  server.registerTool(
    'search_notes',
    {
      description: 'Search the notes for a word or phrase; lists the titles that mention it.',
      inputSchema: z.object({ query: z.string().min(1) }),
    },
    async ({ query }) => {
      const q = query.toLowerCase();
      const hits = NOTES.filter((n) => `${n.title} ${n.body}`.toLowerCase().includes(q));
      return md(
        hits.length === 0
          ? `Nothing mentions "${query}".`
          : hits.map((n) => `- ${n.title} (${n.id})`).join('\n'),
      );
    },
  );
  server.registerTool(
    'delete_note',
    {
      description: 'Delete a note for good.',
      inputSchema: z.object({ note_id: z.string() }),
    },
    async ({ note_id }) => toolError(`notes cannot be deleted in this demo (${note_id})`),
  );
}

serve({
  keepAliveMs: KEEP_ALIVE_MS,
  factory: () => {
    const server = plantedServer('planted-markdown');
    register(server);
    return server;
  },
});
