import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { errorCode, FitnessError } from '../core/errors.js';
import type { ServeCommand } from './target.js';

export interface Served {
  close(): Promise<void>;
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1000, () => done(false));
  });
}

function killGroup(pid: number | undefined, sig: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, sig);
  } catch {
    // already gone
  }
}

/**
 * Starts an entry's `serve` command in a process group of its own and waits until `url` accepts
 * TCP connections. `close()` signals the group (TERM, then KILL after 2 s).
 */
export async function startServe(cmd: ServeCommand, url: string, readyTimeoutMs: number): Promise<Served> {
  const [command, ...args] = cmd.argv;
  const child = spawn(command ?? '', args, {
    cwd: cmd.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...cmd.env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString('utf8')).slice(-600);
  });
  let exited: string | undefined;
  const gone = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = `exited (${signal ?? code})`;
      resolve();
    });
    child.once('error', (err) => {
      exited = `did not start: ${err.message}`;
      resolve();
    });
  });
  const close = async () => {
    if (exited === undefined) {
      killGroup(child.pid, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 2000);
      await gone;
      clearTimeout(timer);
    }
    killGroup(child.pid, 'SIGKILL');
  };
  const { hostname, port } = new URL(url);
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (exited !== undefined) break;
    if (await accepts(hostname.replace(/^\[|\]$/g, ''), Number(port || 80))) return { close };
    await new Promise((r) => setTimeout(r, 100));
  }
  await close();
  const last = stderr.trim().split('\n').at(-1) ?? '';
  throw new FitnessError(
    'SERVE_NOT_READY',
    `serve command ${exited ?? `did not listen on ${url} within ${readyTimeoutMs} ms`}${last ? `: ${last}` : ''}`,
  );
}

/**
 * A fresh copy of an entry's data directory (same base name, so runs name it the same way each
 * time). The folder we invent for it is lower-case hex: a server that folds a path's case (one does,
 * on Linux) must not be provoked by a name that is ours, not the user's.
 */
export function copyData(source: string): { dir: string; remove: () => void } {
  const parent = join(tmpdir(), `fitness-roster-data-${randomBytes(8).toString('hex')}`);
  mkdirSync(parent, { mode: 0o700 });
  const dir = join(parent, basename(source));
  try {
    cpSync(source, dir, { recursive: true });
  } catch (err) {
    rmSync(parent, { recursive: true, force: true });
    throw new FitnessError('ROSTER_DATA', `data ${source}: cannot copy (${errorCode(err) ?? err})`);
  }
  return { dir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}
