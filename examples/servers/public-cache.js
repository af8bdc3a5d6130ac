// @ts-check
/**
 * Planted property: an authenticated server that marks its tool list `cacheScope: "public"`.
 * Over HTTP every request needs `Authorization: Bearer <token>` (any token names a tenant; none is
 * answered 401), so a shared cache keyed without the credential could serve one tenant's list to
 * another. Over stdio there is no credential and the same hint is harmless.
 * Probe outcome: cache-hints FAILS over HTTP with a token (cross-tenant cache finding); passes over
 * stdio; without a token the server cannot be reached at all.
 */
import { catalogueServer } from './lib/catalogue-server.js';
import { serve } from './lib/serve.js';

serve({
  factory: () =>
    catalogueServer('fixture-public-cache', {
      cacheHints: {
        'tools/list': { ttlMs: 300_000, cacheScope: 'public' },
        'server/discover': { ttlMs: 300_000, cacheScope: 'public' },
      },
    }),
  gate: (request) => {
    if (/^Bearer \S+$/.test(request.headers.get('authorization') ?? '')) return undefined;
    return Response.json(
      {
        jsonrpc: '2.0',
        error: { code: -32001, message: 'Unauthorized: a bearer token is required' },
        id: null,
      },
      { status: 401, headers: { 'www-authenticate': 'Bearer realm="fixture-public-cache"' } },
    );
  },
});
