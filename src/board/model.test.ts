import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtureRecord } from '../../test/support/board/records.js';
import { parseRecord, type RunRecord } from '../record/index.js';
import { buildBoard } from './model.js';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T12:00:00Z`;
const claude = 'anthropic:claude-test';

describe('buildBoard', () => {
  it('groups by runner model and generator version, and never mixes them', () => {
    const groups = buildBoard([
      fixtureRecord('scored', { slug: 'a', startedAt: at(1), runner: claude }),
      fixtureRecord('scored', { slug: 'b', startedAt: at(2) }),
      fixtureRecord('thin-surface', { slug: 'c', startedAt: at(3), runner: claude }),
      fixtureRecord('scored', {
        slug: 'd',
        startedAt: at(4),
        runner: claude,
        generator: { name: 'judge', version: '1' },
      }),
    ]);
    expect(
      groups.map((g) => [g.runner, g.generator, g.rows.map((r) => r.record.identity.serverSlug)]),
    ).toEqual([
      [claude, 'explore/1', ['a', 'c']],
      [claude, 'judge/1', ['d']],
      ['heuristic', 'explore/1', ['b']],
    ]);
  });

  it('puts a v1 record in its own "generator not recorded" group', () => {
    const v1 = parseRecord(
      readFileSync(new URL('../record/fixtures/v1-scored.json', import.meta.url), 'utf8'),
      'v1',
    );
    const v2 = fixtureRecord('scored', { slug: 'fresh', startedAt: at(5), runner: v1.identity.runner });
    const groups = buildBoard([v1, v2]);
    expect(groups.map((g) => g.generator).sort()).toEqual(['explore/1', 'generator not recorded']);
  });

  it('drops a row only below an interval that lies entirely above it; overlapping rows tie', () => {
    const groups = buildBoard([
      fixtureRecord('scored', { slug: 'top', startedAt: at(1), firstTry: 48 }),
      fixtureRecord('scored', { slug: 'near', startedAt: at(2), firstTry: 44 }),
      fixtureRecord('scored', { slug: 'low', startedAt: at(3), firstTry: 26 }),
    ]);
    const rows = groups[0]?.rows ?? [];
    const place = (slug: string) => rows.find((r) => r.record.identity.serverSlug === slug)?.place;
    expect(rows.map((r) => r.record.identity.serverSlug)).toEqual(['top', 'near', 'low']);
    expect(place('top')).toMatchObject({ position: 1, tied: true });
    expect(place('near')).toMatchObject({ position: 1, tied: true });
    // Positions read the task-clustered intervals: low's (31.9%–74.9%) still overlaps near's
    // (71.6%–98.0%), though their plain Wilson intervals over trials (40.3%–67.4%, 80.4%–96.7%) do
    // not; only top's lies wholly above it.
    expect(place('low')).toMatchObject({ position: 2, tied: false, overlapsAbove: [rows[1]?.record.runId] });
    expect(groups[0]?.nothingSeparates).toBe(false);
  });

  it('says nothing separates a group whose scored rows all overlap', () => {
    const groups = buildBoard([
      fixtureRecord('scored', { slug: 'x', startedAt: at(1), firstTry: 40 }),
      fixtureRecord('scored', { slug: 'y', startedAt: at(2), firstTry: 38 }),
      fixtureRecord('null-kill', { slug: 'z', startedAt: at(3) }),
    ]);
    expect(groups[0]?.nothingSeparates).toBe(true);
    expect(groups[0]?.scored).toBe(2);
    expect(groups[0]?.rows.at(-1)?.place).toBeUndefined();
  });

  it('numbers every run of a server as an attempt and names its siblings wherever they sit', () => {
    const groups = buildBoard([
      fixtureRecord('scored', { slug: 'srv', startedAt: at(3), runner: claude }),
      fixtureRecord('null-kill', { slug: 'srv', startedAt: at(1) }),
      fixtureRecord('scored', { slug: 'srv', startedAt: at(2) }),
      fixtureRecord('scored', { slug: 'other', startedAt: at(2) }),
    ]);
    const rows = groups.flatMap((g) => g.rows).filter((r) => r.record.identity.serverSlug === 'srv');
    const third = rows.find((r) => r.record.identity.runner === claude);
    expect(third?.attempt).toMatchObject({ index: 3, of: 3 });
    expect(third?.attempt.siblings.map((s) => [s.attempt, s.outcome, s.groupId])).toEqual([
      [1, 'DEGENERATE', 'group-2'],
      [2, 'SCORED', 'group-2'],
    ]);
    expect(third?.groupId).toBe('group-1');
    // One row per server and group: in group 2, srv's latest run there, listing all three attempts.
    const [, heuristic] = groups;
    const row = heuristic?.rows.find((r) => r.record.identity.serverSlug === 'srv');
    expect(heuristic?.rows.filter((r) => r.record.identity.serverSlug === 'srv')).toHaveLength(1);
    expect(row?.record.outcome).toBe('SCORED');
    expect(row?.attempts.map((a) => [a.index, a.record.outcome, a.groupId])).toEqual([
      [1, 'DEGENERATE', 'group-2'],
      [2, 'SCORED', 'group-2'],
      [3, 'SCORED', 'group-1'],
    ]);
    // Every run keeps its own place among the attempts, for its record page.
    expect(heuristic?.runs.map((r) => r.attempt.index).sort()).toEqual([1, 1, 2]);
    const other = groups.flatMap((g) => g.rows).find((r) => r.record.identity.serverSlug === 'other');
    expect(other?.attempt).toEqual({ index: 1, of: 1, siblings: [] });
  });

  it('links HTTP runs of one server on different ports as attempts; a run that never connected stands apart', () => {
    const overHttp = (record: RunRecord, port: number): RunRecord => ({
      ...record,
      identity: { ...record.identity, target: { kind: 'http', description: `http://127.0.0.1:${port}/mcp` } },
    });
    const first = overHttp(fixtureRecord('scored', { slug: 'acme-notes', startedAt: at(1) }), 43121);
    const second = overHttp(fixtureRecord('null-kill', { slug: 'acme-notes', startedAt: at(2) }), 50007);
    const unreached = overHttp(fixtureRecord('scored', { slug: '127-0-0-1-43999', startedAt: at(3) }), 43999);
    const groups = buildBoard([second, unreached, first]);
    // One row for acme-notes (its latest run, listing both) and one for the unreached target.
    expect(groups.flatMap((g) => g.rows).map((r) => [r.record.runId, r.attempts.length])).toEqual([
      [unreached.runId, 1],
      [second.runId, 2],
    ]);
    const rows = groups.flatMap((g) => g.runs);
    const row = (r: RunRecord) => rows.find((x) => x.record.runId === r.runId);
    expect(row(first)?.attempt).toMatchObject({ index: 1, of: 2 });
    expect(row(first)?.attempt.siblings.map((s) => [s.runId, s.attempt])).toEqual([[second.runId, 2]]);
    expect(row(second)?.attempt).toMatchObject({ index: 2, of: 2 });
    expect(row(second)?.attempt.siblings.map((s) => s.runId)).toEqual([first.runId]);
    expect(row(unreached)?.attempt).toEqual({ index: 1, of: 1, siblings: [] });
  });
});
