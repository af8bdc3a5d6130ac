// Offline run benchmark: the heuristic runner and explore/2 against the well-made fixture server at
// the default registration (16 tasks, reps 1/3/3, two extensions available), at --concurrency 1 and
// 4, over both transports:
// - stdio: a fresh server process per trial (the trial isolation of docs/design.md §6), so every
//   trial pays a Node process start in the server (about half a CPU-second each on this machine);
// - http: one server process for the run, a fresh MCP session per trial;
// - stdio with a wait on every model call (MODEL_LATENCY_MS), because offline nothing in a trial
//   waits: the harness, the heuristic model and the servers are all CPU, so on this 2-core machine
//   no concurrency can beat 2 / (cores busy at concurrency 1), and the bench prints that ceiling.
//   Hosted models spend seconds per step, and overlapping those waits is what --concurrency is for.
// Needs `npm run build` first (it imports dist/).
//
// What each CPU figure holds (per trial; a trial is one system turn on the agent plane, screen calls
// included):
// - process: this process's user + system CPU over the whole run (connect, probes, generation,
//   admission, screen, gates, trials, tapes, record, signature; module loading is excluded by a
//   warm-up run).
// - model: CPU inside the heuristic model's doGenerate (its body is synchronous, so the delta around
//   the call is its own work). A hosted model spends this on its own machine.
// - harness = process − model. Of it, `spawn` is the synchronous fork/exec of each stdio server.
// - trials only: the harness CPU of the trial phases alone (nulls, construct, drive), per trial of
//   those phases, without the run's fixed costs (probes, generation, admission, screen, record).
// - servers: CPU of the server processes (stdio: reaped children via /proc/self/stat; http: the one
//   server via /proc/<pid>/stat), the server's own time, not the harness's.
// - loop floor: AI SDK generateText alone (a scripted mock model, the run's tools, the same number of
//   steps per trial as the run took, tool results canned): the agent-loop library's own CPU, which
//   the harness cannot go below while every phase runs through generateText.
// No goals: the two it had (concurrency 4 at least 2.5x faster than 1 offline; harness CPU per trial
// under 5 ms) measured what users neither wait for nor pay (offline, a trial is all CPU on two cores)
// and are retired (docs/bench.md says why); hosted.bench.js holds the goals on hosted latencies.
// The figures stay, to find where the harness's CPU goes.
import childProcess, { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HeuristicModel } from '../dist/models/heuristic/model.js';
import { runFitness } from '../dist/run/run-fitness.js';
import { ferryTools, loopFloor } from './loop-floor.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverScript = join(root, 'examples/servers/well-made.js');

const meter = { modelUs: 0, modelCalls: 0, spawnUs: 0, spawns: 0 };
/** A wait added to every model call (bench variant 'latency'); the model's decisions are unchanged. */
let modelLatencyMs = 0;
const MODEL_LATENCY_MS = 250;
const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

const doGenerate = HeuristicModel.prototype.doGenerate;
HeuristicModel.prototype.doGenerate = function measured(options) {
  const before = cpuUs();
  try {
    const answer = doGenerate.call(this, options);
    return modelLatencyMs === 0
      ? answer
      : new Promise((resolve) => setTimeout(() => resolve(answer), modelLatencyMs));
  } finally {
    meter.modelUs += cpuUs() - before;
    meter.modelCalls += 1;
  }
};

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

/** utime + stime (or, with `children`, cutime + cstime) of a process, in ms, from stat(5). */
function statMs(pid, children) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14-17 of stat(5) (utime, stime, cutime, cstime) are the 12th-15th after the comm field.
    const at = children ? 13 : 11;
    return (Number(fields[at]) + Number(fields[at + 1])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

/** Turns per trial on the agent plane: one system turn opens a trial; assistant turns are its steps. */
function trialShape(dir) {
  const steps = new Map();
  let screen = 0;
  for (const line of readFileSync(join(dir, 'agent.jsonl'), 'utf8').split('\n')) {
    if (!line.includes('"type":"turn"')) continue;
    const corr = /"corr_id":"([^"]*)"/.exec(line)?.[1] ?? '';
    if (line.includes('"role":"system"')) {
      steps.set(corr, 0);
      if (corr.endsWith('::screen')) screen += 1;
    } else if (line.includes('"role":"assistant"')) steps.set(corr, (steps.get(corr) ?? 0) + 1);
  }
  return { trials: steps.size, screen, steps: [...steps.values()] };
}

/** An HTTP fixture server on an ephemeral 127.0.0.1 port; resolves once it prints its URL. */
function startHttpServer() {
  const child = spawn(process.execPath, [serverScript, '--http', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const url = /listening (\S+)/.exec(out)?.[1];
      if (url) resolve({ url, pid: child.pid, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`fixture server exited (${code}) before listening`)));
  });
}

