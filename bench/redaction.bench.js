// Publish-time redaction throughput (src/tape/publish-redact.ts): a realistic tape (JSON lines of
// tool results with prose, ids, numbers, a few planted credentials and an image) and a 50 MB
// single-line string of near-misses of every trigger. Goal: >= 20 MB/s on each.
import { redactForPublication } from '../dist/tape/publish-redact.js';

const GOAL = 20;
const jwt = `eyJ${'hbGciOiJIUzI1NiJ9'}.eyJ${'zdWIiOiIxMjM0In0'}.${'kT3nX8qP2vL9mR4wZ7yB1cF6hJ0sD5gA'}`;
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(3000, 7)]).toString('base64');

function tape(bytes) {
  const lines = [];
  let size = 0;
  for (let i = 0; size < bytes; i += 1) {
    const text =
      i % 50 === 0
        ? `token ${jwt} and postgres://u:p4ss@db/x`
        : `Ferry ${i} leaves Kestrel Bay at 06:${String(i % 60).padStart(2, '0')}; see https://example.com/t/${i}`;
    const content =
      i % 400 === 0 ? [{ type: 'image', data: png, mimeType: 'image/png' }] : [{ type: 'text', text }];
    const line = JSON.stringify({
      t: '2026-12-01T12:00:00.000Z',
      dir: 'out',
      corr_id: `c-${i}`,
      raw: { jsonrpc: '2.0', id: i, result: { content, usage: { inputTokens: i * 7, outputTokens: i } } },
    });
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

function nearMisses() {
  return JSON.stringify({
    raw: {
      text: [
        'sk-'.repeat(6_000_000),
        'eyJa.'.repeat(2_000_000),
        'x://a:b'.repeat(2_000_000),
        '-----BEGIN '.repeat(500_000),
        'Bearer '.repeat(500_000),
      ].join(''),
    },
  });
}

// Judged on CPU time (one core's work, GC threads included, so slightly pessimistic): on a shared
// machine the wall time mostly measures the neighbours. Both are printed.
function measure(name, text) {
  redactForPublication(text.slice(0, 1_000_000), [], true); // warm-up
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  const { markers } = redactForPublication(text, [], true);
  const cpu = process.cpuUsage(c0);
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpuS = (cpu.user + cpu.system) / 1e6;
  const mb = Buffer.byteLength(text) / 1e6;
  const rate = mb / cpuS;
  process.stdout.write(
    `${name}: ${mb.toFixed(1)} MB in ${s.toFixed(2)} s wall (${(mb / s).toFixed(1)} MB/s), ${cpuS.toFixed(2)} s CPU: ` +
      `redaction throughput ${rate.toFixed(1)} MB/s (goal >= ${GOAL} MB/s: ${rate >= GOAL ? 'met' : 'NOT met'}); ` +
      `markers ${JSON.stringify(markers)}\n`,
  );
  return rate >= GOAL;
}

process.stdout.write(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}\n`,
);
const ok = [
  measure('tape, 50 MB of JSON lines', tape(50_000_000)),
  measure('one 50 MB line of near-misses', nearMisses()),
];
process.exitCode = ok.every(Boolean) ? 0 : 1;
