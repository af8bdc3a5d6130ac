import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foreignClaims, ownFolder, priorTries, recoverTry, stagingRoot, tryFolder } from './history.js';
import type { QueuedTry } from './jobs.js';

const entry = (t: Partial<QueuedTry>): QueuedTry => ({
  try: 1,
  state: 'running',
  host: 'elsewhere',
  stagingDir: '/nowhere',
  startedAt: '2026-01-01T00:00:00.000Z',
  ...t,
});

describe("a worker's account of a job's earlier tries", () => {
  it('keeps from the progress only tries the queue started before this one', () => {
    const progress = { tries: [entry({ try: 2 }), entry({ try: 1 }), entry({ try: 1 }), entry({ try: 7 })] };
    const { tries, dropped } = priorTries(progress, 3);
    expect(tries.map((t) => t.try)).toEqual([1, 2]);
    expect(dropped).toEqual([1, 7]);
    expect(priorTries('not a progress', 3)).toEqual({ tries: [], dropped: [] });
  });

  it('names what a progress claims that the worker will not act on', () => {
    expect(foreignClaims(entry({ pid: 42, stagingDir: '/own/x.1' }), '/own/x.1')).toBe(
      'process 42 on elsewhere',
    );
    expect(foreignClaims(entry({ stagingDir: '/etc' }), '/own/x.1')).toBe('folder /etc');
    expect(foreignClaims(entry({ stagingDir: '/own/x.1' }), '/own/x.1')).toBeUndefined();
  });

  it('settles only real folders under its own staging root: never a link out of it, never the folder a progress names', async () => {
    const runsDir = mkdtempSync(join(tmpdir(), 'fitness-history-'));
    const root = stagingRoot(runsDir);
    const victim = mkdtempSync(join(tmpdir(), 'fitness-victim-'));
    mkdirSync(join(victim, 'srv-20260101T000000Z-abcdef'));
    writeFileSync(join(victim, 'srv-20260101T000000Z-abcdef', 'keep.txt'), 'mine');
    symlinkSync(victim, tryFolder(root, 'job', 1));
    expect(ownFolder(root, tryFolder(root, 'job', 1))).toBeUndefined();
    expect(ownFolder(root, root)).toBeUndefined();
    expect(ownFolder(root, join(root, '..'))).toBeUndefined();
    const o = { root, runsDir, signingKeyPath: join(runsDir, 'key.pem'), jobId: 'job', key: 'srv#1' };
    // Not its folder: nothing settled or moved here (dead-tries.ts decides on a stand-in instead).
    expect(await recoverTry(o, 1, entry({ stagingDir: victim, pid: process.pid }))).toBeUndefined();
    expect(readFileSync(join(victim, 'srv-20260101T000000Z-abcdef', 'keep.txt'), 'utf8')).toBe('mine');
    expect(readdirSync(runsDir).filter((d) => d.startsWith('srv-'))).toEqual([]);
    expect(await recoverTry(o, 2, entry({ try: 2, state: 'died' }))).toBeUndefined();
  });
});
