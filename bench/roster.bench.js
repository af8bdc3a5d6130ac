// Roster benchmarks. (1) A roster of 20 planted servers (well-made and drifting over HTTP through
// `serve`, thin and calculator over stdio, 8 tasks each, no conformance suite, so the figure is about
// the roster and not the suite) at --jobs 4 against the same 20 run one by one: the speedup
// (goal: at least 1.5x; on 2 cores every run is CPU, so the ceiling is about 2). (2) Queue overhead
// per job: the same 4 jobs through BullMQ on a real Redis (one worker) against the local roster at
// concurrency 1, per job and as a share of the run itself (goal: under 10% of a run). (3) Board
// build for the 20-run roster (goal: under 2 s). Needs `npm run build` first and Debian's
// redis-server for (2).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../dist/board/site.js';
import { readRecord } from '../dist/record/io.js';
import { engine, parseQueueUrl } from '../dist/roster/queue/backend.js';
import { defaultRosterId, queueJobId, triesOf } from '../dist/roster/queue/jobs.js';
import { RosterStore } from '../dist/roster/store.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin/fitness-report.js');
const server = (name) => join(root, 'examples/servers', `${name}.js`);
const say = (line) => process.stdout.write(`${line}\n`);
const PORT = ['${', 'PORT}'].join('');

function roster(count) {
  const dir = mkdtempSync(join(tmpdir(), 'roster-bench-'));
  const kinds = [
    (n) => [
      `well-made-${n}`,
      {
        url: `http://127.0.0.1:${PORT}/mcp`,
        serve: { command: process.execPath, args: [server('well-made'), '--http', '--port', PORT] },
      },
    ],
    (n) => [`thin-${n}`, { command: process.execPath, args: [server('thin')] }],
    (n) => [
      `drifting-${n}`,
      {
        url: `http://127.0.0.1:${PORT}/mcp`,
        serve: { command: process.execPath, args: [server('drifting'), '--http', '--port', PORT] },
      },
    ],
    (n) => [`calculator-${n}`, { command: process.execPath, args: [server('calculator')] }],
  ];
  const entries = Object.fromEntries(Array.from({ length: count }, (_, i) => kinds[i % kinds.length](i + 1)));
  const file = join(dir, 'roster.json');
  writeFileSync(file, JSON.stringify({ mcpServers: entries }));
  return { dir, file };
}

function run(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH },
    });
    let err = '';
    child.stderr.on('data', (c) => {
      err = (err + c).slice(-2000);
    });
    child.once('exit', (code) =>
      code === 0
        ? resolve(performance.now() - started)
        : reject(new Error(`${args[0]} exited ${code}: ${err}`)),
    );
  });
}

async function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function redis() {
  if (!existsSync('/usr/bin/redis-server')) return undefined;
  const port = await freePort();
  const child = spawn(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  await new Promise((r) => setTimeout(r, 500));
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const COMMON = ['--no-conformance', '--tasks', '8', '--plain'];
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

say(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores`,
);

const onlyQueue = process.argv.includes('--queue-only');
// (1) concurrency 4 against one by one (skipped with --queue-only, when iterating on (2)).
if (!onlyQueue) {
  const big = roster(20);
  const serial = await run([
    'roster',
    big.file,
    '--out',
    join(big.dir, 'c1'),
    '--site',
    join(big.dir, 's1'),
    '--jobs',
    '1',
    ...COMMON,
  ]);
  const parallel = await run([
    'roster',
    big.file,
    '--out',
    join(big.dir, 'c4'),
    '--site',
    join(big.dir, 's4'),
    '--jobs',
    '4',
    ...COMMON,
  ]);
  const speedup = serial / parallel;
  say(
    `roster of 20 planted servers: one by one ${secs(serial)}, --jobs 4 ${secs(parallel)}: ${speedup.toFixed(2)}x (goal ≥ 1.5x: ${speedup >= 1.5 ? 'met' : 'MISSED'})`,
  );

  // (3) board build for the roster's runs.
  const t0 = performance.now();
  const site = await buildSite({ runs: [join(big.dir, 'c4')], out: join(big.dir, 'site') });
  const boardMs = performance.now() - t0;
  say(
    `board build for the roster: ${site.runs} runs in ${(boardMs / 1000).toFixed(2)} s (goal < 2 s: ${boardMs < 2000 ? 'met' : 'MISSED'})`,
  );
}

// (2) queue overhead per job: each job's wall time outside its run (record startedAt..endedAt),
// through BullMQ (dispatch, the job process, settling, progress) against the local roster's.
const runMs = async (dir) => {
  const r = await readRecord(join(dir, 'record.json'));
  return Date.parse(r.identity.endedAt) - Date.parse(r.identity.startedAt);
};
const r = await redis();
if (r === undefined)
  say(
    'queue overhead: not measured: /usr/bin/redis-server is not installed (apt-get install -y redis-server)',
  );
else {
  const small = roster(4);
  const names = Object.keys(JSON.parse(readFileSync(small.file, 'utf8')).mcpServers);
  await run([
    'roster',
    small.file,
    '--out',
    join(small.dir, 'local'),
    '--site',
    join(small.dir, 'ls'),
    '--jobs',
    '1',
    ...COMMON,
  ]);
  const store = new RosterStore(join(small.dir, 'local', 'roster.sqlite'));
  const localOut = [];
  for (const t of store.tries())
    localOut.push(Date.parse(t.ended_at) - Date.parse(t.started_at) - (await runMs(t.run_dir)));
  store.close();
  const worker = spawn(
    process.execPath,
    [bin, 'worker', '--queue', r.url, '--queue-name', 'bench', '--out', join(small.dir, 'queued')],
    {
      stdio: 'ignore',
    },
  );
  await run([
    'roster',
    small.file,
    '--queue',
    r.url,
    '--queue-name',
    'bench',
    '--out',
    join(small.dir, 'queued'),
    '--site',
    join(small.dir, 'qs'),
    ...COMMON,
  ]);
  const e = engine(parseQueueUrl(r.url));
  const queue = e.queue('bench');
  const queuedOut = [];
  const runs = [];
  let previousEnd;
  for (const name of names) {
    const job = await queue.getJob(queueJobId(defaultRosterId(small.file), name, 1));
    const tries = triesOf(job.progress);
    const ms = await runMs(join(small.dir, 'queued', tries.at(-1).runId));
    runs.push(ms);
    // From the moment the job could start (queued, or the worker came free) to its completion.
    const from = Math.max(job.timestamp, previousEnd ?? job.timestamp);
    queuedOut.push(job.finishedOn - from - ms);
    previousEnd = job.finishedOn;
  }
  await queue.close();
  await e.close();
  worker.kill('SIGTERM');
  r.stop();
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const perJob = mean(queuedOut) - mean(localOut);
  const share = perJob / mean(runs);
  say(
    `queue overhead per job (BullMQ on Redis, 1 worker): ${(mean(queuedOut) / 1000).toFixed(2)} s outside the run against ${(mean(localOut) / 1000).toFixed(2)} s on the local roster, so ${(perJob / 1000).toFixed(2)} s for the queue, against ${secs(mean(runs))} per run (${(share * 100).toFixed(1)}%; goal < 10%: ${perJob < 0 ? 'not separable from the noise at this load: rerun on an idle machine' : share < 0.1 ? 'met' : 'MISSED'})`,
  );
  rmSync(small.dir, { recursive: true, force: true });
}
