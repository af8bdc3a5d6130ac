// One hostile-server run in a process of its own, so its max RSS is this scenario's alone.
// Usage: node bench/hostile-run.child.js MODE stdio|http  → prints one JSON line.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFitness } from '../dist/run/run-fitness.js';

const here = dirname(fileURLToPath(import.meta.url));
const proxy = join(here, '../test/e2e/fixtures/hostile/proxy.js');
const server = join(here, '../examples/servers/well-made.js');
const [mode = 'huge:50', transport = 'stdio'] = process.argv.slice(2);

async function httpTarget() {
  const child = spawn(process.execPath, [proxy, mode, '--http', '--', process.execPath, server], {
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  const url = await new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('proxy did not start')), 20_000);
    child.stdout.on('data', (chunk) => {
      buffer += chunk.toString();
      const m = /listening (http:\/\/\S+)/.exec(buffer);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  child.stdout.resume();
  return { target: { kind: 'http', url }, stop: () => process.kill(-child.pid, 'SIGKILL') };
}

const out = mkdtempSync(join(tmpdir(), 'hostile-bench-'));
const started = Date.now();
const { target, stop } =
  transport === 'http'
    ? await httpTarget()
    : {
        target: { kind: 'stdio', argv: [process.execPath, proxy, mode, '--', process.execPath, server] },
        stop: () => {},
      };
try {
  const result = await runFitness({ target, outDir: out, env: {}, budgetMs: 45_000, callTimeoutMs: 30_000 });
  process.stdout.write(
    `${JSON.stringify({
      outcome: result.outcome,
      reason: result.record.void?.reason ?? result.record.refusal?.reason ?? null,
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      wallS: Math.round((Date.now() - started) / 100) / 10,
    })}\n`,
  );
} finally {
  stop();
  rmSync(out, { recursive: true, force: true });
}
