// Seed of autotel (docs/corpus.md): telemetry.json, the server's fixture backend (`--backend fixture
// --fixture FILE`, its README's configuration table), in the shape of the file the package ships: a
// bike-share platform's traces (spans across five services, some failing), metric series and logs,
// on the morning of 2026-11-20. Ids and times come from a seeded generator: the same bytes everywhere.
import { rng, target, writeTree } from './lib/common.js';

const r = rng(4318);
const hex = (n) => Array.from({ length: n }, () => r.int(0, 15).toString(16)).join('');
const T0 = Date.UTC(2026, 10, 20, 7, 0, 0);

// Each request kind: the root operation and route, then the calls it makes (service, operation, tags).
const KINDS = [
  {
    service: 'rides-api',
    op: 'POST /rides',
    route: '/rides',
    calls: [
      ['docks', 'docks.unlock', { 'dock.station': 'Cais do Sodré' }],
      ['pricing', 'pricing.quote', { 'pricing.plan': 'day-pass' }],
      ['payments', 'payments.authorize', { 'db.system': 'postgresql', 'payment.provider': 'multibanco' }],
    ],
  },
  {
    service: 'rides-api',
    op: 'POST /rides/{id}/end',
    route: '/rides/{id}/end',
    calls: [
      ['docks', 'docks.lock', { 'dock.station': 'Alcântara' }],
      ['pricing', 'pricing.final_fare', { 'pricing.plan': 'pay-as-you-go' }],
      ['payments', 'payments.capture', { 'db.system': 'postgresql', 'payment.provider': 'card' }],
      ['notifier', 'notifier.send_receipt', { 'messaging.system': 'smtp' }],
    ],
  },
  {
    service: 'rides-api',
    op: 'GET /stations',
    route: '/stations',
    calls: [['docks', 'docks.availability', { 'db.system': 'redis' }]],
  },
];
const FAILURES = [
  ['payments', 'card declined by issuer (code 51)'],
  ['docks', 'dock controller timeout after 3000 ms'],
  ['notifier', 'smtp relay refused connection'],
];

const traces = [];
const logs = [];
for (let i = 0; i < 18; i++) {
  const kind = KINDS[i % KINDS.length];
  const traceId = hex(32);
  const start = T0 + i * r.int(90, 240) * 1000;
  const failure = i % 5 === 3 ? FAILURES[Math.floor(i / 5) % FAILURES.length] : null;
  let t = start + r.int(2, 9);
  const children = kind.calls.map(([service, op, tags]) => {
    const durationMs = r.int(8, 260);
    const failed = failure?.[0] === service;
    const span = {
      traceId,
      spanId: hex(16),
      operationName: op,
      serviceName: service,
      startTimeUnixMs: t,
      durationMs,
      tags: { ...tags, 'status.code': failed ? 'ERROR' : 'OK', 'trace.id': traceId },
      hasError: failed,
      statusCode: failed ? 'ERROR' : 'OK',
    };
    if (failed) span.tags['error.message'] = failure[1];
    t += durationMs + r.int(1, 6);
    return span;
  });
  const durationMs = t - start + r.int(1, 5);
  const status = failure ? 'ERROR' : 'OK';
  const root = {
    traceId,
    spanId: hex(16),
    operationName: kind.op,
    serviceName: kind.service,
    startTimeUnixMs: start,
    durationMs,
    tags: {
      'http.method': kind.op.split(' ')[0],
      'http.route': kind.route,
      'http.status_code': failure ? 502 : 200,
      'status.code': status,
      'trace.id': traceId,
    },
    hasError: Boolean(failure),
    statusCode: status,
  };
  for (const c of children) c.parentSpanId = root.spanId;
  traces.push({
    traceId,
    serviceName: kind.service,
    startTimeUnixMs: start,
    durationMs,
    statusCode: status,
    spans: [root, ...children],
  });
  logs.push({
    timestampUnixMs: start + durationMs,
    severityText: failure ? 'ERROR' : 'INFO',
    body: failure ? `${kind.op} failed: ${failure[1]}` : `${kind.op} completed in ${durationMs} ms`,
    serviceName: failure ? failure[0] : kind.service,
    traceId,
    spanId: root.spanId,
    attributes: { 'trace.id': traceId, 'service.name': failure ? failure[0] : kind.service },
  });
}
logs.push({
  timestampUnixMs: T0 - 60000,
  severityText: 'WARN',
  body: 'dock firmware 4.2 reported on 3 of 41 stations; 4.3 expected',
  serviceName: 'docks',
  attributes: { 'service.name': 'docks' },
});

const series = (metricName, unit, service, extra, values) => ({
  metricName,
  unit,
  points: values.map((value, i) => ({ timestampUnixMs: T0 + i * 600000, value })),
  attributes: { 'service.name': service, ...extra },
});
const metrics = [
  series(
    'http.server.duration',
    'ms',
    'rides-api',
    { 'http.route': '/rides' },
    [212, 240, 198, 655, 230, 221],
  ),
  series('http.server.duration', 'ms', 'rides-api', { 'http.route': '/stations' }, [34, 41, 38, 36, 52, 39]),
  series(
    'docks.available_bikes',
    '{bikes}',
    'docks',
    { 'dock.station': 'Cais do Sodré' },
    [18, 14, 9, 6, 7, 11],
  ),
  series('payments.declined', '{payments}', 'payments', {}, [0, 1, 0, 2, 0, 1]),
];

writeTree(target(), { 'telemetry.json': { traces, metrics, logs } });