async function once(transport, concurrency) {
  const out = mkdtempSync(join(tmpdir(), 'fitness-bench-'));
  const http = transport === 'http' ? await startHttpServer() : undefined;
  const serverMs = () => (http ? statMs(http.pid, false) : statMs('self', true));
  const start = { ...meter, cpu: cpuUs(), server: serverMs(), wall: performance.now() };
  let trialsStart;
  const result = await runFitness({
    target: http
      ? { kind: 'http', url: http.url }
      : { kind: 'stdio', argv: [process.execPath, serverScript] },
    outDir: out,
    env: {},
    concurrency,
    progress: (line) => {
      // The last gate before the first trial phase: from here on the run is trials and gates.
      if (line.startsWith('gate plan_power')) trialsStart = { ...meter, cpu: cpuUs() };
    },
  });
  const end = { ...meter, cpu: cpuUs(), server: serverMs(), wall: performance.now() };
  http?.stop();
  const shape = trialShape(result.dir);
  rmSync(out, { recursive: true, force: true });
  const processMs = (end.cpu - start.cpu) / 1000;
  const modelMs = (end.modelUs - start.modelUs) / 1000;
  const phaseTrials = shape.trials - shape.screen;
  const phaseHarnessMs = trialsStart
    ? (end.cpu - trialsStart.cpu - (end.modelUs - trialsStart.modelUs)) / 1000
    : Number.NaN;
  return {
    transport,
    concurrency,
    outcome: result.outcome,
    wallMs: end.wall - start.wall,
    trials: shape.trials,
    steps: shape.steps,
    spawns: end.spawns - start.spawns,
    processMs,
    modelMs,
    harnessMs: processMs - modelMs,
    spawnMs: (end.spawnUs - start.spawnUs) / 1000,
    phaseHarnessPerTrial: phaseHarnessMs / phaseTrials,
    serversMs: end.server - start.server,
  };
}

const f = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const cores = cpus().length;
/** Cores kept busy on average: all CPU (this process and the servers) over wall time. */
const busy = (r) => (r.processMs + r.serversMs) / r.wallMs;

process.stdout.write(
  `machine: ${cores} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at start\n`,
);
// Module loading and first-run compilation belong to neither concurrency.
await once('stdio', 4);

/**
 * The variants: both transports as they are offline (nothing in a trial waits, so the CPU decides),
 * and stdio with every model call answering after MODEL_LATENCY_MS, still quicker than any hosted
 * model's step (the heuristic's decisions, and so the run, are unchanged).
 */
const VARIANTS = [
  { name: 'stdio', transport: 'stdio', latency: 0 },
  { name: 'http', transport: 'http', latency: 0 },
  { name: `stdio + ${MODEL_LATENCY_MS} ms per model call`, transport: 'stdio', latency: MODEL_LATENCY_MS },
];
const results = [];
for (const variant of VARIANTS) {
  modelLatencyMs = variant.latency;
  const rows = [];
  for (const concurrency of [1, 4]) {
    const r = await once(variant.transport, concurrency);
    rows.push(r);
    const per = (ms) => f(ms / r.trials);
    process.stdout.write(
      `${variant.name}, concurrency ${r.concurrency}: ${r.outcome}, ${r.trials} trials` +
        `${variant.transport === 'stdio' ? ` (${r.spawns} server processes)` : ''} in ` +
        `${f(r.wallMs / 1000, 1)} s (${f(r.trials / (r.wallMs / 1000))} trials/s)\n` +
        `  CPU per trial: process ${per(r.processMs)} ms = model ${per(r.modelMs)} ms + harness ` +
        `${per(r.harnessMs)} ms${variant.transport === 'stdio' ? ` (of which spawning servers ${per(r.spawnMs)} ms)` : ''}; ` +
        `trials only ${f(r.phaseHarnessPerTrial)} ms; servers ${per(r.serversMs)} ms\n`,
    );
  }
  const [one, four] = rows;
  const result = { variant, one, four, speedup: one.wallMs / four.wallMs };
  results.push(result);
  process.stdout.write(
    `${variant.name}: speedup at concurrency 4 ${f(result.speedup)}x; cores busy ${f(busy(one))} at 1, ` +
      `${f(busy(four))} at 4 (of ${cores}), so no concurrency can beat ${cores} / ${f(busy(one))} = ` +
      `${f(cores / busy(one))}x; the server is ${f((100 * four.serversMs) / (four.processMs + four.serversMs), 0)}% of the CPU\n`,
  );
}
modelLatencyMs = 0;

const stdio4 = results[0].four;
const floor = await loopFloor(stdio4.steps, await ferryTools(serverScript));
const meanSteps = stdio4.steps.reduce((a, b) => a + b, 0) / stdio4.steps.length;
process.stdout.write(
  `loop floor: AI SDK generateText alone costs ${f(floor)} ms of CPU per trial here ` +
    `(${f(meanSteps, 1)} steps per trial, the run's ${stdio4.trials} trials replayed with a scripted model)\n`,
);
for (const { variant, four, speedup } of results) {
  const harness = four.harnessMs / four.trials;
  process.stdout.write(
    `figures (${variant.name}, no goal: retired, see docs/bench.md): speedup ${f(speedup)}x; harness CPU per ` +
      `trial at concurrency 4 ${f(harness)} ms; ${f(four.phaseHarnessPerTrial)} ms in the trial phases, of which ` +
      `the loop floor is ${f(floor)} ms\n`,
  );
}
