import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { liveCount } from '../../../src/connect/processes.js';
import type { RunRecord } from '../../../src/record/run.js';
import type { RunOptions } from '../../../src/run/options.js';
import { runFitness } from '../../../src/run/run-fitness.js';
import { readTape } from '../../../src/tape/reader.js';
import { captureIO, outDir, ROOT, server } from '../run/helpers.js';

export const PROXY = join(ROOT, 'test/e2e/fixtures/hostile/proxy.js');
export const WELL_MADE = server('well-made');

/** The argv of a stdio target: the hostile proxy in `mode` in front of the well-made server. */
export function proxyArgv(mode: string): string[] {
  return [process.execPath, PROXY, mode, '--', process.execPath, ...WELL_MADE];
}

/** A run against a hostile target, offline, with a short call deadline; returns the result and its files. */
export async function hostileRun(target: RunOptions['target'], options: Partial<RunOptions> = {}) {
  const result = await runFitness({
    seed: 1,
    target,
    outDir: outDir(),
    env: {},
    callTimeoutMs: 1500,
    ...options,
  });
  const wire = await readTape(join(result.dir, 'wire.jsonl'));
  return { result, record: result.record, wire };
}

/** What a run came to, in one line: the message of an outcome assertion, so a failure says why. */
export function outcomeOf(record: RunRecord): string {
  const refusal =
    record.refusal === undefined ? '' : ` refused at ${record.refusal.gate} (${record.refusal.reason})`;
  const voided = record.void === undefined ? '' : ` void ${record.void.reason}: ${record.void.detail}`;
  const explored = (record.exploration?.tools ?? [])
    .map((t) => `${t.tool} ${t.calls} call(s)${t.skipped === undefined ? '' : ` (${t.skipped})`}`)
    .join('; ');
  return `${record.outcome}${refusal}${voided}; explored: ${explored}`;
}

/** Every run ends the same way whatever went wrong: a valid signed record, tapes with end lines, no process left. */
export async function expectCleanEnd(dir: string): Promise<void> {
  for (const plane of ['wire', 'agent', 'judge']) {
    const tape = await readTape(join(dir, `${plane}.jsonl`));
    expect(tape.end, `${plane}.jsonl has an end line`).toBeDefined();
    expect(tape.skipped, `${plane}.jsonl reads whole`).toEqual([]);
  }
  const io = captureIO();
  expect(await main(['verify', dir], io), io.stdout.join('\n')).toBe(0);
  expect(liveCount()).toBe(0);
}

/** Every byte of every file of a run directory, for secret checks. */
export function runBytes(dir: string): string {
  return readdirSync(dir)
    .filter((f) => statSync(join(dir, f)).isFile())
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

export interface HostileHttp {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** The hostile proxy over HTTP in front of the well-made server over HTTP; resolves with its URL. */
export async function startHostileHttp(mode: string, env: NodeJS.ProcessEnv = {}): Promise<HostileHttp> {
  const child = spawn(process.execPath, [PROXY, mode, '--http', '--', process.execPath, ...WELL_MADE], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
    detached: true,
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('the hostile proxy did not start')), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const m = /listening (http:\/\/\S+)/.exec(buffer);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  child.stdout?.resume();
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
    } catch {
      // already gone
    }
    await exited;
  };
  return { url, child, stop };
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
