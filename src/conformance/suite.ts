import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';

export const SUITE_PACKAGE = '@modelcontextprotocol/conformance';

const Manifest = z.looseObject({
  version: z.string().min(1),
  bin: z.union([z.string(), z.record(z.string(), z.string())]),
});

export interface InstalledSuite {
  name: string;
  version: string;
  /** Absolute path of its CLI script. */
  bin: string;
  /** Why it cannot run under this Node, when it cannot. */
  incompatible?: string;
}

/** 0.1.14 and later call `fs.globSync`, which Node 20 lacks; 0.1.13 is the last that runs on 20. */
export function nodeIncompatibility(version: string, nodeVersion: string): string | undefined {
  const [maj = 0, min = 0, patch = 0] = version.split(/[.-]/).map((p) => Number.parseInt(p, 10) || 0);
  const node = Number.parseInt(nodeVersion.replace(/^v/, ''), 10);
  const newer = maj > 0 || min > 1 || (min === 1 && patch >= 14);
  return newer && node < 22
    ? `${SUITE_PACKAGE} ${version} needs Node 22 or later (this is ${nodeVersion}); 0.1.13 is the last release that runs on Node 20`
    : undefined;
}

/** The installed suite (a dependency of this package), or a one-line reason it is not there. */
export function installedSuite(nodeVersion = process.version): InstalledSuite | { missing: string } {
  const require = createRequire(import.meta.url);
  let path: string;
  try {
    path = require.resolve(`${SUITE_PACKAGE}/package.json`);
  } catch {
    return { missing: `${SUITE_PACKAGE} is not installed (npm ci installs it)` };
  }
  const parsed = Manifest.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) return { missing: `${path}: not a package manifest with a bin` };
  const bin = typeof parsed.data.bin === 'string' ? parsed.data.bin : Object.values(parsed.data.bin)[0];
  if (bin === undefined) return { missing: `${SUITE_PACKAGE} declares no bin script` };
  const incompatible = nodeIncompatibility(parsed.data.version, nodeVersion);
  return {
    name: SUITE_PACKAGE,
    version: parsed.data.version,
    bin: join(dirname(path), bin),
    ...(incompatible ? { incompatible } : {}),
  };
}

export interface SuiteExit {
  exitCode: number | null;
  timedOut: boolean;
  stderrTail: string;
}

/**
 * Runs `conformance server --url URL -o DIR` in a process group of its own, bounded by `timeoutMs`
 * (then TERM, then KILL of the whole group) and by `signal`.
 */
export function runSuite(
  bin: string,
  url: string,
  outDir: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<SuiteExit> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'server', '--url', url, '-o', outDir], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    let timedOut = false;
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    const stop = () => {
      if (child.pid === undefined || child.exitCode !== null) return;
      killGroup(child.pid, 'SIGTERM');
      setTimeout(() => child.pid !== undefined && killGroup(child.pid, 'SIGKILL'), 2000).unref();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutMs);
    signal?.addEventListener('abort', stop, { once: true });
    const done = (exitCode: number | null) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
      resolve({ exitCode, timedOut, stderrTail: stderr.trim() });
    };
    child.once('error', (err) => {
      stderr = err.message;
      done(null);
    });
    child.once('exit', (code) => done(timedOut ? null : code));
  });
}

function killGroup(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pid, sig);
  } catch {
    // The group is already gone.
  }
}
