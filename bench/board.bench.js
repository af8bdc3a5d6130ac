// Board benchmarks. (1) Site build time for 1,000 synthetic run records of every outcome family
// (goal: under 5 s). (2) The replay viewer's time to first render of a 100,000-line tape in headless
// Chromium, measured from navigation start to the first painted rows (goal: under 2 s), and the
// time to scroll to its last line. Needs `npm run build` first (it imports dist/) and
// /usr/bin/chromium for the second part.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveSite } from '../dist/board/serve.js';
import { buildSite } from '../dist/board/site.js';
import { bigTape } from '../dist/board/testing/big-tape.js';
import { CHROMIUM, launchChromium } from '../dist/board/testing/browser.js';
import { fixtureRecord } from '../dist/board/testing/records.js';
import { serializeRecord } from '../dist/record/index.js';

const FAMILIES = [
  'scored',
  'scored',
  'scored',
  'thin-surface',
  'admission-floor',
  'null-kill',
  'screen-emptied',
  'null-indeterminate',
  'construct-fail',
  'construct-unresolved',
  'answer-leak',
  'compromised',
  'extend-exhausted',
  'void',
];
const RUNNERS = ['heuristic', 'anthropic:claude-test', 'openai:gpt-test'];

function say(line) {
  process.stdout.write(`${line}\n`);
}

function writeRecords(count) {
  const root = mkdtempSync(join(tmpdir(), 'board-bench-runs-'));
  const base = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < count; i += 1) {
    const family = FAMILIES[i % FAMILIES.length];
    const record = fixtureRecord(family, {
      slug: `server-${i % 300}`,
      startedAt: new Date(base + i * 3_600_000).toISOString(),
      runner: RUNNERS[i % RUNNERS.length],
      firstTry: 20 + (i % 29),
      cost: ['total', 'floor', 'none'][i % 3],
    });
    mkdirSync(join(root, record.runId));
    writeFileSync(join(root, record.runId, 'record.json'), serializeRecord(record));
  }
  return root;
}

async function benchBuild() {
  const runs = writeRecords(1000);
  const out = join(mkdtempSync(join(tmpdir(), 'board-bench-site-')), 'site');
  const started = performance.now();
  const result = await buildSite({ runs: [runs], out });
  const ms = performance.now() - started;
  say(
    `board build: ${result.runs} records in ${result.groups} groups in ${(ms / 1000).toFixed(2)} s (goal < 5 s: ${ms < 5000 ? 'met' : 'MISSED'})`,
  );
  rmSync(runs, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
}

async function benchViewer() {
  if (!existsSync(CHROMIUM)) {
    say(`viewer first render: not measured: ${CHROMIUM} is missing (apt-get install -y chromium)`);
    process.exitCode = 1;
    return;
  }
  const runs = mkdtempSync(join(tmpdir(), 'board-bench-tape-'));
  const record = fixtureRecord('scored', { slug: 'big-tape', startedAt: '2026-11-01T00:00:00Z' });
  mkdirSync(join(runs, record.runId));
  writeFileSync(join(runs, record.runId, 'record.json'), serializeRecord(record));
  writeFileSync(join(runs, record.runId, 'wire.jsonl'), bigTape(100_000));
  const out = join(mkdtempSync(join(tmpdir(), 'board-bench-site-')), 'site');
  await buildSite({ runs: [runs], out });
  const server = await serveSite({ site: out, port: 0 });
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    const samples = [];
    const readies = [];
    for (let i = 0; i < 3; i += 1) {
      await page.goto(`${server.url}viewer.html?run=${record.runId}&i=${i}`);
      await page.waitForSelector('body[data-state=ready]', { timeout: 60_000 });
      const marks = await page.evaluate(() => [
        document.body.dataset.firstRenderMs,
        document.body.dataset.readyMs,
      ]);
      samples.push(Number(marks[0]));
      readies.push(Number(marks[1]));
    }
    const lines = await page.evaluate(() => document.getElementById('counts')?.textContent ?? '');
    const domRows = await page.locator('.timeline .row').count();
    const scrollMs = await page.evaluate(async () => {
      const el = document.getElementById('timeline');
      const t0 = performance.now();
      el.scrollTop = el.scrollHeight;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return performance.now() - t0;
    });
    const best = Math.min(...samples);
    say(
      `viewer first render of a 100,000-line tape: ${samples.map((s) => `${s} ms`).join(', ')} (best ${best} ms; goal < 2000 ms: ${best < 2000 ? 'met' : 'MISSED'})`,
    );
    say(`viewer: every line read, paired and filterable after ${readies.map((s) => `${s} ms`).join(', ')}`);
    say(
      `viewer: ${lines}; ${domRows} row elements in the DOM; scroll to the last line rendered in ${scrollMs.toFixed(1)} ms`,
    );
  } finally {
    await browser.close();
    await server.close();
    rmSync(runs, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
}

await benchBuild();
await benchViewer();
