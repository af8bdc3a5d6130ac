// @ts-check
/**
 * A small, realistic domain for the planted-outcome servers: a coastal ferry operator (routes,
 * vessels, fares, timetables, inspections, crews, bookings). Eight read-only tools whose ids chain
 * from the two lists to the six lookups, one tool that creates a booking and one that destroys it,
 * every one annotated truthfully and every read with an output schema.
 *
 * Ids are integers, so a lexical agent never mistakes a name for an id, and detail fields are never
 * repeated in the lists, so reading a list is not the same as reading the record. Every value an
 * agent could be asked for is unique in the result it comes from.
 *
 * `registerFerries(server, { around })` lets a planted server wrap every tool handler (to count,
 * fail, delay or drop calls) without touching the domain.
 */
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { CREATES, DESTROYS, plantedServer, READ_ONLY, structured, toolError } from './planted.js';

/** @typedef {import('@modelcontextprotocol/server').CallToolResult} CallToolResult */
/**
 * Wraps one tool's handler: receives the tool name and the real handler, returns the handler used
 * (the same arguments in, a result out).
 * @typedef {<A>(tool: string, handler: (args: A) => Promise<CallToolResult>) =>
 *   (args: A) => Promise<CallToolResult>} Around
 */

import { FERRY_DESCRIPTIONS, ROUTES, VESSELS } from './ferry-data.js';

export { FERRY_DESCRIPTIONS, ROUTES, VESSELS };

const routeId = z.number().int().min(1000).max(9999).describe('route id from list_routes, e.g. 7101');
const vesselId = z.number().int().min(1000).max(9999).describe('vessel id from list_vessels, e.g. 5201');

/** @param {number} id */
function findRoute(id) {
  return ROUTES.find((r) => r.routeId === id);
}

/** @param {number} id */
function findVessel(id) {
  return VESSELS.find((v) => v.vesselId === id);
}

/** @type {Around} */
const direct = (_tool, handler) => handler;

/**
 * @typedef {object} FerryOptions
 * @property {Around} [around] wraps every tool handler
 * @property {(tool: string, text: string, field: 'title' | 'description') => string} [describe] rewrites a
 *   tool's title or description
 * @property {Map<string, Record<string, unknown>>} [bookings] where bookings live (one map per process)
 */

/**
 * Registers the ferry operator's ten tools on `server`.
 * @param {McpServer} server
 * @param {FerryOptions} [options]
 */
