// @ts-check
/**
 * Planted property: ignores the routing headers. Over HTTP, Mcp-Method and Mcp-Name are overwritten
 * from the body before the request is served, so a header that disagrees with the body is never
 * rejected (no 400 / -32020). Over stdio there are no headers and it behaves like good.js.
 * Probe outcome: header-mismatch-name and header-mismatch-method FAIL over HTTP; every other
 * probe passes.
 */
import { catalogueServer } from './lib/catalogue-server.js';
import { objectAt } from './lib/json.js';
import { serve } from './lib/serve.js';

const NAMED = new Set(['tools/call', 'prompts/get', 'resources/read']);

serve({
  factory: () => catalogueServer('fixture-lax-headers'),
  tamper: {
    request(message, headers) {
      const method = message.method;
      if (typeof method !== 'string' || !headers.has('mcp-method')) return message;
      headers.set('mcp-method', method);
      const params = objectAt(message, 'params');
      const name = method === 'resources/read' ? params?.uri : params?.name;
      if (NAMED.has(method) && typeof name === 'string') headers.set('mcp-name', name);
      return message;
    },
  },
});
