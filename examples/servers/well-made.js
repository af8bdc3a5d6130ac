// @ts-check
/**
 * Planted property: none; a well-made server. A coastal ferry operator with ten tools (eight reads,
 * one booking, one cancellation), clear names and descriptions, truthful annotations, an output
 * schema on every tool, integer ids that chain from list_routes / list_vessels to six lookups, and
 * every value an agent could be asked for unique in its result. The answers depend on the question.
 * Expected outcome (offline heuristic runner, explore/1, stdio or HTTP): SCORED. Only the two lists
 * answer without the right id, so the nulls stay far below half the signal, and the lexical agent
 * finds each lookup from the task's own words.
 */
import { ferryServer } from './lib/ferries.js';
import { KEEP_ALIVE_MS } from './lib/planted.js';
import { serve } from './lib/serve.js';

/** Bookings live as long as the process (shared by every HTTP session, fresh per stdio process). */
const bookings = new Map();

serve({
  keepAliveMs: KEEP_ALIVE_MS,
  factory: () => ferryServer('planted-well-made', { bookings }),
});
