// The demo's cost (issue 17): (1) the CPU of one planted-server start, the way a stdio trial starts
// one (a fresh process that answers nothing and exits at end of input), from its source in
// examples/servers, from its build in dist/servers (scripts/build-servers.js), from that build's
// startup snapshot (servers.blob, what the demo starts), and a bare `node`
// for the floor, and of one start of the real server-memory as installed; (2) one whole
// `fitness-report demo`: wall time (goal: under 30 s on this 2-core machine), CPU of the demo and
// every process it started, the server processes its runs started (one per stdio session on the wire
// tapes, one per HTTP run's fixture), and the CPU those starts need at the least: a planted start at
// a bare `node`'s cost, a server-memory start at its own. Needs `npm run build` first.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { memoryRun } from '../dist/audit/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
const GOAL_S = 30;
const STARTS = 10;

/** CPU seconds of this process's reaped descendants (utime + stime of children, /proc/self/stat). */
function childrenCpu() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of the whole line (cutime, cstime) are 13 and 14 after the command name.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function cpuPerStart(argv, env = process.env, stderr = 'inherit') {
  const before = childrenCpu();
  for (let i = 0; i < STARTS; i++)
    spawnSync(process.execPath, argv, { stdio: ['ignore', 'ignore', stderr], env });
  return (childrenCpu() - before) / STARTS;
}

function serverProcesses(runs) {
  let stdio = 0;
  let memory = 0;
  let http = 0;
  for (const run of readdirSync(runs)) {
    let text;
    try {
      text = readFileSync(join(runs, run, 'wire.jsonl'), 'utf8');
    } catch {
      continue;
    }
    // An HTTP run's tape is labelled with its URL, a stdio run's with its command.
    const meta = JSON.parse(text.slice(0, text.indexOf('\n')));
    if (/^https?:\/\//.test(String(meta.label))) {
      http += 1;
      continue;
    }
    const sessions = new Set(text.match(/"session":"[^"]+"/g) ?? []);
    stdio += sessions.size;
    if (String(meta.label).includes('server-memory')) memory += sessions.size;
  }
  return { stdio, memory, http };
}

say(`load average ${load()} on ${cpus().length} cores`);
say(`one planted-server start (tables, stdin closed), CPU per start over ${STARTS}:`);
const source = cpuPerStart([join(root, 'examples/servers/tables.js')]);
const built = cpuPerStart([join(root, 'dist/servers/tables.cjs')]);
const snapshot = cpuPerStart([`--snapshot-blob=${join(root, 'dist/servers/servers.blob')}`, 'tables']);
const bare = cpuPerStart(['-e', '0']);
say(`  source examples/servers/tables.js: ${source.toFixed(3)} s`);
say(`  build dist/servers/tables.cjs:     ${built.toFixed(3)} s (${(source / built).toFixed(2)}x less)`);
say(
  `  snapshot dist/servers/servers.blob: ${snapshot.toFixed(3)} s (${(source / snapshot).toFixed(2)}x less; what the demo starts)`,
);
say(`  bare node -e 0 (the floor):         ${bare.toFixed(3)} s`);
// Started as the demo starts it (memoryRun: its bin, on a seeded temporary memory file); its stderr
// is one banner line per start.
const memory = await memoryRun().start();
const { argv, env } = memory.target;
const memoryStart = cpuPerStart(argv.slice(1), { ...process.env, ...env }, 'ignore');
await memory.close();
say(`one start of the real @modelcontextprotocol/server-memory as installed: ${memoryStart.toFixed(3)} s`);

const dir = mkdtempSync(join(tmpdir(), 'demo-bench-'));
say(`fitness-report demo, load average ${load()} at the start`);
const cpu0 = childrenCpu();
const t0 = performance.now();
const demo = spawnSync(
  process.execPath,
  [
    join(root, 'bin/fitness-report.js'),
    'demo',
    '--out',
    join(dir, 'runs'),
    '--site',
    join(dir, 'site'),
    '--quiet',
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
const wall = (performance.now() - t0) / 1000;
const cpu = childrenCpu() - cpu0;
const { stdio, memory: memorySessions, http } = serverProcesses(join(dir, 'runs'));
say(`  exit code ${demo.status}; load average ${load()} at the end`);
say(
  `  server processes: ${stdio} stdio sessions (a fresh process each; ${memorySessions} of them server-memory) and ${http} HTTP fixtures`,
);
say(
  `  CPU: ${cpu.toFixed(1)} s (the demo and every process it started), ${(cpu / wall).toFixed(2)} cores busy`,
);
say(
  `  wall: ${wall.toFixed(1)} s against a goal of ${GOAL_S} s: ${wall < GOAL_S ? 'met' : `not met (${(wall / GOAL_S).toFixed(2)}x the goal)`}`,
);
// The least CPU the starts can cost: every planted start at a bare node's, server-memory's at its own.
const floor = (stdio - memorySessions) * bare + memorySessions * memoryStart;
const floorWall = floor / cpus().length;
say(
  `  the floor of the starts alone: ${stdio - memorySessions} x ${bare.toFixed(3)} s + ${memorySessions} x ${memoryStart.toFixed(3)} s = ${floor.toFixed(0)} CPU-s, ${floorWall.toFixed(0)} s on ${cpus().length} fully busy cores${floorWall >= GOAL_S ? `, over the goal before the harness does anything: not reachable while each stdio trial is a fresh process` : ''}`,
);
rmSync(dir, { recursive: true, force: true });
process.exitCode = demo.status === 0 ? 0 : 1;
