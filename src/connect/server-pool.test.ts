import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerPool } from './server-pool.js';
import { type ServerCommand, type StartedServer, startServerProcess } from './server-process.js';

/** A process that waits on stdin, started for real. */
const command: ServerCommand = { argv: [process.execPath, '-e', 'process.stdin.resume()'] };
const started: StartedServer[] = [];
const counting = (c: ServerCommand) => {
  const server = startServerProcess(c);
  started.push(server);
  return server;
};

function alive(pid: number | undefined): boolean {
  if (pid === undefined || !existsSync(`/proc/${pid}`)) return false;
  return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

async function settle(servers: readonly StartedServer[]): Promise<void> {
  await Promise.all(servers.map((s) => s.exited));
}

afterEach(async () => {
  for (const s of started.splice(0)) s.child.kill('SIGKILL');
});

describe('ServerPool', () => {
  it('keeps at most `size` idle processes and never starts more than `demand`', async () => {
    const pool = new ServerPool(command, { size: 2, demand: 5, start: counting });
    expect(pool.idle).toBe(2);
    // Taking never starts a process (a spawn would delay the taker's handshake); refilling does.
    const taken = [pool.take(), pool.take(), pool.take()];
    expect(pool.idle).toBe(0);
    expect(started).toHaveLength(3);
    pool.refill();
    expect(pool.idle).toBe(2);
    expect(started).toHaveLength(5);
    taken.push(pool.take(), pool.take());
    pool.refill();
    expect(pool.idle).toBe(0);
    expect(started).toHaveLength(5);
    // Each take is a distinct process, handed out in the order they were started.
    expect(new Set(taken.map((s) => s.child.pid)).size).toBe(5);
    expect(taken).toEqual(started);
    pool.stop();
  });

  it('kills the processes no one took when stopped, and starts none after', async () => {
    const pool = new ServerPool(command, { size: 3, demand: 10, start: counting });
    const kept = pool.take();
    pool.refill();
    await Promise.all(started.map((s) => s.spawned));
    const idle = started.filter((s) => s !== kept);
    expect(idle).toHaveLength(3);
    pool.stop();
    await settle(idle);
    expect(idle.map((s) => alive(s.child.pid))).toEqual([false, false, false]);
    expect(alive(kept.child.pid)).toBe(true);
    expect(pool.idle).toBe(0);
    pool.refill();
    expect(started).toHaveLength(4);
  });

  it('hands out a process that failed to start, whose transport reports the spawn error', async () => {
    const pool = new ServerPool({ argv: ['/nonexistent/server'] }, { size: 1, demand: 2 });
    const server = pool.take();
    await expect(server.spawned).rejects.toThrow();
    expect(server.spawnError).toBe('ENOENT');
    pool.stop();
  });
});
