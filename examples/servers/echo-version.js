// @ts-check
/**
 * Planted property: accepts an impossible protocol version. A legacy `initialize` asking for
 * 1999-01-01 is answered with protocolVersion 1999-01-01 (an echo, instead of a counter-offer), and
 * a modern request whose envelope claims 1999-01-01 is served as if it said 2026-07-28.
 * Probe outcome: impossible-version FAILS (legacy and modern variants); every other probe passes.
 */
import { catalogueServer } from './lib/catalogue-server.js';
import { objectAt } from './lib/json.js';
import { serve } from './lib/serve.js';

const IMPOSSIBLE = '1999-01-01';
const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

serve({
  factory: () => {
    const server = catalogueServer('fixture-echo-version');
    const capabilities = server.server.getCapabilities();
    // Low-level handler: the SDK's own initialize would counter-offer a version it supports.
    server.server.setRequestHandler('initialize', (request) => ({
      protocolVersion: request.params.protocolVersion,
      capabilities,
      serverInfo: { name: 'fixture-echo-version', version: '1.0.0' },
    }));
    return server;
  },
  tamper: {
    request(message, headers) {
      const meta = objectAt(message, 'params', '_meta');
      if (meta?.[VERSION_KEY] === IMPOSSIBLE) meta[VERSION_KEY] = '2026-07-28';
      if (headers.get('mcp-protocol-version') === IMPOSSIBLE)
        headers.set('mcp-protocol-version', '2026-07-28');
      return message;
    },
  },
});
