// Seed of mockserver-charles (docs/corpus.md): the root of a React Native app's repository as the
// server's README sets one up: `mockCharlesConfig.json` (rules in `_mock-rules/rules.json`, the
// API's production and pre-release domains) and the rules file itself, with seven mock rules a team
// kept while the back end of a bike-rental app was being built: rentals, stations, a price quote, a
// failing payment (HTTP 402, a delay), a disabled rule. A little of the app's source beside them.
// Fixed text: the same bytes everywhere.
import { target, writeTree } from './lib/common.js';

const rule = (id, method, url, statusCode, response, extra = {}) => ({
  id,
  url,
  method,
  response,
  statusCode,
  enabled: true,
  createdAt: extra.createdAt ?? '2026-04-14T09:12:00.000Z',
  ...extra,
});

const rules = [
  rule('rule-7f3a01', 'GET', '/api/v2/stations', 200, {
    code: 0,
    data: [
      { id: 'ST-014', name: 'Harbour Gate', bikesAvailable: 7, docksFree: 5, lat: 38.7071, lng: -9.1364 },
      { id: 'ST-022', name: 'Old Market', bikesAvailable: 0, docksFree: 14, lat: 38.7114, lng: -9.1399 },
      {
        id: 'ST-031',
        name: 'University North',
        bikesAvailable: 12,
        docksFree: 2,
        lat: 38.7523,
        lng: -9.1587,
      },
    ],
    message: 'ok',
  }),
  rule('rule-7f3a02', 'GET', '/api/v2/stations/*', 200, {
    code: 0,
    data: {
      id: 'ST-014',
      name: 'Harbour Gate',
      bikesAvailable: 7,
      eBikes: 3,
      docksFree: 5,
      openUntil: '23:30',
    },
    message: 'ok',
  }),
  rule(
    'rule-7f3a03',
    'POST',
    '/api/v2/rentals',
    201,
    {
      code: 0,
      data: { rentalId: 'RN-88412', bikeId: 'B-2207', startedAt: '2026-04-15T07:41:09Z', station: 'ST-014' },
      message: 'rental started',
    },
    { createdAt: '2026-04-15T08:03:27.000Z', delay: 400 },
  ),
  rule('rule-7f3a04', 'GET', '/api/v2/rentals/active', 200, {
    code: 0,
    data: { rentalId: 'RN-88412', minutes: 23, costSoFarEur: 1.15, bikeId: 'B-2207' },
    message: 'ok',
  }),
  rule(
    'rule-7f3a05',
    'POST',
    '/api/v2/quotes',
    200,
    {
      code: 0,
      data: { minutes: 45, plan: 'pay-as-you-go', priceEur: 2.25, eBikeSurchargeEur: 0.9 },
      message: 'ok',
    },
    { createdAt: '2026-04-16T10:20:00.000Z' },
  ),
  rule(
    'rule-7f3a06',
    'POST',
    '/api/v2/payments',
    402,
    { code: 4021, data: null, message: 'card declined: insufficient funds' },
    { createdAt: '2026-04-17T14:55:41.000Z', delay: 1200, headers: { 'X-Mock-Scenario': 'declined-card' } },
  ),
  {
    ...rule('rule-7f3a07', 'GET', '/api/v2/profile', 200, {
      code: 0,
      data: { userId: 'U-5531', name: 'Elif Demir', plan: 'annual', ridesThisMonth: 14 },
      message: 'ok',
    }),
    enabled: false,
    updatedAt: '2026-04-18T16:02:10.000Z',
  },
];

writeTree(target(), {
  'mockCharlesConfig.json': {
    rulesPath: '_mock-rules/rules.json',
    charlesTargetDomains: ['api.pedalshare.example', 'api-pre.pedalshare.example'],
    projectPrefix: 'pedalshare-app',
  },
  '_mock-rules/rules.json': { rules, version: '1.0.0' },
  'package.json': {
    name: 'pedalshare-app',
    version: '3.4.0',
    private: true,
    scripts: {
      start: 'react-native start',
      android: 'react-native run-android',
      ios: 'react-native run-ios',
    },
    dependencies: { react: '18.3.1', 'react-native': '0.76.5', axios: '1.7.9' },
  },
  'src/api/client.ts': `import axios from 'axios';

export const api = axios.create({
  baseURL: __DEV__ ? 'https://api-pre.pedalshare.example' : 'https://api.pedalshare.example',
  timeout: 8000,
});

export const getStations = () => api.get('/api/v2/stations');
export const getStation = (id: string) => api.get(\`/api/v2/stations/\${id}\`);
export const startRental = (stationId: string, bikeId: string) => api.post('/api/v2/rentals', { stationId, bikeId });
export const activeRental = () => api.get('/api/v2/rentals/active');
export const quote = (minutes: number, eBike: boolean) => api.post('/api/v2/quotes', { minutes, eBike });
export const pay = (rentalId: string, cardToken: string) => api.post('/api/v2/payments', { rentalId, cardToken });
`,
});
