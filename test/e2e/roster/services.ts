import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../src/audit/real.js';

/**
 * Real Redis and PostgreSQL for the queue tests: the ones `.ci/run` started on loopback
 * (FITNESS_TEST_REDIS_URL, FITNESS_TEST_POSTGRES_URL), else fresh ones on a temporary data folder and a
 * free loopback port, from Debian's `redis-server` and `postgresql` packages. Nothing here depends on a
 * system service.
 */
export interface Service {
  url: string;
  stop(): Promise<void>;
}

async function listening(port: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect({ host: '127.0.0.1', port });
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listened on 127.0.0.1:${port} within ${ms} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

export async function startRedis(): Promise<Service> {
  const given = process.env.FITNESS_TEST_REDIS_URL;
  if (given) return { url: given, stop: async () => {} };
  const bin = '/usr/bin/redis-server';
  if (!existsSync(bin))
    throw new Error('redis-server is not installed: apt-get install -y redis-server (.ci/run does)');
  const dir = mkdtempSync(join(tmpdir(), 'fitness-redis-'));
  const port = await freePort();
  const child = spawn(
    bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: 'ignore',
    },
  );
  await listening(port, 15_000);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const PG_BIN = '/usr/lib/postgresql/15/bin';

export async function startPostgres(): Promise<Service> {
  const given = process.env.FITNESS_TEST_POSTGRES_URL;
  if (given) return { url: given, stop: async () => {} };
  if (!existsSync(join(PG_BIN, 'postgres')))
    throw new Error('PostgreSQL 15 is not installed: apt-get install -y postgresql (.ci/run does)');
  const dir = mkdtempSync(join(tmpdir(), 'fitness-pg-'));
  // initdb and postgres refuse to run as root: as root, they run as Debian's postgres user.
  const asRoot = userInfo().uid === 0;
  const run = (cmd: string, args: string[]) =>
    (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]) as [string, string[]];
  if (asRoot) {
    const pwUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const pwGid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, pwUid, pwGid);
  }
  const data = join(dir, 'data');
  const [initCmd, initArgs] = run(join(PG_BIN, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'fitness',
    '--no-sync',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  const [cmd, args] = run(join(PG_BIN, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
  ]);
  const child = spawn(cmd, args, { stdio: 'ignore' });
  await listening(port, 30_000);
  return {
    url: `postgres://fitness@127.0.0.1:${port}/postgres`,
    stop: async () => {
      const [stopCmd, stopArgs] = run(join(PG_BIN, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-s']);
      try {
        execFileSync(stopCmd, stopArgs, { stdio: 'ignore' });
      } catch {
        // already stopped
      }
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
