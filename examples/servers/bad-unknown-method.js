// @ts-check
/**
 * Planted property: a method the server does not know is answered with an empty result instead of
 * the -32601 "Method not found" error (a low-level fallback request handler).
 * Probe outcome: unknown-method FAILS; every other probe passes.
 */
import { catalogueServer } from './lib/catalogue-server.js';
import { serve } from './lib/serve.js';

serve({
  factory: () => {
    const server = catalogueServer('fixture-bad-unknown-method');
    server.server.fallbackRequestHandler = async () => ({});
    return server;
  },
});
