// A small REST API project (Express, JavaScript) for the servers that read a service's source
// (docs/corpus.md): a tide-gauge network's stations and readings, with its OpenAPI description, error
// handler, pagination and a few things an API guideline would flag (a snake_case field, a plain
// http:// link, a stack trace in an error answer, an offset without a limit). Fixed text: the same
// bytes everywhere.
export const TIDE_API_FILES = {
  'package.json': {
    name: 'tide-gauge-api',
    version: '0.9.2',
    description: 'REST API of the coastal tide-gauge network: stations, readings and alerts',
    type: 'module',
    main: 'src/server.js',
    scripts: { start: 'node src/server.js', test: 'node --test test/' },
    dependencies: { express: '^4.19.2', 'better-sqlite3': '^11.10.0', zod: '^3.23.8' },
    devDependencies: { supertest: '^7.0.0' },
    engines: { node: '>=20' },
  },
  'README.md': `# tide-gauge-api

REST API of the coastal tide-gauge network. Stations report a water level every six minutes; the
API serves the stations, their readings and the surge alerts raised from them.

- \`GET /v1/stations\` — the stations (paged: \`page\`, \`pageSize\`)
- \`GET /v1/stations/{stationId}\` — one station
- \`GET /v1/stations/{stationId}/readings?from=&to=\` — its readings
- \`POST /v1/alerts\` — raise a surge alert (bearer token)
`,
  'src/server.js': `import express from 'express';
import { alertsRouter } from './routes/alerts.js';
import { stationsRouter } from './routes/stations.js';
import { errorHandler } from './errors.js';

const app = express();
app.use(express.json());
app.use('/v1/stations', stationsRouter);
app.use('/v1/alerts', alertsRouter);
app.use(errorHandler);

const port = Number(process.env.PORT ?? 8080);
app.listen(port, () => console.log(\`tide-gauge-api on http://0.0.0.0:\${port}\`));
`,
  'src/routes/stations.js': `import { Router } from 'express';
import { STATIONS, readingsOf } from '../store.js';

export const stationsRouter = Router();

// GET /v1/stations?page=1&pageSize=20
stationsRouter.get('/', (req, res) => {
  const page = Number(req.query.page ?? 1);
  const pageSize = Math.min(Number(req.query.pageSize ?? 20), 100);
  const items = STATIONS.slice((page - 1) * pageSize, page * pageSize);
  res.json({ data: items, page, pageSize, total: STATIONS.length });
});

stationsRouter.get('/:stationId', (req, res, next) => {
  const station = STATIONS.find((s) => s.stationId === req.params.stationId);
  if (!station) return next({ status: 404, title: 'Station not found', detail: req.params.stationId });
  res.json({ data: station });
});

// GET /v1/stations/:stationId/readings?from=2026-03-01T00:00:00Z&offset=0
stationsRouter.get('/:stationId/readings', (req, res) => {
  const offset = Number(req.query.offset ?? 0);
  const readings = readingsOf(req.params.stationId, req.query.from, req.query.to).slice(offset);
  res.json({ data: readings, offset });
});
`,
  'src/routes/alerts.js': `import { Router } from 'express';

export const alertsRouter = Router();

alertsRouter.post('/', (req, res) => {
  const auth = req.headers.authorization ?? '';
  if (!auth.startsWith('Bearer ')) {
    return res.status(401).json({ title: 'Unauthorized', detail: 'A bearer token is required' });
  }
  const { stationId, surge_height_m, message } = req.body;
  res.status(201).json({
    data: { alertId: 'AL-2026-0412', stationId, surge_height_m, message, raisedAt: '2026-03-14T06:12:00Z' },
    links: { station: \`http://tides.example.org/v1/stations/\${stationId}\` },
  });
});
`,
  'src/errors.js': `export function errorHandler(err, req, res, _next) {
  const status = err.status ?? 500;
  res.status(status).json({
    title: err.title ?? 'Internal error',
    detail: err.detail ?? err.message,
    stack: err.stack,
  });
}
`,
  'src/store.js': `export const STATIONS = [
  { stationId: 'PT-LIS-01', name: 'Lisbon (Cais do Sodré)', latitude: 38.7056, longitude: -9.1459, datum: 'CD' },
  { stationId: 'PT-POR-02', name: 'Porto (Leixões)', latitude: 41.1833, longitude: -8.7, datum: 'CD' },
  { stationId: 'IE-COR-01', name: 'Cork Harbour', latitude: 51.8468, longitude: -8.3006, datum: 'LAT' },
  { stationId: 'NO-TRO-03', name: 'Tromsø', latitude: 69.6475, longitude: 18.9606, datum: 'LAT' },
];

const LEVELS = { 'PT-LIS-01': [1.92, 2.41, 3.05, 3.38, 2.97, 2.2], 'IE-COR-01': [0.84, 1.66, 2.9, 3.71, 3.2, 2.01] };

export function readingsOf(stationId, from = '2026-03-14T00:00:00Z') {
  const start = Date.parse(from);
  return (LEVELS[stationId] ?? []).map((level, i) => ({
    at: new Date(start + i * 6 * 60_000).toISOString(),
    level_m: level,
  }));
}
`,
  'openapi.yaml': `openapi: 3.0.3
info:
  title: Tide gauge API
  version: 0.9.2
servers:
  - url: https://tides.example.org/v1
paths:
  /stations:
    get:
      summary: List the stations
      parameters:
        - { name: page, in: query, schema: { type: integer, minimum: 1 } }
        - { name: pageSize, in: query, schema: { type: integer, maximum: 100 } }
      responses:
        '200': { description: A page of stations }
  /stations/{stationId}:
    get:
      summary: One station
      parameters:
        - { name: stationId, in: path, required: true, schema: { type: string } }
      responses:
        '200': { description: The station }
        '404': { description: No such station }
  /stations/{stationId}/readings:
    get:
      summary: The station's water levels, every six minutes
      parameters:
        - { name: stationId, in: path, required: true, schema: { type: string } }
        - { name: from, in: query, schema: { type: string, format: date-time } }
        - { name: offset, in: query, schema: { type: integer } }
      responses:
        '200': { description: Readings }
  /alerts:
    post:
      summary: Raise a surge alert
      security:
        - bearerAuth: []
      responses:
        '201': { description: The alert }
        '401': { description: No token }
components:
  securitySchemes:
    bearerAuth: { type: http, scheme: bearer }
`,
  'test/stations.test.js': `import assert from 'node:assert/strict';
import { test } from 'node:test';
import { STATIONS, readingsOf } from '../src/store.js';

test('every station has an id and a datum', () => {
  for (const s of STATIONS) assert.ok(s.stationId && s.datum);
});

test('readings are six minutes apart', () => {
  const [a, b] = readingsOf('PT-LIS-01', '2026-03-14T00:00:00Z');
  assert.equal(Date.parse(b.at) - Date.parse(a.at), 6 * 60_000);
});
`,
};
