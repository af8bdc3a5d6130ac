// Seed of recker (docs/corpus.md): the working directory its MCP server is started in, a small
// uptime-checker of a regional bus operator's IT team that uses recker as its HTTP client: a README,
// the package file, the checks it runs (six endpoints with their timeouts, retries and expected
// statuses), the runner script and a log of last week's failures. The server answers from the docs,
// code examples and type definitions bundled in the package (`dist/mcp/data/embeddings.json` and its
// own `dist/`): it looks for `docs/`, `examples/` and `src/` in its working directory first, so this
// project keeps its code in `checks/` and has none of the three. Started with `--offline` (no model
// or GeoIP download) and `--category=docs` (its documentation tools; the other categories send
// requests to the network). Fixed text: the same bytes everywhere; no network.
import { target, writeTree } from './lib/common.js';

const dir = target();

const CHECKS = [
  {
    id: 'timetable-api',
    url: 'https://api.valleybus.example/v3/timetables/health',
    timeoutMs: 2500,
    retries: 2,
    expect: 200,
    every: '1m',
  },
  {
    id: 'journey-planner',
    url: 'https://plan.valleybus.example/healthz',
    timeoutMs: 4000,
    retries: 1,
    expect: 200,
    every: '2m',
  },
  {
    id: 'ticket-shop',
    url: 'https://shop.valleybus.example/api/ping',
    timeoutMs: 3000,
    retries: 3,
    expect: 204,
    every: '1m',
  },
  {
    id: 'realtime-feed',
    url: 'https://rt.valleybus.example/gtfs-rt/vehicle-positions',
    timeoutMs: 6000,
    retries: 0,
    expect: 200,
    every: '30s',
  },
  {
    id: 'depot-intranet',
    url: 'https://intranet.valleybus.example/status',
    timeoutMs: 5000,
    retries: 1,
    expect: 200,
    every: '5m',
  },
  {
    id: 'payments-webhook',
    url: 'https://pay.valleybus.example/webhooks/health',
    timeoutMs: 2000,
    retries: 2,
    expect: 200,
    every: '1m',
  },
];

const FAILURES = [
  ['2026-11-30T06:12:04Z', 'realtime-feed', 'timeout after 6000 ms', 0],
  ['2026-11-30T06:12:34Z', 'realtime-feed', 'timeout after 6000 ms', 0],
  ['2026-12-01T14:47:10Z', 'ticket-shop', 'status 502 (expected 204)', 3],
  ['2026-12-02T09:03:55Z', 'journey-planner', 'ECONNRESET', 1],
  ['2026-12-03T22:30:01Z', 'depot-intranet', 'certificate expired (CN=intranet.valleybus.example)', 1],
  ['2026-12-04T07:58:20Z', 'payments-webhook', 'status 429, Retry-After 30', 2],
  ['2026-12-04T07:59:21Z', 'payments-webhook', 'status 429, Retry-After 30', 2],
  ['2026-12-05T18:21:42Z', 'timetable-api', 'status 503 (expected 200)', 2],
];

writeTree(dir, {
  'README.md': `# valleybus-uptime

Uptime checks of Valley Bus Services' public and internal endpoints, run every minute from the
Harlow Road depot server by a systemd timer. Written by the IT team (Rosa Lindqvist, Tomasz Wrona)
in October 2026 when the old shell-and-curl checks missed the ticket shop's outage on 14 October.

- \`checks/endpoints.json\` — what is checked, the timeout, how many retries and the status expected
- \`checks/run.js\` — the runner: one recker client, retries with backoff, a line per failure
- \`logs/failures-2026-w49.log\` — last week's failures

HTTP client: [recker](https://www.npmjs.com/package/recker) 1.0.x. Open questions for the next
change: move the per-check timeouts into recker's client options, use its circuit breaker for the
realtime feed (it times out in bursts at the morning peak), and honour \`Retry-After\` on 429s from
the payments provider instead of retrying at once.
`,
  'package.json': {
    name: 'valleybus-uptime',
    version: '0.4.1',
    private: true,
    type: 'module',
    scripts: { check: 'node checks/run.js' },
    dependencies: { recker: '1.0.56' },
    engines: { node: '>=20' },
  },
  'checks/endpoints.json': { operator: 'Valley Bus Services', checks: CHECKS },
  'checks/run.js': `import { readFileSync, appendFileSync } from 'node:fs';
import { createClient } from 'recker';

const { checks } = JSON.parse(readFileSync(new URL('./endpoints.json', import.meta.url), 'utf8'));
const client = createClient({ headers: { 'user-agent': 'valleybus-uptime/0.4.1' } });

async function runCheck(check) {
  for (let attempt = 0; attempt <= check.retries; attempt++) {
    try {
      const res = await client.get(check.url, { timeout: check.timeoutMs, throwHttpErrors: false });
      if (res.status === check.expect) return null;
      if (attempt === check.retries) return \`status \${res.status} (expected \${check.expect})\`;
    } catch (err) {
      if (attempt === check.retries) return err.message;
    }
    await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
  }
  return null;
}

for (const check of checks) {
  const failure = await runCheck(check);
  if (failure) {
    appendFileSync('logs/failures.log', \`\${new Date().toISOString()}\\t\${check.id}\\t\${failure}\\t\${check.retries}\\n\`);
  }
}
`,
  'logs/failures-2026-w49.log': `${FAILURES.map((f) => f.join('\t')).join('\n')}\n`,
});
