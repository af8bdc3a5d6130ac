import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, server, serverFile } from '../run/helpers.js';

export const BIN = join(ROOT, 'bin/fitness-report.js');

/** A CLI process of its own (the roster, a worker), its output collected line by line. */
export interface CliProcess {
  child: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
  /** Resolves when a stderr or stdout line matches. */
  waitFor(pattern: RegExp, ms?: number): Promise<string>;
}

const live = new Set<ChildProcess>();

/**
 * Stops every CLI process a test started that is still running (a failed assertion leaves them):
 * SIGTERM, so a roster or worker stops its tries and their servers, then SIGKILL after `graceMs`.
 * Call it from afterAll/afterEach of every file that uses `cli`.
 */
export async function stopAll(graceMs = 30_000): Promise<void> {
  await Promise.all(
    [...live].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(killer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  live.clear();
}

export function cli(args: readonly string[], env: NodeJS.ProcessEnv = {}): CliProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // The throwaway config directory (publisher key) global-setup made, never the real one.
      XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (l: string) => void }[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line === '') continue;
      lines.push(line);
      for (const w of [...waiters])
        if (w.pattern.test(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    exited,
    waitFor(pattern, ms = 180_000) {
      const seen = lines.find((l) => pattern.test(l));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no line matched ${pattern} in ${ms} ms:\n${lines.join('\n')}`)),
          ms,
        );
        waiters.push({
          pattern,
          resolve: (l) => {
            clearTimeout(timer);
            resolve(l);
          },
        });
      });
    },
  };
}

/**
 * A small roster of planted servers for the tests of jobs (not of scores): well-made over HTTP
 * (a `serve` entry, 8 tasks so a run takes seconds), and thin and calculator over stdio, which
 * refuse before any trial.
 */
export function plantedRoster(extra: Record<string, unknown> = {}): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fitness-roster-'));
  const file = join(dir, 'roster.json');
  const port = ['${', 'PORT}'].join('');
  const roster = {
    mcpServers: {
      'well-made': {
        url: `http://127.0.0.1:${port}/mcp`,
        serve: { command: process.execPath, args: [serverFile('well-made'), '--http', '--port', port] },
        run: { tasks: 8 },
      },
      thin: { command: process.execPath, args: server('thin') },
      calculator: { command: process.execPath, args: server('calculator') },
      ...extra,
    },
  };
  writeFileSync(file, `${JSON.stringify(roster, null, 2)}\n`);
  return { dir, file };
}
