import { describe, expect, it } from 'vitest';
import { pageText } from '../../test/support/board/page-text.js';
import { fixtureRecord } from '../../test/support/board/records.js';
import { boardRowHtml } from '../../test/support/sceptic.js';
import type { RunRecord } from '../record/index.js';
import { buildBoard } from './model.js';
import { boardPage } from './pages/board.js';
import { serverOfRuns } from './servers.js';

const at = (minute: number) => `2026-11-01T12:${String(minute).padStart(2, '0')}:00Z`;

/** A roster try that died before the server named it: named from its entry's target, no surface. */
function deadTry(slug: string, entry: string, minute: number): RunRecord {
  const { surface: _never, ...record } = fixtureRecord('void', { slug, startedAt: at(minute) });
  return { ...record, roster: { entry, attempt: 1, try: 1 } };
}

/** A roster try the server named (its slug is the server's reported name). */
function namedTry(slug: string, entry: string, minute: number, n = 2): RunRecord {
  return {
    ...fixtureRecord('scored', { slug, startedAt: at(minute) }),
    roster: { entry, attempt: 1, try: n },
  };
}

/** Tags dropped, entities decoded, spaces collapsed: what a reader sees. */
const text = (h: string) => pageText(h).trim();

const servers = (records: RunRecord[]) => {
  const of = serverOfRuns(records);
  return records.map((r) => of.get(r.runId));
};

describe('which runs are attempts of one server', () => {
  it('a dead try named from its entry and its retry named by the server are one server, by the entry they record', () => {
    const dead = deadTry('localhost-8080', 'fs', 1);
    const retry = namedTry('secure-filesystem-server', 'fs', 2);
    expect(servers([dead, retry])).toEqual([dead.runId, dead.runId]);
  });

  it('a name the server reported links its runs from other entries and outside the roster', () => {
    const dead = deadTry('localhost-8080', 'fs-http', 1);
    const overHttp = namedTry('secure-filesystem-server', 'fs-http', 2);
    const overStdio = namedTry('secure-filesystem-server', 'fs-stdio', 3, 1);
    const plain = fixtureRecord('scored', { slug: 'secure-filesystem-server', startedAt: at(4) });
    expect(new Set(servers([dead, overHttp, overStdio, plain]))).toEqual(new Set([dead.runId]));
  });

  it('dead tries of two entries whose targets give one slug stay apart: a name the server never gave links nothing', () => {
    const deadA = deadTry('127-0-0-1-0', 'notes', 1);
    const deadB = deadTry('127-0-0-1-0', 'calendar', 2);
    const retryA = namedTry('notes-server', 'notes', 3);
    const retryB = namedTry('calendar-server', 'calendar', 4);
    expect(servers([deadA, deadB, retryA, retryB])).toEqual([
      deadA.runId,
      deadB.runId,
      deadA.runId,
      deadB.runId,
    ]);
  });

  it('records without a roster entry (outside a roster, or older) are grouped by their slug, as before', () => {
    const a1 = fixtureRecord('scored', { slug: 'alpha', startedAt: at(1) });
    const b = fixtureRecord('void', { slug: 'beta', startedAt: at(2) });
    const a2 = fixtureRecord('thin-surface', { slug: 'alpha', startedAt: at(3) });
    expect(servers([a1, b, a2])).toEqual([a1.runId, b.runId, a1.runId]);
  });

  it("a server's id is its first run in the order given, whichever link joined it", () => {
    const plain = fixtureRecord('scored', { slug: 'notes-server', startedAt: at(1) });
    const dead = deadTry('localhost-9000', 'notes', 2);
    const retry = namedTry('notes-server', 'notes', 3);
    expect(servers([dead, retry, plain])).toEqual([dead.runId, dead.runId, dead.runId]);
    expect(servers([plain, dead, retry])).toEqual([plain.runId, plain.runId, plain.runId]);
  });

  it('on the board, the dead try and its retry are one row: the retry, listing attempt 1 and 2', () => {
    const dead = deadTry('localhost-8080', 'fs', 1);
    const retry = namedTry('secure-filesystem-server', 'fs', 2);
    const other = fixtureRecord('scored', { slug: 'memory', startedAt: at(3) });
    const groups = buildBoard([retry, other, dead]);
    const rows = groups.flatMap((g) => g.rows);
    expect(rows.map((r) => r.record)).toEqual(expect.arrayContaining([retry, other]));
    expect(rows).toHaveLength(2);
    const fs = rows.find((r) => r.record === retry);
    expect(fs?.attempts.map((a) => [a.index, a.record.runId])).toEqual([
      [1, dead.runId],
      [2, retry.runId],
    ]);
    expect(rows.find((r) => r.record === other)?.attempts.map((a) => a.record)).toEqual([other]);
    // Each run keeps its own place among the attempts (its record page says attempt 1 of 2).
    const run = (r: RunRecord) => groups.flatMap((g) => g.runs).find((x) => x.record === r)?.attempt;
    expect(run(dead)).toMatchObject({ index: 1, of: 2, siblings: [{ runId: retry.runId, attempt: 2 }] });
    expect(run(retry)).toMatchObject({ index: 2, of: 2, siblings: [{ runId: dead.runId, attempt: 1 }] });
  });

  it('the board page draws that server as one row whose attempts say outcome, run, try and why the dead try ended', () => {
    const dead = deadTry('localhost-8080', 'fs', 1);
    const retry = namedTry('secure-filesystem-server', 'fs', 2);
    const page = boardPage(buildBoard([dead, retry]), []);
    expect(page.match(/<tr id="run-/g)).toHaveLength(1);
    const row = boardRowHtml(page, retry.runId);
    expect(row).toContain('data-outcome="SCORED"');
    const list = row.slice(row.indexOf('<ol class="attempts">'), row.indexOf('</ol>'));
    const items = [...list.matchAll(/<li([^>]*)>([\s\S]*?)<\/li>/g)].map((m) => [m[1], text(m[2] ?? '')]);
    expect(items).toHaveLength(2);
    // The dead try is reached on the board through its item: links to #run-<id> land there.
    expect(items[0]?.[0]).toContain(`id="run-${dead.runId}"`);
    expect(items[0]?.[1]).toContain(`VOID attempt 1: ${dead.runId} · try 1`);
    expect(items[0]?.[1]).toContain(`ended: ${dead.void?.reason} ${dead.void?.detail}`);
    // What differs from the row's run (here the target as run) is said on the attempt.
    expect(items[0]?.[1]).toContain(dead.identity.target.description);
    expect(items[1]?.[1]).toContain(`SCORED attempt 2 (this row): ${retry.runId} · try 2`);
    expect(items[1]?.[1]).not.toContain('ended:');
    expect(row).toContain(`href="records/${dead.runId}.html"`);
    expect(row).toContain(`href="records/${retry.runId}.html"`);
    expect(text(row)).toContain('2 attempts; this row is attempt 2');
  });

  it('an attempt escapes what its record carries', () => {
    const dead = deadTry('localhost-8080', 'fs', 1);
    const hostile = '<img src=x onerror=alert(1)>';
    const voided: RunRecord = { ...dead, ...(dead.void ? { void: { ...dead.void, detail: hostile } } : {}) };
    expect(voided.void?.detail).toBe(hostile);
    const page = boardPage(buildBoard([voided, namedTry('secure-filesystem-server', 'fs', 2)]), []);
    expect(page).not.toContain(hostile);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
