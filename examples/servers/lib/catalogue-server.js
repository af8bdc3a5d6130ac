// @ts-check
/** The catalogue server every fault fixture starts from; each fixture then plants one fault. */
import { McpServer } from '@modelcontextprotocol/server';
import { registerCatalogue } from './catalogue.js';

/** @typedef {import('@modelcontextprotocol/server').ServerOptions} ServerOptions */

/**
 * @param {string} name server name (serverInfo.name)
 * @param {ServerOptions} [options] merged over the defaults (tools capability, private cache hints)
 */
export function catalogueServer(name, options = {}) {
  const server = new McpServer(
    { name, version: '1.0.0' },
    {
      capabilities: { tools: {} },
      instructions: 'Search the catalogue, then look up books and shelf copies by id.',
      cacheHints: {
        'tools/list': { ttlMs: 60_000, cacheScope: 'private' },
        'server/discover': { ttlMs: 60_000, cacheScope: 'private' },
      },
      ...options,
    },
  );
  registerCatalogue(server);
  return server;
}
