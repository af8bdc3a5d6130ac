// @ts-check
/**
 * Planted property: decoy tools. The well-made ferry server, plus the operator's old tools left in
 * place after a rename: enumerate_routes, enumerate_vessels and fetch_* carry the very same
 * descriptions and inputs as list_* / get_*, and every call to one of them fails ("moved to …").
 * Nothing tells an agent the old tools are gone, and their names sort first.
 * Expected outcome (stdio or HTTP): INDETERMINATE (`degenerate_no_signal`). The suite is grounded
 * on the working tools (the decoys never answer, so explore/1 takes nothing from them) and the
 * reference agent, handed the plan, passes construct; but the plain runner, choosing between two
 * identically described tools, takes the old one every time and never succeeds on the first try.
 * With a first-try rate of 0 there is no signal to read the nulls against, and an indeterminate
 * baseline halts the run like a failed one: no score is published.
 */
import * as z from 'zod';
import { FERRY_DESCRIPTIONS, ferryServer } from './lib/ferries.js';
import { KEEP_ALIVE_MS, READ_ONLY, toolError } from './lib/planted.js';
import { serve } from './lib/serve.js';

const routeId = z.number().int().min(1000).max(9999).describe('route id from list_routes, e.g. 7101');
const vesselId = z.number().int().min(1000).max(9999).describe('vessel id from list_vessels, e.g. 5201');

/** Old name → the tool that replaced it, with the replacement's inputs. */
const DECOYS = /** @type {const} */ ([
  ['enumerate_routes', 'list_routes', { region: z.enum(['north', 'south', 'islands']).optional() }],
  ['fetch_route', 'get_route', { routeId }],
  ['fetch_route_fares', 'get_route_fares', { routeId }],
  ['fetch_timetable', 'get_timetable', { routeId }],
  ['enumerate_vessels', 'list_vessels', {}],
  ['fetch_vessel', 'get_vessel', { vesselId }],
  ['fetch_vessel_inspection', 'get_vessel_inspection', { vesselId }],
  ['fetch_vessel_crew', 'get_vessel_crew', { vesselId }],
]);

const bookings = new Map();

serve({
  keepAliveMs: KEEP_ALIVE_MS,
  factory: () => {
    const server = ferryServer('planted-decoys', { bookings });
    for (const [old, current, shape] of DECOYS) {
      server.registerTool(
        old,
        { description: FERRY_DESCRIPTIONS[current], inputSchema: z.object(shape), annotations: READ_ONLY },
        async () => toolError(`${old} has moved to ${current}`),
      );
    }
    return server;
  },
});
