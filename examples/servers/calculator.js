// @ts-check
/**
 * Planted property: a server any model can stand in for. A calculator whose ten tools each take an
 * arithmetic expression and return its exact value: correct, well described, and useless to a
 * model that can do arithmetic, because every task the generator can ground states the sum it asks
 * about.
 * Expected outcome (stdio or HTTP): DEGENERATE (`all_candidates_null_answerable`). Every candidate
 * is admitted, then the generation-time null screen (the runner with no tools and no server)
 * answers each one, so the screen deletes the whole suite and the shortfall below 8 tasks is the
 * screen's doing, not a thin surface.
 */
import { calculatorServer } from './lib/calculator-server.js';
import { KEEP_ALIVE_MS } from './lib/planted.js';
import { serve } from './lib/serve.js';

serve({ keepAliveMs: KEEP_ALIVE_MS, factory: () => calculatorServer() });
