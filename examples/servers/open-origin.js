// @ts-check
/**
 * Planted property: no DNS-rebinding protection. Over HTTP it serves requests whatever their Host
 * or Origin header says (like many real servers, e.g. server-everything).
 * Probe outcome: origin-check FAILS over HTTP (could not check over stdio); every other probe passes.
 */
import { catalogueServer } from './lib/catalogue-server.js';
import { serve } from './lib/serve.js';

serve({ factory: () => catalogueServer('fixture-open-origin'), checkOrigin: false });
