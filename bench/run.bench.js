// Offline run benchmark: the heuristic runner and explore/1 against the well-made fixture server at
// the default registration (16 tasks, reps 1/3/3, two extensions available), at --concurrency 1 and
// 4. Reports wall time, trials per second and the harness's own CPU per trial (this process: the
// pipeline, the tapes and the in-process heuristic model; each stdio trial's server is a separate
// process and is not counted). Goals: concurrency 4 at least 2.5x faster than 1; harness CPU per
// trial under 5 ms. Needs `npm run build` first (it imports dist/).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFitness } from '../dist/run/run-fitness.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverScript = join(root, 'examples/servers/well-made.js');

/** Trials = one system turn each on the agent plane (screen calls included). */
function trialsOf(dir) {
  return readFileSync(join(dir, 'agent.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.includes('"type":"turn"') && line.includes('"role":"system"')).length;
}

async function once(concurrency) {
  const out = mkdtempSync(join(tmpdir(), 'fitness-bench-'));
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await runFitness({
    target: { kind: 'stdio', argv: [process.execPath, serverScript] },
    outDir: out,
    env: {},
    concurrency,
  });
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const trials = trialsOf(result.dir);
  rmSync(out, { recursive: true, force: true });
  return { concurrency, outcome: result.outcome, wallMs, trials, cpuMs: (used.user + used.system) / 1000 };
}

const rows = [];
for (const concurrency of [1, 4]) {
  const r = await once(concurrency);
  rows.push(r);
  process.stdout.write(
    `concurrency ${r.concurrency}: ${r.outcome}, ${r.trials} trials in ${(r.wallMs / 1000).toFixed(1)} s ` +
      `(${(r.trials / (r.wallMs / 1000)).toFixed(2)} trials/s), harness CPU ${(r.cpuMs / r.trials).toFixed(2)} ms/trial\n`,
  );
}
const [one, four] = rows;
const speedup = one.wallMs / four.wallMs;
const cpuPerTrial = four.cpuMs / four.trials;
process.stdout.write(`speedup at concurrency 4: ${speedup.toFixed(2)}x (goal >= 2.5x)\n`);
process.stdout.write(`harness CPU per trial at concurrency 4: ${cpuPerTrial.toFixed(2)} ms (goal < 5 ms)\n`);