export function registerFerries(server, options = {}) {
  const around = options.around ?? direct;
  const bookings = options.bookings ?? new Map();
  const describe = options.describe ?? ((_tool, text) => text);

  server.registerTool(
    'list_routes',
    {
      title: describe('list_routes', 'Ferry routes', 'title'),
      description: describe('list_routes', FERRY_DESCRIPTIONS.list_routes, 'description'),
      inputSchema: z.object({
        region: z.enum(['north', 'south', 'islands']).optional().describe('only routes in this region'),
      }),
      outputSchema: z.object({
        routes: z.array(z.object({ routeId: z.number().int(), name: z.string(), region: z.string() })),
      }),
      annotations: READ_ONLY,
    },
    around('list_routes', async ({ region }) =>
      structured({
        routes: ROUTES.filter((r) => region === undefined || r.region === region).map((r) => ({
          routeId: r.routeId,
          name: r.name,
          region: r.region,
        })),
      }),
    ),
  );

  server.registerTool(
    'get_route',
    {
      title: describe('get_route', 'Route details', 'title'),
      description: describe('get_route', FERRY_DESCRIPTIONS.get_route, 'description'),
      inputSchema: z.object({ routeId }),
      outputSchema: z.object({
        routeId: z.number().int(),
        name: z.string(),
        departurePort: z.string(),
        arrivalPort: z.string(),
        distanceNm: z.number(),
        crossingMinutes: z.number().int(),
      }),
      annotations: READ_ONLY,
    },
    around('get_route', async ({ routeId: id }) => {
      const r = findRoute(id);
      if (!r) return toolError(`no route with routeId ${id}; list_routes gives the ids`);
      const { routeId: rid, name, departurePort, arrivalPort, distanceNm, crossingMinutes } = r;
      return structured({ routeId: rid, name, departurePort, arrivalPort, distanceNm, crossingMinutes });
    }),
  );

  server.registerTool(
    'get_route_fares',
    {
      title: describe('get_route_fares', 'Route fares', 'title'),
      description: describe('get_route_fares', FERRY_DESCRIPTIONS.get_route_fares, 'description'),
      inputSchema: z.object({ routeId }),
      outputSchema: z.object({
        routeId: z.number().int(),
        adultPence: z.number().int(),
        carPence: z.number().int(),
        fareZone: z.string(),
      }),
      annotations: READ_ONLY,
    },
    around('get_route_fares', async ({ routeId: id }) => {
      const r = findRoute(id);
      if (!r) return toolError(`no route with routeId ${id}; list_routes gives the ids`);
      return structured({ routeId: r.routeId, ...r.fares });
    }),
  );

  server.registerTool(
    'get_timetable',
    {
      title: describe('get_timetable', 'Route timetable', 'title'),
      description: describe('get_timetable', FERRY_DESCRIPTIONS.get_timetable, 'description'),
      inputSchema: z.object({ routeId }),
      outputSchema: z.object({
        routeId: z.number().int(),
        firstDeparture: z.string(),
        lastDeparture: z.string(),
        sailingsPerDay: z.number().int(),
      }),
      annotations: READ_ONLY,
    },
    around('get_timetable', async ({ routeId: id }) => {
      const r = findRoute(id);
      if (!r) return toolError(`no route with routeId ${id}; list_routes gives the ids`);
      return structured({ routeId: r.routeId, ...r.timetable });
    }),
  );

  server.registerTool(
    'list_vessels',
    {
      title: describe('list_vessels', 'Fleet', 'title'),
      description: describe('list_vessels', FERRY_DESCRIPTIONS.list_vessels, 'description'),
      inputSchema: z.object({}),
      outputSchema: z.object({
        vessels: z.array(z.object({ vesselId: z.number().int(), name: z.string() })),
      }),
      annotations: READ_ONLY,
    },
    around('list_vessels', async () =>
      structured({ vessels: VESSELS.map((v) => ({ vesselId: v.vesselId, name: v.name })) }),
    ),
  );

  server.registerTool(
    'get_vessel',
    {
      title: describe('get_vessel', 'Vessel details', 'title'),
      description: describe('get_vessel', FERRY_DESCRIPTIONS.get_vessel, 'description'),
      inputSchema: z.object({ vesselId }),
      outputSchema: z.object({
        vesselId: z.number().int(),
        name: z.string(),
        builtYear: z.number().int(),
        shipyard: z.string(),
        capacityPassengers: z.number().int(),
      }),
      annotations: READ_ONLY,
    },
    around('get_vessel', async ({ vesselId: id }) => {
      const v = findVessel(id);
      if (!v) return toolError(`no vessel with vesselId ${id}; list_vessels gives the ids`);
      const { vesselId: vid, name, builtYear, shipyard, capacityPassengers } = v;
      return structured({ vesselId: vid, name, builtYear, shipyard, capacityPassengers });
    }),
  );

  server.registerTool(
    'get_vessel_inspection',
    {
      title: describe('get_vessel_inspection', 'Vessel inspection', 'title'),
      description: describe('get_vessel_inspection', FERRY_DESCRIPTIONS.get_vessel_inspection, 'description'),
      inputSchema: z.object({ vesselId }),
      outputSchema: z.object({
        vesselId: z.number().int(),
        inspector: z.string(),
        inspectedOn: z.string(),
        certificate: z.string(),
      }),
      annotations: READ_ONLY,
    },
    around('get_vessel_inspection', async ({ vesselId: id }) => {
      const v = findVessel(id);
      if (!v) return toolError(`no vessel with vesselId ${id}; list_vessels gives the ids`);
      return structured({ vesselId: v.vesselId, ...v.inspection });
    }),
  );

  server.registerTool(
    'get_vessel_crew',
    {
      title: describe('get_vessel_crew', 'Vessel crew', 'title'),
      description: describe('get_vessel_crew', FERRY_DESCRIPTIONS.get_vessel_crew, 'description'),
      inputSchema: z.object({ vesselId }),
      outputSchema: z.object({
        vesselId: z.number().int(),
        master: z.string(),
        chiefEngineer: z.string(),
        bosun: z.string(),
      }),
      annotations: READ_ONLY,
    },
    around('get_vessel_crew', async ({ vesselId: id }) => {
      const v = findVessel(id);
      if (!v) return toolError(`no vessel with vesselId ${id}; list_vessels gives the ids`);
      return structured({ vesselId: v.vesselId, ...v.crew });
    }),
  );

  server.registerTool(
    'book_ticket',
    {
      title: describe('book_ticket', 'Book a ticket', 'title'),
      description: describe('book_ticket', FERRY_DESCRIPTIONS.book_ticket, 'description'),
      inputSchema: z.object({
        routeId,
        passenger: z.string().min(1).max(80).describe('passenger full name'),
        date: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .describe('travel date, YYYY-MM-DD'),
      }),
      outputSchema: z.object({ reference: z.string(), routeId: z.number().int(), date: z.string() }),
      annotations: CREATES,
    },
    around('book_ticket', async ({ routeId: id, passenger, date }) => {
      if (!findRoute(id)) return toolError(`no route with routeId ${id}; list_routes gives the ids`);
      const reference = `FB-${String(bookings.size + 1).padStart(5, '0')}`;
      bookings.set(reference, { reference, routeId: id, passenger, date });
      return structured({ reference, routeId: id, date });
    }),
  );

  server.registerTool(
    'cancel_booking',
    {
      title: describe('cancel_booking', 'Cancel a booking', 'title'),
      description: describe('cancel_booking', FERRY_DESCRIPTIONS.cancel_booking, 'description'),
      inputSchema: z.object({ reference: z.string().describe('booking reference from book_ticket') }),
      outputSchema: z.object({ reference: z.string(), cancelled: z.boolean() }),
      annotations: DESTROYS,
    },
    around('cancel_booking', async ({ reference }) => {
      if (!bookings.delete(reference)) return toolError(`no booking ${reference}`);
      return structured({ reference, cancelled: true });
    }),
  );
}

/** The server instructions every ferry server shares. */
export const FERRY_INSTRUCTIONS =
  'A coastal ferry operator. list_routes and list_vessels give the ids the other tools take.';

/**
 * A ferry server instance as every planted ferry server builds it (one per HTTP request, one per
 * stdio process): explicit private cache hints, the shared instructions, the ten tools.
 * @param {string} name serverInfo.name
 * @param {FerryOptions & { instructions?: string }} [options]
 */
export function ferryServer(name, options = {}) {
  const server = plantedServer(name, { instructions: options.instructions ?? FERRY_INSTRUCTIONS });
  registerFerries(server, options);
  return server;
}
