// Offline run benchmark: the heuristic runner and explore/1 against the well-made fixture server at
// the default registration (16 tasks, reps 1/3/3, two extensions available), at --concurrency 1 and
// 4. Needs `npm run build` first (it imports dist/).
//
// What each CPU figure holds (all per trial; a trial is one system turn on the agent plane, screen
// calls included):
// - process: this process's user + system CPU over the whole run (pipeline, gates, tapes, record,
//   signature, module loading on the first run, and the in-process heuristic model).
// - model: CPU spent inside the heuristic model's doGenerate (measured around each call: its body
//   is synchronous, so the delta is its own work). A hosted model spends this on its own machine.
// - harness = process − model. Of it, `spawn` is the synchronous fork/exec of the fresh stdio server
//   each trial gets (the isolation DESIGN §6 asks for); it is reported so it is not hidden.
// - servers: CPU of the reaped server processes (Linux /proc/self/stat cutime + cstime), the
//   server's own time, not the harness's.
// Goals: concurrency 4 at least 2.5x faster than 1; harness CPU per trial under 5 ms.

// Offline run benchmark: the heuristic runner and explore/1 against the well-made fixture server at
// the default registration (16 tasks, reps 1/3/3, two extensions available), at --concurrency 1 and
// 4. Needs `npm run build` first (it imports dist/).
//
// What each CPU figure holds (all per trial; a trial is one system turn on the agent plane, screen
// calls included):
// - process: this process's user + system CPU over the whole run (pipeline, gates, tapes, record,
//   signature, module loading on the first run, and the in-process heuristic model).
// - model: CPU spent inside the heuristic model's doGenerate (measured around each call: its body
//   is synchronous, so the delta is its own work). A hosted model spends this on its own machine.
// - harness = process − model. Of it, `spawn` is the synchronous fork/exec of the fresh stdio server
//   each trial gets (the isolation DESIGN §6 asks for); it is reported so it is not hidden.
// - servers: CPU of the reaped server processes (Linux /proc/self/stat cutime + cstime), the
//   server's own time, not the harness's.
// Goals: concurrency 4 at least 2.5x faster than 1; harness CPU per trial under 5 ms.
import childProcess, { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HeuristicModel } from '../dist/models/heuristic/model.js';
import { runFitness } from '../dist/run/run-fitness.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverScript = join(root, 'examples/servers/well-made.js');

const meter = { modelUs: 0, modelCalls: 0, spawnUs: 0, spawns: 0 };
const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

// The model's own CPU: doGenerate's body runs synchronously up to its return, so the CPU delta
// around the call is the model's work (the promise it returns is already settled).
const doGenerate = HeuristicModel.prototype.doGenerate;
HeuristicModel.prototype.doGenerate = function measured(options) {
  const before = cpuUs();
  try {
    return doGenerate.call(this, options);
  } finally {
    meter.modelUs += cpuUs() - before;
    meter.modelCalls += 1;
  }
};

// The synchronous part of spawning each server (fork + exec in this process).
const spawn = childProcess.spawn;
childProcess.spawn = function measuredSpawn(...args) {
  const before = cpuUs();
  try {
    return spawn.apply(this, args);
  } finally {
    meter.spawnUs += cpuUs() - before;
    meter.spawns += 1;
  }
};
syncBuiltinESMExports();

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);
/** CPU of reaped children (the server processes), in ms. */
function childrenMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of stat(5) (cutime, cstime) are the 14th and 15th after the comm field.
    return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

/** Trials = one system turn each on the agent plane (screen calls included). */
function trialsOf(dir) {
  return readFileSync(join(dir, 'agent.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.includes('"type":"turn"') && line.includes('"role":"system"')).length;
}

async function once(concurrency) {
  const out = mkdtempSync(join(tmpdir(), 'fitness-bench-'));
  const start = { ...meter, cpu: cpuUs(), children: childrenMs(), wall: performance.now() };
  const result = await runFitness({
    target: { kind: 'stdio', argv: [process.execPath, serverScript] },
    outDir: out,
    env: {},
    concurrency,
  });
  const wallMs = performance.now() - start.wall;
  const processMs = (cpuUs() - start.cpu) / 1000;
  const modelMs = (meter.modelUs - start.modelUs) / 1000;
  const spawnMs = (meter.spawnUs - start.spawnUs) / 1000;
  const serversMs = childrenMs() - start.children;
  const trials = trialsOf(result.dir);
  rmSync(out, { recursive: true, force: true });
  return {
    concurrency,
    outcome: result.outcome,
    wallMs,
    trials,
    spawns: meter.spawns - start.spawns,
    processMs,
    modelMs,
    harnessMs: processMs - modelMs,
    spawnMs,
    serversMs,
  };
}

const f = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
process.stdout.write(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at start\n`,
);
const rows = [];
for (const concurrency of [1, 4]) {
  const r = await once(concurrency);
  rows.push(r);
  const per = (ms) => f(ms / r.trials);
  process.stdout.write(
    `concurrency ${r.concurrency}: ${r.outcome}, ${r.trials} trials (${r.spawns} server processes) in ` +
      `${f(r.wallMs / 1000, 1)} s (${f(r.trials / (r.wallMs / 1000))} trials/s)\n` +
      `  CPU per trial: process ${per(r.processMs)} ms = model ${per(r.modelMs)} ms + harness ` +
      `${per(r.harnessMs)} ms (of which spawning servers ${per(r.spawnMs)} ms); servers ${per(r.serversMs)} ms\n`,
  );
}
const [one, four] = rows;
const speedup = one.wallMs / four.wallMs;
const cores = cpus().length;
/** Cores kept busy on average: all CPU (this process and the servers) over wall time. */
const busy = (r) => (r.processMs + r.serversMs) / r.wallMs;
const harnessPerTrial = four.harnessMs / four.trials;
process.stdout.write(
  `speedup at concurrency 4: ${f(speedup)}x (goal >= 2.5x; ${f(speedup / 2.5)} of the goal)\n` +
    `  cores busy: ${f(busy(one))} at concurrency 1, ${f(busy(four))} at concurrency 4 (of ${cores}); ` +
    `with every core to itself the ceiling is ${cores} / ${f(busy(one))} = ${f(cores / busy(one))}x; ` +
    `the servers are ${f((100 * four.serversMs) / (four.processMs + four.serversMs), 0)}% of the CPU\n` +
    `harness CPU per trial at concurrency 4: ${f(harnessPerTrial)} ms (goal < 5 ms; ${f(harnessPerTrial / 5)} of the limit), ` +
    `${f((four.harnessMs - four.spawnMs) / four.trials)} ms without spawning servers\n`,
);
