// Seed of apidog-oas (docs/corpus.md): the OpenAPI 3.0 description of a city bike-share's public API
// (docks, bikes, members, passes, rides, repair tickets), a file no other server of the corpus reads.
// It is written as `openapi.json` in the data folder, and the server is started on it with the flag its
// README gives for reading a Swagger or OpenAPI file instead of an Apidog project (`--oas <path>`).
// Paths, parameters, request bodies, responses and schemas joined by $ref, enums, formats, tags,
// bearer and API-key security, and examples with concrete values (dock names, dates, counts that
// differ). Fixed text: the same bytes everywhere; no network.
import { target, writeTree } from './lib/common.js';

const dir = target();

const ref = (name) => ({ $ref: `#/components/schemas/${name}` });
const page = (item) => ({
  type: 'object',
  required: ['items', 'page', 'pageSize', 'total'],
  properties: {
    items: { type: 'array', items: ref(item) },
    page: { type: 'integer', minimum: 1, example: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, example: 20 },
    total: { type: 'integer', example: 48 },
  },
});
const json = (schema, example) => ({
  content: { 'application/json': example === undefined ? { schema } : { schema, example } },
});
const problem = (description) => ({ description, ...json(ref('Problem')) });
const idParam = (name, description, example) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', pattern: '^[a-z]{3}-[0-9]{3,5}$' },
  example,
});
const pageParams = [
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
];

