import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLANTED } from '../../src/audit/catalogue.js';
import { buildSite } from '../../src/board/site.js';
import { parseRecord, type RunRecord } from '../../src/record/index.js';
import { carriesNumbers, decidingNumbers, refusalMatchesGate } from '../../src/record/refusal.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import {
  boardRowHtml,
  brokenEvidence,
  decidingProblems,
  evidenceLinks,
  unfoundNumbers,
} from '../support/sceptic.js';
import { auditedRun } from './shared/planted-audit.js';

/**
 * The site read like a sceptic, over every planted run of the demo (the shared planted audit runs
 * the same servers with the same registrations) and every v1 fixture record: each number on a run's
 * record page and board row is one its record.json holds, printed by the board's rounding rules;
 * each deciding sentence names the support its gate used, re-derived here with src/stats; each
 * evidence link opens a tape line, or a corr id, that the run's tapes hold; and the refusal block
 * of record.json carries the refusing gate's numbers.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const V1 = ['v1-scored.json', 'v1-extend-exhausted.json'];

interface Run {
  id: string;
  dir: string;
  record: RunRecord;
  /** record.json as written, before any migration. */
  raw: unknown;
  tapes: boolean;
}

describe('the site, read like a sceptic', () => {
  const runs: Run[] = [];
  let site = '';
  let board = '';
  const page = (r: Run) => readFileSync(join(site, 'records', `${r.record.runId}.html`), 'utf8');
  /** A server's row is its latest run: an earlier run of it has no row, only an attempt on that one. */
  const hasRow = (r: Run) => board.includes(`<tr id="run-${r.record.runId}"`);

  beforeAll(async () => {
    for (const planted of PLANTED) {
      const { dir, record } = await auditedRun(planted.id);
      const raw: unknown = JSON.parse(readFileSync(join(dir, 'record.json'), 'utf8'));
      runs.push({ id: planted.id, dir, record, raw, tapes: true });
    }
    const legacy = mkdtempSync(join(tmpdir(), 'sceptic-v1-'));
    for (const name of V1) {
      const from = join(ROOT, 'src/record/fixtures', name);
      const dir = join(legacy, name.replace(/\.json$/, ''));
      mkdirSync(dir);
      copyFileSync(from, join(dir, 'record.json'));
      const text = readFileSync(from, 'utf8');
      runs.push({ id: name, dir, record: parseRecord(text, from), raw: JSON.parse(text), tapes: false });
    }
    site = join(mkdtempSync(join(tmpdir(), 'sceptic-site-')), 'site');
    await buildSite({ runs: runs.map((r) => r.dir), out: site });
    board = readFileSync(join(site, 'index.html'), 'utf8');
  }, 1_200_000);

  it('covers every planted run and both v1 fixtures', () => {
    expect(runs.map((r) => r.id)).toEqual([...PLANTED.map((p) => p.id), ...V1]);
  });

  it('prints no number on a record page or board row that record.json does not hold', () => {
    const unfound = runs.flatMap((r) => {
      // Either form of the record holds the number: as written, or as read (a v1 record's migration).
      const holds = { written: r.raw, read: r.record };
      return [
        ...unfoundNumbers(page(r), holds).map((n) => `${r.id} record page: ${n}`),
        // A server's row is its latest run; an earlier run of it is an attempt listed on that row.
        ...(hasRow(r)
          ? unfoundNumbers(boardRowHtml(board, r.record.runId), holds).map((n) => `${r.id} board row: ${n}`)
          : board.includes(`<li id="run-${r.record.runId}"`)
            ? []
            : [`${r.id}: neither a board row nor an attempt on one`]),
      ];
    });
    expect(unfound).toEqual([]);
    // The reader is not blind: a number no record holds is caught on any page.
    const first = runs[0];
    if (first === undefined) throw new Error('no runs');
    expect(unfoundNumbers(`${page(first)}<p>37.19% of 4,817</p>`, first.raw)).toEqual(['37.19%', '4,817']);
  });

  it('names, in every deciding sentence, the support its gate used, with both numbers', () => {
    const problems = runs.flatMap((r) => decidingProblems(page(r), r.record).map((p) => `${r.id}: ${p}`));
    expect(problems).toEqual([]);
    // The planted set decides on these supports at least once, so each wording is read on a real
    // page. (A FAIL on the p-value is read in src/board/pages/why/support.test.ts: since admission
    // re-runs plans in a fresh process, no planted server reaches construct with stale keys.)
    const supports = new Set(
      runs.flatMap((r) => [...page(r).matchAll(/data-support="([^"]*)"/g)].map((m) => m[1])),
    );
    for (const s of ['wilson', 'power', 'oracle-errors', 'downgraded']) expect(supports).toContain(s);
  });

  it('opens every evidence link on a tape line or corr id the run holds', () => {
    let links = 0;
    const problems = runs
      .filter((r) => r.tapes)
      .flatMap((r) => {
        const found = [
          ...evidenceLinks(page(r), r.record.runId),
          ...(hasRow(r) ? evidenceLinks(boardRowHtml(board, r.record.runId), r.record.runId) : []),
        ];
        links += found.length;
        return brokenEvidence(found, r.dir).map((p) => `${r.id}: ${p}`);
      });
    expect(problems).toEqual([]);
    expect(links).toBeGreaterThan(100);
    // The v1 fixtures come without tapes: their row (one server, so one row) says so instead of offering a replay.
    const untaped = runs.filter((x) => !x.tapes && hasRow(x));
    expect(untaped).toHaveLength(1);
    for (const r of untaped)
      expect(boardRowHtml(board, r.record.runId)).toContain('no tape in the run directory');
  });

  it('cites the calls behind every construct count, the ones that all succeeded too', () => {
    for (const r of runs.filter((x) => x.tapes)) {
      const g = r.record.gates.find((x) => x.gate === 'construct');
      if (g?.gate !== 'construct' || g.wire === undefined || g.wire.toolCalls === 0) continue;
      expect(g.wire.refs?.calls?.length, r.id).toBe(Math.min(g.wire.toolCalls, 20));
      expect(page(r), r.id).not.toContain('written before every call was cited');
    }
  });

  it("opens record.json's refusal block on the refusing gate's numbers, as verify checks", async () => {
    for (const r of runs) {
      const refusal = r.record.refusal;
      const last = r.record.gates.at(-1);
      if (refusal === undefined || last === undefined) continue;
      expect(carriesNumbers(refusal), r.id).toBe(true);
      expect(refusalMatchesGate(refusal, last), r.id).toBe(true);
      expect(decidingNumbers(refusal.gate, refusal), r.id).toEqual(decidingNumbers(last.gate, last));
      // The reason is the one the record was written with, never relabelled on read.
      expect(refusal.reason, r.id).toBe((r.raw as { refusal: { reason: string } }).refusal.reason);
    }
    for (const r of runs.filter((x) => x.tapes && x.record.refusal !== undefined)) {
      const result = await verifyFitnessRun(r.dir);
      expect(
        result.checked.some((c) => c.startsWith('refusal block') && c.endsWith("gate's numbers")),
        `${r.id}: ${result.problems.join('; ')}`,
      ).toBe(true);
    }
  }, 300_000);
});
