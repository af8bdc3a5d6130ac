// @ts-check
/**
 * Planted property: tools/list results carry no cache hints (ttlMs and cacheScope are stripped
 * from the frame; the SDK would otherwise fill in defaults).
 * Probe outcome: cache-hints FAILS on modern connections; every other probe passes.
 */
import { catalogueServer } from './lib/catalogue-server.js';
import { objectAt } from './lib/json.js';
import { serve } from './lib/serve.js';

serve({
  factory: () => catalogueServer('fixture-no-cache-hints'),
  tamper: {
    response(message, request) {
      const result = objectAt(message, 'result');
      if (request?.method === 'tools/list' && result) {
        delete result.ttlMs;
        delete result.cacheScope;
      }
      return message;
    },
  },
});
