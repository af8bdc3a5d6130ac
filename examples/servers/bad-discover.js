// @ts-check
/**
 * Planted property: server/discover answers without its cache hints (ttlMs and cacheScope are
 * stripped from the discover result; tools/list keeps them).
 * Probe outcome: server-discover FAILS (on the raw frame the server is clearly modern, so the
 * discover answer is held to the 2026-07-28 shape); every other probe passes.
 */
import { catalogueServer } from './lib/catalogue-server.js';
import { objectAt } from './lib/json.js';
import { serve } from './lib/serve.js';

serve({
  factory: () => catalogueServer('fixture-bad-discover'),
  tamper: {
    response(message, request) {
      const result = objectAt(message, 'result');
      if (request?.method === 'server/discover' && result) {
        delete result.ttlMs;
        delete result.cacheScope;
      }
      return message;
    },
  },
});
