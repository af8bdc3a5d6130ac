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

export const ROUTES = [
  {
    routeId: 7101,
    name: 'Northern Crossing',
    region: 'north',
    departurePort: 'Alderford Quay',
    arrivalPort: 'Kestrel Bay',
    distanceNm: 14,
    crossingMinutes: 55,
    fares: { adultPence: 1240, carPence: 3890, fareZone: 'Amber' },
    timetable: { firstDeparture: '06:40', lastDeparture: '21:15', sailingsPerDay: 9 },
  },
  {
    routeId: 7102,
    name: 'Lantern Sound Shuttle',
    region: 'islands',
    departurePort: 'Kestrel Bay',
    arrivalPort: 'Lantern Isle',
    distanceNm: 6,
    crossingMinutes: 25,
    fares: { adultPence: 1560, carPence: 4420, fareZone: 'Teal' },
    timetable: { firstDeparture: '07:05', lastDeparture: '19:50', sailingsPerDay: 12 },
  },
  {
    routeId: 7103,
    name: 'Saltmarsh Loop',
    region: 'south',
    departurePort: 'Wrenmouth Pier',
    arrivalPort: 'Saltmarsh Hard',
    distanceNm: 9,
    crossingMinutes: 40,
    fares: { adultPence: 1980, carPence: 5170, fareZone: 'Coral' },
    timetable: { firstDeparture: '08:20', lastDeparture: '18:35', sailingsPerDay: 6 },
  },
  {
    routeId: 7104,
    name: 'Gannet Rock Service',
    region: 'islands',
    departurePort: 'Lantern Isle',
    arrivalPort: 'Gannet Rock Jetty',
    distanceNm: 11,
    crossingMinutes: 50,
    fares: { adultPence: 2230, carPence: 6040, fareZone: 'Slate' },
    timetable: { firstDeparture: '09:10', lastDeparture: '16:45', sailingsPerDay: 4 },
  },
  {
    routeId: 7105,
    name: 'Harbour Night Ferry',
    region: 'north',
    departurePort: 'Port Ellery',
    arrivalPort: 'Alderford Quay',
    distanceNm: 21,
    crossingMinutes: 95,
    fares: { adultPence: 2675, carPence: 7310, fareZone: 'Indigo' },
    timetable: { firstDeparture: '22:30', lastDeparture: '23:55', sailingsPerDay: 2 },
  },
  {
    routeId: 7106,
    name: 'Westerly Link',
    region: 'south',
    departurePort: 'Saltmarsh Hard',
    arrivalPort: 'Brackwater Steps',
    distanceNm: 17,
    crossingMinutes: 70,
    fares: { adultPence: 1415, carPence: 4765, fareZone: 'Ochre' },
    timetable: { firstDeparture: '06:55', lastDeparture: '20:05', sailingsPerDay: 7 },
  },
];

export const VESSELS = [
  {
    vesselId: 5201,
    name: 'Morning Gannet',
    builtYear: 1987,
    shipyard: 'Caldwell and Pryce',
    capacityPassengers: 240,
    inspection: { inspector: 'Halvard Rusk', inspectedOn: '2026-03-14', certificate: 'MCA-44817' },
    crew: { master: 'Ines Marlow', chiefEngineer: 'Tomasz Wielgus', bosun: 'Priya Natarajan' },
  },
  {
    vesselId: 5202,
    name: 'Saint Brannoc',
    builtYear: 2009,
    shipyard: 'Ostmark Werft',
    capacityPassengers: 410,
    inspection: { inspector: 'Delphine Achterberg', inspectedOn: '2026-05-02', certificate: 'MCA-45190' },
    crew: { master: 'Oskar Brandt', chiefEngineer: 'Agnieszka Lorens', bosun: 'Kwame Asante' },
  },
  {
    vesselId: 5203,
    name: 'Lantern Belle',
    builtYear: 1994,
    shipyard: 'Harland Minor Yard',
    capacityPassengers: 180,
    inspection: { inspector: 'Rufus Okonkwo', inspectedOn: '2025-11-27', certificate: 'MCA-43562' },
    crew: { master: 'Sinead Farrelly', chiefEngineer: 'Bartholomew Quist', bosun: 'Lotte Haverkamp' },
  },
  {
    vesselId: 5204,
    name: 'Brackwater Pride',
    builtYear: 2016,
    shipyard: 'Tyneside Composite',
    capacityPassengers: 520,
    inspection: { inspector: 'Mirela Dragomir', inspectedOn: '2026-01-19', certificate: 'MCA-44003' },
    crew: { master: 'Eamon Thackeray', chiefEngineer: 'Yusuf Demirel', bosun: 'Greta Solberg' },
  },
  {
    vesselId: 5205,
    name: 'Kittiwake Runner',
    builtYear: 2021,
    shipyard: 'Fairlie Boatworks',
    capacityPassengers: 96,
    inspection: { inspector: 'Cosmo Pettigrew', inspectedOn: '2026-06-08', certificate: 'MCA-45377' },
    crew: { master: 'Hanne Visser', chiefEngineer: 'Ruairi Conlon', bosun: 'Maud Ashdown' },
  },
];

/** What each ferry tool says it does (planted servers that add tools reuse the words). */
export const FERRY_DESCRIPTIONS = Object.freeze({
  list_routes: 'Lists every ferry route with its id, name and region.',
  get_route:
    'Fetches the full record of one ferry route by its routeId (from list_routes): ports, distance and crossing time.',
  get_route_fares:
    'Fetches the fares on one ferry route by its routeId: adult and car fares in pence, and the fare zone.',
  get_timetable:
    'Fetches the timetable of one ferry route by its routeId: first and last departure, and sailings per day.',
  list_vessels: 'Lists every vessel in the fleet with its id and name.',
  get_vessel:
    'Fetches the full record of one vessel by its vesselId (from list_vessels): build year, shipyard and passenger capacity.',
  get_vessel_inspection:
    'Fetches the latest safety inspection of one vessel by its vesselId: inspector, inspection date and certificate number.',
  get_vessel_crew: 'Fetches the senior crew of one vessel by its vesselId: master, chief engineer and bosun.',
  book_ticket:
    'Books a ticket for one passenger on a ferry route on a date and returns the booking reference. Creates a booking; changes nothing else.',
  cancel_booking: 'Cancels a booking by its reference. The booking is deleted and cannot be restored.',
});

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
