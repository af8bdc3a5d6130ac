import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { readRecord } from '../record/io.js';
import { verifyFitnessRun } from '../run/verify.js';
import { defaultSigningKeyPath } from '../tape/publisher.js';
import { parseSpec, serverPackage } from './package.js';
import { settleTry } from './settle.js';
import { jobKey, RosterStore } from './store.js';

const temp = () => mkdtempSync(join(tmpdir(), 'roster-store-'));
const start = {
  slug: 'acme',
  target: { kind: 'stdio' as const, description: 'node acme.js' },
  credential: 'anonymous' as const,
  runner: 'heuristic',
  judge: 'heuristic',
  generator: { name: 'explore', version: '1' },
  startedAt: '2026-12-01T10:00:00.000Z',
};

describe('the work list', () => {
  it('plans entry × attempt once, numbers tries, and keeps every try', () => {
    const store = new RosterStore(join(temp(), 'roster.sqlite'));
    const plan = [
      { entry: 'a', attempt: 1, position: 0 },
      { entry: 'a', attempt: 2, position: 0 },
      { entry: 'b', attempt: 1, position: 1 },
    ];
    expect(store.plan(plan)).toBe(3);
    expect(store.plan(plan)).toBe(0);
    expect(store.jobs().map((j) => j.key)).toEqual(['a#1', 'b#1', 'a#2']);
    const first = store.startTry(jobKey('a', 1), (n) => `/s/a.${n}`);
    store.setTryStart('a#1', first.n, start);
    store.endTry('a#1', first.n, 'died', { detail: 'killed' });
    const second = store.startTry('a#1', (n) => `/s/a.${n}`);
    expect([first, second]).toEqual([
      { n: 1, stagingDir: '/s/a.1' },
      { n: 2, stagingDir: '/s/a.2' },
    ]);
    const tries = store.tries('a#1');
    expect(tries.map((t) => [t.try, t.state])).toEqual([
      [1, 'died'],
      [2, 'running'],
    ]);
    expect(tries[0]?.start).toEqual(start);
    expect(store.jobs().find((j) => j.key === 'a#1')?.state).toBe('running');
    store.claim('/r.json');
    expect(store.info()).toEqual({ file: '/r.json', jobs: 3 });
    store.close();
  });

  it('a live roster process on this host owns its work list; a dead one does not', () => {
    const path = join(temp(), 'roster.sqlite');
    const a = new RosterStore(path);
    a.claim('/r.json');
    a.close();
    const owner = (pid: number) => {
      const db = new Database(path);
      db.prepare('UPDATE roster SET owner_pid = ?').run(pid);
      db.close();
    };
    owner(process.ppid);
    const b = new RosterStore(path);
    expect(() => b.claim('/r.json')).toThrow(
      `another roster process (pid ${process.ppid}) is running this work list`,
    );
    const gone = spawnSync(process.execPath, ['-e', '']).pid ?? 0;
    owner(gone);
    b.claim('/r.json');
    b.close();
  });
});

describe('settling a try', () => {
  it('a try that died before writing a record gets a signed VOID record in the runs folder', async () => {
    const root = temp();
    const staging = join(root, 'staging', 'acme#1.1');
    const run = join(staging, 'acme-20261201T100000Z');
    mkdirSync(run, { recursive: true });
    writeFileSync(join(run, 'wire.jsonl'), '{"v":1,"type":"meta"}\n');
    const runs = join(root, 'runs');
    const death = { reason: 'crashed' as const, detail: 'the job process was killed' };
    const settled = await settleTry({
      stagingDir: staging,
      runsDir: runs,
      signingKeyPath: defaultSigningKeyPath(),
      start,
      death,
    });
    expect(settled).toMatchObject({
      runId: 'acme-20261201T100000Z',
      outcome: 'VOID',
      recordedDead: true,
      ranToEnd: false,
      runDir: join(runs, 'acme-20261201T100000Z'),
    });
    const record = await readRecord(join(runs, 'acme-20261201T100000Z', 'record.json'));
    expect(record.void).toMatchObject({ reason: 'crashed', detail: 'the job process was killed' });
    expect(record.files.map((f) => f.path)).toEqual(['wire.jsonl']);
    expect((await verifyFitnessRun(settled?.runDir ?? '')).report.exitCode).toBe(0);
  });

  it('a try that died before creating its run directory is recorded in a new one; one that never started, not at all', async () => {
    const root = temp();
    const staging = join(root, 'staging', 'acme#1.2');
    const runs = join(root, 'runs');
    const death = { reason: 'aborted' as const, detail: 'the roster was interrupted' };
    const made = await settleTry({
      stagingDir: staging,
      runsDir: runs,
      signingKeyPath: defaultSigningKeyPath(),
      start,
      death,
    });
    expect(made?.runId).toBe('acme-20261201T100000Z');
    expect((await readRecord(join(made?.runDir ?? '', 'record.json'))).files).toEqual([]);
    expect(
      await settleTry({
        stagingDir: join(root, 'never'),
        runsDir: runs,
        signingKeyPath: defaultSigningKeyPath(),
        death,
      }),
    ).toBeUndefined();
  });
});

describe('a try whose process died after its run wrote a complete record', () => {
  it('ran to its end (the job is finished); an aborted VOID did not', async () => {
    for (const [fixture, ranToEnd] of [
      ['v2-scored.json', true],
      ['v2-void.json', true],
    ] as const) {
      const root = temp();
      const text = readFileSync(new URL(`../record/fixtures/${fixture}`, import.meta.url), 'utf8');
      const runId = JSON.parse(text).runId as unknown;
      const staging = join(root, 'staging');
      mkdirSync(join(staging, String(runId)), { recursive: true });
      writeFileSync(join(staging, String(runId), 'record.json'), text);
      const aborted = text.replace('"reason": "target_died"', '"reason": "aborted"');
      const settled = await settleTry({
        stagingDir: staging,
        runsDir: join(root, 'runs'),
        signingKeyPath: defaultSigningKeyPath(),
        death: { reason: 'crashed', detail: 'killed' },
      });
      expect(settled?.ranToEnd).toBe(ranToEnd);
      if (fixture === 'v2-void.json') {
        const again = join(root, 'again');
        mkdirSync(join(again, String(runId)), { recursive: true });
        writeFileSync(join(again, String(runId), 'record.json'), aborted);
        const s2 = await settleTry({
          stagingDir: again,
          runsDir: join(root, 'runs2'),
          signingKeyPath: defaultSigningKeyPath(),
          death: { reason: 'crashed', detail: 'killed' },
        });
        expect(s2).toMatchObject({ outcome: 'VOID', ranToEnd: false, recordedDead: false });
      }
    }
  });
});

describe('the npm package a server runs from', () => {
  it('reads an installed package’s own version, or an npx spec’s pinned one', () => {
    const entry = join(process.cwd(), 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');
    expect(serverPackage(['node', entry], '/')).toEqual({
      name: '@modelcontextprotocol/server-memory',
      version: '2026.8.31',
      from: 'installed',
    });
    expect(
      serverPackage(['npx', '-y', '@modelcontextprotocol/server-filesystem@2026.8.31', '/data'], '/'),
    ).toEqual({
      name: '@modelcontextprotocol/server-filesystem',
      version: '2026.8.31',
      from: 'spec',
    });
    expect(parseSpec('mcp-server-time@latest')).toEqual({ name: 'mcp-server-time', from: 'spec' });
    expect(serverPackage(['node', 'examples/servers/good.js'], process.cwd())).toBeUndefined();
  });
});