const spec = {
  openapi: '3.0.3',
  info: {
    title: 'Cityspokes Bike Share API',
    version: '2.4.0',
    description:
      'Public API of Cityspokes, the bike-share scheme of Harbourton: docking stations and their live availability, the bikes, members and their passes, rides, and repair tickets raised by riders or the depot. Times are UTC, distances in metres, prices in euro cents.',
    contact: { name: 'Cityspokes platform team', email: 'platform@cityspokes.example' },
    license: { name: 'CC BY 4.0 (station data)', url: 'https://creativecommons.org/licenses/by/4.0/' },
  },
  servers: [
    { url: 'https://api.cityspokes.example/v2', description: 'production' },
    { url: 'https://sandbox.cityspokes.example/v2', description: 'sandbox, reset nightly at 03:00 UTC' },
  ],
  tags: [
    { name: 'stations', description: 'Docking stations and their availability' },
    { name: 'bikes', description: 'The fleet: classic and e-bikes' },
    { name: 'members', description: 'Members and their passes (bearer token of the member)' },
    { name: 'rides', description: 'Rides started and ended at stations' },
    { name: 'repairs', description: 'Repair tickets for bikes and docks' },
  ],
  security: [{ apiKey: [] }],
  paths: {
    '/stations': {
      get: {
        tags: ['stations'],
        operationId: 'listStations',
        summary: 'List docking stations',
        description: 'Stations of the scheme, optionally only those of one district or with a free e-bike.',
        parameters: [
          ...pageParams,
          {
            name: 'district',
            in: 'query',
            schema: {
              type: 'string',
              enum: ['Old Harbour', 'Millbank', 'Northgate', 'Eastfield', 'Riverside'],
            },
          },
          { name: 'hasEbike', in: 'query', schema: { type: 'boolean' } },
        ],
        responses: { 200: { description: 'A page of stations', ...json(page('Station')) } },
      },
    },
    '/stations/{stationId}': {
      get: {
        tags: ['stations'],
        operationId: 'getStation',
        summary: 'Get one station',
        parameters: [idParam('stationId', 'Station identifier', 'stn-014')],
        responses: {
          200: {
            description: 'The station',
            ...json(ref('Station'), {
              id: 'stn-014',
              name: 'Fish Market Steps',
              district: 'Old Harbour',
              location: { lat: 51.4521, lon: -2.5973 },
              capacity: 24,
              openedOn: '2021-05-17',
              status: 'open',
            }),
          },
          404: problem('No station has this identifier'),
        },
      },
    },
    '/stations/{stationId}/availability': {
      get: {
        tags: ['stations'],
        operationId: 'getStationAvailability',
        summary: 'Live availability of a station',
        description: 'Bikes and free docks now, refreshed every 30 seconds from the dock controllers.',
        parameters: [idParam('stationId', 'Station identifier', 'stn-031')],
        responses: {
          200: {
            description: 'Availability',
            ...json(ref('Availability'), {
              stationId: 'stn-031',
              classicBikes: 7,
              eBikes: 2,
              freeDocks: 9,
              disabledDocks: 1,
              reportedAt: '2026-04-11T08:42:30Z',
            }),
          },
          404: problem('No station has this identifier'),
        },
      },
    },
    '/bikes': {
      get: {
        tags: ['bikes'],
        operationId: 'listBikes',
        summary: 'List bikes',
        parameters: [
          ...pageParams,
          { name: 'type', in: 'query', schema: ref('BikeType') },
          {
            name: 'state',
            in: 'query',
            schema: { type: 'string', enum: ['docked', 'in_ride', 'in_repair', 'retired'] },
          },
        ],
        responses: { 200: { description: 'A page of bikes', ...json(page('Bike')) } },
      },
    },
    '/bikes/{bikeId}': {
      get: {
        tags: ['bikes'],
        operationId: 'getBike',
        summary: 'Get one bike',
        parameters: [idParam('bikeId', 'Frame number', 'bke-20417')],
        responses: {
          200: {
            description: 'The bike',
            ...json(ref('Bike'), {
              id: 'bke-20417',
              type: 'ebike',
              state: 'docked',
              stationId: 'stn-008',
              batteryPercent: 64,
              odometerMetres: 18311520,
              commissionedOn: '2023-03-02',
            }),
          },
          404: problem('No bike has this frame number'),
        },
      },
    },
    '/members': {
      post: {
        tags: ['members'],
        operationId: 'createMember',
        summary: 'Register a member',
        requestBody: {
          required: true,
          ...json(ref('NewMember'), {
            fullName: 'Ines Carvalho',
            email: 'ines.carvalho@example.org',
            birthYear: 1994,
            phone: '+44 7700 900318',
          }),
        },
        responses: {
          201: { description: 'Registered', ...json(ref('Member')) },
          409: problem('A member already uses this email'),
          422: problem('A field is missing or invalid'),
        },
      },
    },
    '/members/{memberId}': {
      get: {
        tags: ['members'],
        operationId: 'getMember',
        summary: 'Get a member',
        security: [{ bearer: [] }],
        parameters: [idParam('memberId', 'Member identifier', 'mbr-1187')],
        responses: {
          200: {
            description: 'The member',
            ...json(ref('Member'), {
              id: 'mbr-1187',
              fullName: 'Tomasz Wierzbicki',
              email: 'tomasz.w@example.org',
              birthYear: 1988,
              joinedOn: '2022-09-12',
              pass: { kind: 'annual', validFrom: '2026-01-05', validTo: '2027-01-04', priceCents: 9000 },
              ridesThisYear: 142,
            }),
          },
          401: problem('No valid bearer token'),
          404: problem('No member has this identifier'),
        },
      },
    },
    '/members/{memberId}/passes': {
      post: {
        tags: ['members'],
        operationId: 'buyPass',
        summary: 'Buy a pass for a member',
        security: [{ bearer: [] }],
        parameters: [idParam('memberId', 'Member identifier', 'mbr-1187')],
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            required: ['kind'],
            properties: { kind: ref('PassKind'), startsOn: { type: 'string', format: 'date' } },
          }),
        },
        responses: {
          201: { description: 'The pass bought', ...json(ref('Pass')) },
          402: problem('The payment was declined'),
        },
      },
    },
    '/rides': {
      get: {
        tags: ['rides'],
        operationId: 'listRides',
        summary: 'List the rides of the member of the token',
        security: [{ bearer: [] }],
        parameters: [
          ...pageParams,
          { name: 'from', in: 'query', schema: { type: 'string', format: 'date' }, example: '2026-03-01' },
          { name: 'to', in: 'query', schema: { type: 'string', format: 'date' }, example: '2026-03-31' },
        ],
        responses: { 200: { description: 'A page of rides', ...json(page('Ride')) } },
      },
      post: {
        tags: ['rides'],
        operationId: 'startRide',
        summary: 'Unlock a bike and start a ride',
        security: [{ bearer: [] }],
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            required: ['bikeId'],
            properties: { bikeId: { type: 'string', example: 'bke-11802' } },
          }),
        },
        responses: {
          201: { description: 'The ride started', ...json(ref('Ride')) },
          409: problem('The bike is not docked or is reserved'),
        },
      },
    },
    '/rides/{rideId}': {
      get: {
        tags: ['rides'],
        operationId: 'getRide',
        summary: 'Get a ride',
        security: [{ bearer: [] }],
        parameters: [idParam('rideId', 'Ride identifier', 'rde-88213')],
        responses: {
          200: {
            description: 'The ride',
            ...json(ref('Ride'), {
              id: 'rde-88213',
              memberId: 'mbr-1187',
              bikeId: 'bke-20417',
              fromStationId: 'stn-014',
              toStationId: 'stn-031',
              startedAt: '2026-03-18T07:51:04Z',
              endedAt: '2026-03-18T08:09:47Z',
              distanceMetres: 4230,
              chargeCents: 0,
            }),
          },
          404: problem('No ride has this identifier'),
        },
      },
    },
    '/rides/{rideId}/end': {
      post: {
        tags: ['rides'],
        operationId: 'endRide',
        summary: 'End a ride at a dock',
        security: [{ bearer: [] }],
        parameters: [idParam('rideId', 'Ride identifier', 'rde-88213')],
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            required: ['stationId'],
            properties: { stationId: { type: 'string', example: 'stn-031' } },
          }),
        },
        responses: {
          200: { description: 'The ride ended, with its charge', ...json(ref('Ride')) },
          409: problem('The ride has already ended'),
        },
      },
    },
    '/repairs': {
      get: {
        tags: ['repairs'],
        operationId: 'listRepairs',
        summary: 'List repair tickets',
        parameters: [...pageParams, { name: 'status', in: 'query', schema: ref('RepairStatus') }],
        responses: { 200: { description: 'A page of tickets', ...json(page('RepairTicket')) } },
      },
      post: {
        tags: ['repairs'],
        operationId: 'reportRepair',
        summary: 'Report a fault on a bike or a dock',
        requestBody: {
          required: true,
          ...json(ref('NewRepairTicket'), {
            bikeId: 'bke-11802',
            fault: 'brakes',
            note: 'Rear brake squeals and barely stops on the Millbank hill',
          }),
        },
        responses: {
          201: { description: 'The ticket', ...json(ref('RepairTicket')) },
          422: problem('Neither a bike nor a dock was named'),
        },
      },
    },
    '/repairs/{ticketId}': {
      patch: {
        tags: ['repairs'],
        operationId: 'updateRepair',
        summary: 'Move a ticket on (depot staff only)',
        security: [{ bearer: ['depot'] }],
        parameters: [idParam('ticketId', 'Ticket identifier', 'rep-0412')],
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            properties: {
              status: ref('RepairStatus'),
              mechanic: { type: 'string', example: 'Oluwaseun Bello' },
            },
          }),
        },
        responses: {
          200: { description: 'The ticket', ...json(ref('RepairTicket')) },
          403: problem('Not depot staff'),
        },
      },
    },
  },
  components: {
    securitySchemes: {
      apiKey: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Cityspokes-Key',
        description: 'Key of the calling app',
      },
      bearer: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'Token of a signed-in member, or of depot staff',
      },
    },
    schemas: {
      Station: {
        type: 'object',
        required: ['id', 'name', 'district', 'location', 'capacity', 'status'],
        properties: {
          id: { type: 'string', example: 'stn-014' },
          name: { type: 'string', example: 'Fish Market Steps' },
          district: {
            type: 'string',
            enum: ['Old Harbour', 'Millbank', 'Northgate', 'Eastfield', 'Riverside'],
          },
          location: ref('GeoPoint'),
          capacity: { type: 'integer', minimum: 6, maximum: 40, description: 'Number of docks' },
          openedOn: { type: 'string', format: 'date' },
          status: { type: 'string', enum: ['open', 'closed', 'planned'] },
        },
      },
      GeoPoint: {
        type: 'object',
        required: ['lat', 'lon'],
        properties: { lat: { type: 'number', format: 'double' }, lon: { type: 'number', format: 'double' } },
      },
      Availability: {
        type: 'object',
        properties: {
          stationId: { type: 'string' },
          classicBikes: { type: 'integer' },
          eBikes: { type: 'integer' },
          freeDocks: { type: 'integer' },
          disabledDocks: { type: 'integer' },
          reportedAt: { type: 'string', format: 'date-time' },
        },
      },
      BikeType: { type: 'string', enum: ['classic', 'ebike', 'cargo'] },
      Bike: {
        type: 'object',
        required: ['id', 'type', 'state'],
        properties: {
          id: { type: 'string', example: 'bke-20417' },
          type: ref('BikeType'),
          state: { type: 'string', enum: ['docked', 'in_ride', 'in_repair', 'retired'] },
          stationId: { type: 'string', nullable: true, description: 'Where it is docked, if it is' },
          batteryPercent: {
            type: 'integer',
            minimum: 0,
            maximum: 100,
            nullable: true,
            description: 'E-bikes and cargo bikes only',
          },
          odometerMetres: { type: 'integer' },
          commissionedOn: { type: 'string', format: 'date' },
        },
      },
      NewMember: {
        type: 'object',
        required: ['fullName', 'email', 'birthYear'],
        properties: {
          fullName: { type: 'string', minLength: 2, maxLength: 80 },
          email: { type: 'string', format: 'email' },
          birthYear: {
            type: 'integer',
            minimum: 1920,
            maximum: 2012,
            description: 'Members must be 14 or older',
          },
          phone: { type: 'string' },
        },
      },
      Member: {
        allOf: [
          ref('NewMember'),
          {
            type: 'object',
            required: ['id', 'joinedOn'],
            properties: {
              id: { type: 'string', example: 'mbr-1187' },
              joinedOn: { type: 'string', format: 'date' },
              pass: ref('Pass'),
              ridesThisYear: { type: 'integer' },
            },
          },
        ],
      },
      PassKind: {
        type: 'string',
        enum: ['day', 'monthly', 'annual', 'student-annual'],
        description:
          'day: €3.50, 24 hours; monthly: €15; annual: €90; student-annual: €55. Rides under 45 minutes are free with any pass.',
      },
      Pass: {
        type: 'object',
        required: ['kind', 'validFrom', 'validTo'],
        properties: {
          kind: ref('PassKind'),
          validFrom: { type: 'string', format: 'date' },
          validTo: { type: 'string', format: 'date' },
          priceCents: { type: 'integer', example: 9000 },
        },
      },
      Ride: {
        type: 'object',
        required: ['id', 'memberId', 'bikeId', 'fromStationId', 'startedAt'],
        properties: {
          id: { type: 'string' },
          memberId: { type: 'string' },
          bikeId: { type: 'string' },
          fromStationId: { type: 'string' },
          toStationId: { type: 'string', nullable: true },
          startedAt: { type: 'string', format: 'date-time' },
          endedAt: { type: 'string', format: 'date-time', nullable: true },
          distanceMetres: { type: 'integer' },
          chargeCents: { type: 'integer', description: '€1 per started 30 minutes past the first 45' },
        },
      },
      RepairStatus: { type: 'string', enum: ['reported', 'triaged', 'in_workshop', 'fixed', 'scrapped'] },
      NewRepairTicket: {
        type: 'object',
        required: ['fault'],
        properties: {
          bikeId: { type: 'string' },
          stationId: { type: 'string', description: 'For a faulty dock' },
          fault: {
            type: 'string',
            enum: ['brakes', 'chain', 'tyre', 'lights', 'battery', 'lock', 'dock-lock', 'other'],
          },
          note: { type: 'string', maxLength: 500 },
        },
      },
      RepairTicket: {
        allOf: [
          ref('NewRepairTicket'),
          {
            type: 'object',
            required: ['id', 'status', 'reportedAt'],
            properties: {
              id: { type: 'string', example: 'rep-0412' },
              status: ref('RepairStatus'),
              reportedAt: { type: 'string', format: 'date-time' },
              mechanic: { type: 'string', nullable: true },
              fixedAt: { type: 'string', format: 'date-time', nullable: true },
            },
          },
        ],
      },
      Problem: {
        type: 'object',
        description: 'RFC 9457 problem details',
        required: ['type', 'title', 'status'],
        properties: {
          type: {
            type: 'string',
            format: 'uri',
            example: 'https://api.cityspokes.example/problems/not-found',
          },
          title: { type: 'string', example: 'Station not found' },
          status: { type: 'integer', example: 404 },
          detail: { type: 'string', example: 'No station has the identifier stn-999' },
        },
      },
    },
  },
};

writeTree(dir, { 'openapi.json': `${JSON.stringify(spec, null, 2)}\n` });
