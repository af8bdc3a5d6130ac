import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { readRecord } from '../../src/record/io.js';
import { engine, parseQueueUrl } from '../../src/roster/queue/backend.js';
import { defaultRosterId, queueJobId, triesOf } from '../../src/roster/queue/jobs.js';
import { ResultsTable } from '../../src/roster/queue/results.js';
import { cli, plantedRoster, stopAll } from './roster/cli.js';
import { type Service, startPostgres, startRedis } from './roster/services.js';
import { captureIO } from './run/helpers.js';

const records = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((d) => existsSync(join(dir, d, 'record.json')))
        .map((d) => join(dir, d))
    : [];

/**
 * Two workers as separate processes take a roster's jobs from a real queue; the one running
 * well-made is killed with SIGKILL mid-run. Its job must come back after the lock expires, its dead
 * try recorded VOID (settled from its folder when that is under the survivor's own staging root;
 * else a stand-in record, the dead worker's folder untouched), the retry the next try, and every
 * entry end with exactly its records.
 */
async function killOneWorker(service: Service, shared: boolean) {
  const { dir, file } = plantedRoster();
  const queueName = `q${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const outs = shared ? [join(dir, 'runs'), join(dir, 'runs')] : [join(dir, 'runs-a'), join(dir, 'runs-b')];
  const common = ['--queue', service.url, '--queue-name', queueName];
  // A short lock so the dead worker's job comes back quickly, but not so short that a live worker on
  // this loaded 2-core machine misses a renewal (its job would be taken up while it still runs).
  const workers = outs.map((out) => cli(['worker', ...common, '--out', out, '--lock-duration', '10000']));
  const coordinatorOut = join(dir, shared ? 'runs' : 'coordinator');
  const coordinator = cli([
    'roster',
    file,
    ...common,
    '--only',
    'well-made,thin',
    '--out',
    coordinatorOut,
    '--site',
    join(dir, 'site'),
    '--no-conformance',
    '--plain',
  ]);
  const first = await Promise.race(
    // Killed once its try said what it measures (so there is a start to record), while it runs.
    workers.map((w, i) => w.waitFor(/^well-made#1: try 1 measuring/).then(() => i)),
  );
  await new Promise((r) => setTimeout(r, 2500));
  const victim = workers[first];
  const survivor = workers[1 - first];
  victim?.child.kill('SIGKILL');
  expect(await coordinator.exited).toBe(0);
  // The coordinator shows a running try's own run, read off the queue from the job's progress: its
  // phase, trials and counts, printed by the local roster's display (a line when a phase's trials are done).
  expect(coordinator.lines.join('\n')).toMatch(/^well-made#1: drive: (\d+)\/\1 trials · \d+ passed/m);
  survivor?.child.kill('SIGTERM');
  await survivor?.exited;
  // The survivor settles the dead try from a folder under its own staging root (the shared results
  // folder); another worker's --out is not its to move, so it records the try with a stand-in.
  expect(survivor?.lines.join('\n')).toMatch(
    shared
      ? /well-made#1: try 1 died with its worker: recorded VOID$/m
      : /well-made#1: try 1 died with its worker: recorded VOID here as a stand-in/,
  );

  // The queue's own account of each job: well-made died once and ran again, thin once.
  const url = parseQueueUrl(service.url);
  const e = engine(url);
  const queue = e.queue(queueName);
  const rosterId = defaultRosterId(file);
  const wellMade = triesOf((await queue.getJob(queueJobId(rosterId, 'well-made', 1)))?.progress);
  const thin = triesOf((await queue.getJob(queueJobId(rosterId, 'thin', 1)))?.progress);
  await queue.close();
  await e.close();
  expect(wellMade.map((t) => [t.try, t.state])).toEqual([
    [1, 'died'],
    [2, 'finished'],
  ]);
  expect(thin.map((t) => [t.try, t.state])).toEqual([[1, 'finished']]);
  expect(wellMade[0]?.outcome).toBe('VOID');
  expect(wellMade[1]?.outcome).toBe('SCORED');
  return { dir, rosterId, coordinator, wellMade, thin, coordinatorOut };
}

/** A board row's HTML, by its run id: from its opening tag to the next row's (rows hold tables of their own). */
const rowOf = (board: string, runId: string) => {
  const from = board.indexOf(`<tr id="run-${runId}"`);
  if (from < 0) return '';
  const next = board.indexOf('<tr id="run-', from + 1);
  return board.slice(from, next < 0 ? undefined : next);
};

/**
 * The dead try's record is named from the entry's target (the served URL: the server never named
 * it), its retry from the server's reported name; both records name the entry, so the board shows
 * one row for the server, the retry's, listing the dead try (why it ended) and the retry as its
 * attempts 1 and 2.
 */
async function oneServersAttempts(
  board: string,
  dead: string,
  retry: string,
  deadDir: string,
  unnamed: boolean,
) {
  const record = await readRecord(join(deadDir, 'record.json'));
  expect(record.roster).toEqual({ entry: 'well-made', attempt: 1, try: 1 });
  // A stand-in is built from the signed job alone: named from the entry's target, never by the server.
  if (unnamed) expect(record.identity.serverSlug).not.toBe(retry.replace(/-\d{8}T\d+Z$/, ''));
  expect(rowOf(board, dead)).toBe('');
  const row = rowOf(board, retry);
  expect(row).toMatch(/2 attempts; this row is attempt 2/);
  expect(row).toContain(`<li id="run-${dead}" data-outcome="VOID">`);
  expect(row).toContain(
    `VOID</span> attempt 1: <a href="records/${dead}.html"><code>${dead}</code></a> · try 1`,
  );
  expect(row).toContain('ended: <code>aborted</code>');
  expect(row).toContain(
    `attempt 2 (this row): <a href="records/${retry}.html"><code>${retry}</code></a> · try 2`,
  );
  expect(row).toMatch(/roster entry “well-made”, attempt 1, try 2/);
}

describe('a roster over a real queue (BullMQ 6)', () => {
  let redis: Service;
  let postgres: Service;
  beforeAll(async () => {
    [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
  }, 120_000);
  afterAll(async () => {
    // Workers and coordinators a failed assertion left running go first, then the services.
    await stopAll();
    await Promise.all([redis?.stop(), postgres?.stop()]);
  });

  // The two kills run side by side: each has its own service, queue name, folders and processes, and
  // most of each is waiting (for the try to start, then for the dead worker's lock to expire).
  it.concurrent('Redis: a worker killed mid-run; records reach the shared results folder, nothing lost or duplicated', async () => {
    const { dir, wellMade, thin, coordinator } = await killOneWorker(redis, true);
    const dirs = records(join(dir, 'runs'));
    const byId = new Map(
      (await Promise.all(dirs.map((d) => readRecord(join(d, 'record.json'))))).map((r) => [r.runId, r]),
    );
    const expected = [...wellMade, ...thin].map((t) => t.runId);
    expect([...byId.keys()].sort()).toEqual([...expected].sort());
    expect(byId.get(wellMade[0]?.runId ?? '')?.void?.reason).toBe('aborted');
    expect(byId.get(thin[0]?.runId ?? '')?.outcome).toBe('INSUFFICIENT_SURFACE');
    expect(coordinator.lines.join('\n')).toMatch(/^well-made#1: VOID \(died\) .*; then SCORED /m);
    const board = readFileSync(join(dir, 'site', 'index.html'), 'utf8');
    // One row per server: well-made (its dead try and retry on it) and thin.
    expect(board.match(/<tr id="run-/g)).toHaveLength(2);
    const [dead, retry] = wellMade.map((t) => t.runId);
    await oneServersAttempts(board, dead ?? '', retry ?? '', join(dir, 'runs', dead ?? ''), false);
  }, 600_000);

  it.concurrent('PostgreSQL: workers on separate folders; records reach one results table the board is built from', async () => {
    const { dir, rosterId, wellMade, thin } = await killOneWorker(postgres, false);
    const table = new ResultsTable(postgres.url);
    const stored = await table.materialise(join(dir, 'from-table'), rosterId);
    await table.close();
    const ids = stored.map((d) => d.split('/').at(-1)).sort();
    expect(ids).toEqual([...wellMade, ...thin].map((t) => t.runId).sort());
    expect(ids).toHaveLength(3);
    // The dead try's stand-in: VOID aborted, written and signed by the survivor.
    const standIn = stored.find((d) => d.endsWith(`/${wellMade[0]?.runId}`)) ?? '';
    expect((await readRecord(join(standIn, 'record.json'))).void?.reason).toBe('aborted');
    expect(await main(['verify', standIn], captureIO())).toBe(0);
    const site = join(dir, 'site-from-table');
    const io = captureIO();
    expect(await main(['board', '--from', postgres.url, '--roster-id', rosterId, '--out', site], io)).toBe(0);
    expect(io.stdout[0]).toMatch(/3 runs in 1 group\b/);
    const board = readFileSync(join(site, 'index.html'), 'utf8');
    await oneServersAttempts(board, wellMade[0]?.runId ?? '', wellMade[1]?.runId ?? '', standIn, true);
    const verify = captureIO();
    expect(await main(['verify', stored[0] ?? ''], verify)).toBe(0);
  }, 600_000);

  it('an unreachable queue is one line before anything starts', async () => {
    const { dir, file } = plantedRoster();
    for (const url of ['redis://127.0.0.1:1', 'postgres://nobody@127.0.0.1:1/none']) {
      const io = captureIO();
      expect(await main(['roster', file, '--queue', url, '--out', join(dir, 'runs')], io)).toBe(2);
      expect(io.stderr).toHaveLength(1);
      expect(io.stderr[0]).toMatch(/QUEUE_UNREACHABLE: .*127\.0\.0\.1:1/);
      expect(existsSync(join(dir, 'runs'))).toBe(false);
      const worker = captureIO();
      expect(await main(['worker', '--queue', url], worker)).toBe(2);
      expect(worker.stderr.at(-1)).toMatch(/QUEUE_UNREACHABLE/);
    }
    const bad = captureIO();
    expect(await main(['roster', file, '--queue', 'amqp://x'], bad)).toBe(2);
    expect(bad.stderr[0]).toMatch(/expected redis:\/\/… or postgres:\/\/…/);
  }, 120_000);
});
