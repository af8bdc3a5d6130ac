import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureRecord } from '../../test/support/board/records.js';
import { serializeRecord } from '../record/index.js';
import { loadRuns } from './load.js';

function runsDir(): string {
  return mkdtempSync(join(tmpdir(), 'board-load-'));
}

function put(root: string, name: string, file: string, text: string): string {
  mkdirSync(join(root, name), { recursive: true });
  writeFileSync(join(root, name, file), text);
  return join(root, name, file);
}

describe('loadRuns', () => {
  it('reads every run directory, migrating v1 records on read', async () => {
    const root = runsDir();
    const r = fixtureRecord('scored', { slug: 'good', startedAt: '2026-11-01T12:00:00Z' });
    put(root, r.runId, 'record.json', serializeRecord(r));
    const v1 = readFileSync(new URL('../record/fixtures/v1-scored.json', import.meta.url), 'utf8');
    put(root, 'old-run', 'record.json', v1);
    const { runs, unreadable } = await loadRuns([root]);
    expect(unreadable).toEqual([]);
    expect(runs.map((x) => [x.record.runId, x.record.migratedFrom ?? null]).sort()).toEqual(
      [
        [r.runId, null],
        [JSON.parse(v1).runId, 'fitness-report.run/1'],
      ].sort(),
    );
  });

  it('lists an invalid record with its path and the failing field, never drops it', async () => {
    const root = runsDir();
    const r = fixtureRecord('scored', { slug: 'good', startedAt: '2026-11-01T12:00:00Z' });
    const broken = JSON.parse(serializeRecord(r));
    broken.score.firstTry.k = 47;
    const path = put(root, 'broken', 'record.json', JSON.stringify(broken));
    const notJson = put(root, 'garbled', 'record.json', '{"schema": ');
    const future = put(root, 'future', 'record.json', JSON.stringify({ schema: 'fitness-report.run/9' }));
    const { runs, unreadable } = await loadRuns([root]);
    expect(runs).toEqual([]);
    const byPath = new Map(unreadable.map((u) => [u.path, u.reason]));
    expect(byPath.get(path)).toMatch(/^RECORD_INVALID: score/);
    expect(byPath.get(notJson)).toMatch(/^RECORD_INVALID: not JSON/);
    expect(byPath.get(future)).toMatch(/^RECORD_VERSION: .*unknown record version/);
  });

  it('lists a run directory that has tapes but no record', async () => {
    const root = runsDir();
    put(root, 'crashed-run', 'wire.jsonl', '{}\n');
    put(root, 'not-a-run', 'notes.txt', 'hello');
    const { unreadable } = await loadRuns([root]);
    expect(unreadable).toEqual([
      { path: join(root, 'crashed-run', 'record.json'), reason: expect.stringMatching(/^missing/) },
    ]);
  });

  it('accepts a run directory itself, and reports a duplicate run id', async () => {
    const a = runsDir();
    const b = runsDir();
    const r = fixtureRecord('scored', { slug: 'dup', startedAt: '2026-11-01T12:00:00Z' });
    put(a, 'x', 'record.json', serializeRecord(r));
    const second = put(b, 'y', 'record.json', serializeRecord(r));
    const { runs, unreadable } = await loadRuns([join(a, 'x'), b, join(a, 'missing-dir')]);
    expect(runs).toHaveLength(1);
    expect(unreadable).toContainEqual({ path: second, reason: expect.stringMatching(/^duplicate run id/) });
    expect(unreadable).toContainEqual({ path: join(a, 'missing-dir'), reason: 'not a directory' });
  });
});
