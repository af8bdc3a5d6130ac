/**
 * A server whose processes share one data store that each initialises at start (the planted wrapper
 * in fixtures/shared-store: a process that starts while another holds the store's lock fails, as a
 * SQLite server meets SQLITE_BUSY). Trial isolation starts a fresh process per trial; started side
 * by side they overlap, which one user's single process never does. Started one at a time (the
 * default), no start overlaps and the run measures the server; side by side, starts collide.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFitness } from '../../src/run/run-fitness.js';
import type { ServerStarts } from '../../src/run/settings.js';
import { serverFile } from './run/helpers.js';

const WRAPPER = resolve(import.meta.dirname, 'fixtures/shared-store/server.js');
const temp = mkdtempSync(join(tmpdir(), 'server-starts-'));

afterAll(() => rmSync(temp, { recursive: true, force: true }));

async function measure(serverStarts: ServerStarts) {
  const log = join(temp, `${serverStarts}.log`);
  const result = await runFitness({
    target: {
      kind: 'stdio',
      argv: [process.execPath, WRAPPER, serverFile('well-made')],
      env: { STORE_LOCK: join(temp, `${serverStarts}.lock`), STORE_LOG: log },
    },
    outDir: join(temp, 'runs'),
    env: {},
    seed: 5,
    tasks: 8,
    concurrency: 4,
    serverStarts,
  });
  const lines = readFileSync(log, 'utf8').trim().split('\n');
  return {
    result,
    ready: lines.filter((l) => l.startsWith('ready')).length,
    busy: lines.filter((l) => l.startsWith('busy')).length,
  };
}

let serial: Awaited<ReturnType<typeof measure>>;
let ahead: Awaited<ReturnType<typeof measure>>;

beforeAll(async () => {
  [serial, ahead] = [await measure('one-at-a-time'), await measure('ahead')];
}, 600_000);

describe('fresh server processes over one data store', () => {
  it('started one at a time, never overlap, and the run measures the server', () => {
    expect(serial.busy).toBe(0);
    expect(serial.ready).toBeGreaterThan(20);
    expect(serial.result.outcome).toBe('SCORED');
  });

  it('started ahead (the default), side by side, collide: the harness provoked failures the server would not meet', () => {
    expect(ahead.busy).toBeGreaterThan(0);
    expect(ahead.result.outcome).not.toBe('SCORED');
  });
});
