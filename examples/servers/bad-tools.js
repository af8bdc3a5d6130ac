// @ts-check
/**
 * Planted property: a tool surface that breaks the rules, served by a low-level Server (McpServer
 * would build valid schemas): names with a space and a slash (outside the MCP tool-name alphabet
 * [A-Za-z0-9_.-]) and input schemas that do not compile (an unknown JSON type, `required` not an
 * array).
 * Probe outcome: tool-names FAILS and input-schemas FAILS; every other probe passes.
 */
import { Server } from '@modelcontextprotocol/server';
import { serve } from './lib/serve.js';

const TOOLS = [
  {
    name: 'search books',
    description: 'Find books by a word in the title.',
    inputSchema: { type: 'object', properties: { query: { type: 'text' } } },
    annotations: { readOnlyHint: true, destructiveHint: false },
  },
  {
    name: 'get/book',
    description: 'One book by id.',
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: 'id' },
    annotations: { readOnlyHint: true, destructiveHint: false },
  },
  {
    name: 'list_branches',
    description: 'Every branch of the library.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true, destructiveHint: false },
  },
];

serve({
  factory: () => {
    const server = new Server(
      { name: 'fixture-bad-tools', version: '1.0.0' },
      {
        capabilities: { tools: {} },
        cacheHints: { 'tools/list': { ttlMs: 60_000, cacheScope: 'private' } },
      },
    );
    // The types forbid these schemas: that is the planted fault, so the list is passed through as is.
    const tools = /** @type {import('@modelcontextprotocol/server').Tool[]} */ (
      /** @type {unknown} */ (TOOLS)
    );
    server.setRequestHandler('tools/list', () => ({ tools }));
    server.setRequestHandler('tools/call', (request) => ({
      content: [{ type: 'text', text: `${request.params.name} has nothing to say` }],
      isError: !TOOLS.some((t) => t.name === request.params.name),
    }));
    return server;
  },
});
