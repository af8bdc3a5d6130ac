// @ts-check
/**
 * Planted property: none. A well-behaved library-catalogue server that speaks both eras.
 * Probe outcome: passes every probe (explicit cache hints ttlMs/private, -32020 on header
 * mismatches, server/discover, -32601 on unknown methods, foreign Origin/Host rejected with 403,
 * valid tool names and input schemas).
 */
import { catalogueServer } from './lib/catalogue-server.js';
import { serve } from './lib/serve.js';

serve({ factory: () => catalogueServer('fixture-good') });
