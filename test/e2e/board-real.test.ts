import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/board/site.js';
import { decidingInterval, type RunRecord } from '../../src/record/index.js';
import { runFitness } from '../../src/run/run-fitness.js';
import {
  INERT,
  injectionTraces,
  openSite,
  SCREENSHOTS,
  type SiteInBrowser,
  seen,
} from '../support/board/browser.js';
import { server } from './run/helpers.js';
import { auditedRun } from './shared/planted-audit.js';

/**
 * The board built from real offline runs of the planted servers in examples/servers, opened in
 * Chromium: every outcome family shows the numbers its record stores, every Why refused opens,
 * a finding's deep link lands on its tape line, the hostile server's strings stay inert, and the
 * served headers are the published ones.
 *
 * The runs are those of the invocation's shared planted audit (shared/planted-audit.ts: the
 * servers, transports and registrations `fitness-report audit` uses) that this file asserts on,
 * plus a second run of thin made here so that one server has two attempts.
 */
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

interface Planted {
  name: string;
  outcome: RunRecord['outcome'];
  /** The shared audit's run of this id; absent for the run this file makes itself. */
  audited?: string;
}

/** thin's shared run (attempt 1) is listed before the one this file makes after it (attempt 2). */
const PLANTED: Planted[] = [
  { name: 'well-made', outcome: 'SCORED', audited: 'well-made' },
  { name: 'hostile', outcome: 'SCORED', audited: 'hostile' },
  { name: 'thin', outcome: 'INSUFFICIENT_SURFACE', audited: 'thin' },
  { name: 'thin', outcome: 'INSUFFICIENT_SURFACE' },
  { name: 'calculator', outcome: 'DEGENERATE', audited: 'calculator' },
  { name: 'constant-answers', outcome: 'DEGENERATE', audited: 'constant-answers' },
  { name: 'drifting', outcome: 'GATE_FAILED', audited: 'drifting' },
  { name: 'unanswered', outcome: 'COMPROMISED', audited: 'unanswered' },
  { name: 'flaky', outcome: 'EXTEND_EXHAUSTED', audited: 'flaky-no-extensions' },
  { name: 'vanishing', outcome: 'VOID', audited: 'vanishing' },
  { name: 'clock', outcome: 'INSUFFICIENT_SURFACE', audited: 'clock' },
  { name: 'repository-no-context', outcome: 'INDETERMINATE', audited: 'repository-no-context' },
];

describe('board built from real runs of the planted servers', () => {
  const records: { planted: Planted; record: RunRecord }[] = [];
  let board: SiteInBrowser;
  let page: Page;

  beforeAll(async () => {
    const dirs: string[] = [];
    for (const planted of PLANTED) {
      // thin's second attempt is a fresh stdio run, made after the shared audit has finished.
      const run =
        planted.audited === undefined
          ? await runFitness({
              seed: 1,
              target: { kind: 'stdio', argv: ['node', ...server(planted.name)] },
              outDir: mkdtempSync(join(tmpdir(), 'board-real-runs-')),
              env: {},
            })
          : await auditedRun(planted.audited);
      dirs.push(run.dir);
      records.push({ planted, record: run.record });
    }
    const out = join(mkdtempSync(join(tmpdir(), 'board-real-site-')), 'site');
    await buildSite({ runs: dirs, out });
    board = await openSite(out);
    page = board.page;
  }, 600_000);

  afterAll(async () => {
    await board?.close();
  });

  const row = (r: RunRecord) => page.locator(`tr[id="run-${r.runId}"]`);
  const find = (name: string) => records.filter((x) => x.planted.name === name).map((x) => x.record);
  /** A server's row is its latest run (thin's second), so a row's numbers are read from that one. */
  const one = (name: string) => find(name).at(-1)!;

  it('produced the planted outcome for every server', () => {
    expect(records.map((x) => [x.planted.name, x.record.outcome])).toEqual(
      PLANTED.map((p) => [p.name, p.outcome]),
    );
  });

  it('shows one row per server with the outcome of its latest run, and every run on it as an attempt', async () => {
    await page.goto(board.url);
    // thin's two runs are one server: one row, so one row fewer than runs.
    expect(await page.locator('tbody > tr[id^="run-"]').count()).toBe(records.length - 1);
    const [first, second] = find('thin');
    for (const { record } of records) {
      // An earlier attempt is reached on the board through its item on its server's row.
      const at = record === first ? page.locator(`li[id="run-${record.runId}"]`) : row(record);
      expect(await at.getAttribute('data-outcome')).toBe(record.outcome);
    }
    const thin = await seen(row(second!));
    expect(thin).toContain('2 attempts; this row is attempt 2');
    expect(thin).toMatch(new RegExp(`INSUFFICIENT_SURFACE\\s*attempt 1:\\s*${first!.runId}`));
    expect(thin).toMatch(new RegExp(`INSUFFICIENT_SURFACE\\s*attempt 2 \\(this row\\):\\s*${second!.runId}`));
    await page.screenshot({ path: join(SCREENSHOTS, 'board.png'), fullPage: true });
  });

  it('draws scored rows from their stored intervals and says when nothing separates them', async () => {
    for (const r of [one('well-made'), one('hostile')]) {
      // The row draws the interval decisions use: the task-clustered one.
      const w = decidingInterval(r.score!.firstTry);
      const text = await seen(row(r));
      expect(text).toContain(
        `first try ${r.score!.firstTry.k} of ${r.score!.firstTry.n} trials = ${pct(w.point)}`,
      );
      expect(text).toContain(`95% interval ${pct(w.lower)} to ${pct(w.upper)}`);
    }
    expect(await seen(page.locator('.group').first())).toContain(
      'Nothing separates the scored rows of this group',
    );
  });

  it('opens each Why refused on the numbers the stopping gate saw', async () => {
    const open = async (r: RunRecord) => {
      const details = row(r).locator('details.why');
      if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
        await details.locator(':scope > summary').click();
      expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      return seen(details);
    };
    const thin = one('thin');
    const thinText = await open(thin);
    expect(thinText).toContain(`candidates generated\t${thin.suite!.candidates}`);
    expect(thinText).toContain(`${thin.suite!.registered} registered tasks against the minimum 8`);
    // A thin surface is explained from its own exploration ledger, tool by tool.
    expect(thinText).toContain('Exploration ledger');
    for (const tool of thin.exploration!.tools) expect(thinText).toContain(tool.tool);

    const clock = one('clock');
    const clockText = await open(clock);
    expect(clockText).toContain('found no value in their answers that could ground a task');
    expect(clockText).toMatch(/get_current_time\tinferred read-only\t\d+/);
    expect(clockText).toContain('time-varying');
    // A compute tool (a time and two zones in, a time out): explored, and it grounds nothing either.
    expect(clockText).toMatch(/convert_time\tinferred read-only(: computes)?\t\d+/);

    const noContext = one('repository-no-context');
    const noContextText = await open(noContext);
    expect(noContextText).toContain('not given the context a user would give');
    expect(noContextText).toContain('repo_path');

    const calc = one('calculator');
    const screen = calc.identity.screen as { counts: { deleted: number } };
    expect(await open(calc)).toContain(`answered with no server, deleted\t${screen.counts.deleted}`);

    const constant = one('constant-answers');
    const nullGate = constant.gates.at(-1);
    if (nullGate?.gate !== 'null_baseline') throw new Error('expected the null gate to refuse');
    const nullText = await open(constant);
    expect(nullText).toContain(`T_null ${pct(nullGate.tNull!)} ≥ ${pct(nullGate.cutoff!)}`);
    expect(nullText).toContain('from the ceiling S = 1');
    const random = nullGate.nullRates['null-random-args'];
    if (random?.notApplicable !== undefined)
      expect(nullText).toContain(`${random.n} applicable, ${random.notApplicable} not applicable`);

    for (const name of ['unanswered', 'flaky']) {
      const r = one(name);
      const g = r.gates.at(-1);
      if (g?.gate !== 'construct') throw new Error(`expected construct to refuse ${name}`);
      const text = await open(r);
      expect(text).toContain(`${g.k} of ${g.n} completed trials`);
      if (g.wire) {
        expect(text).toContain(`tool calls recorded on the wire\t${g.wire.toolCalls}`);
        expect(text).toContain(`never got a matching response\t${g.wire.pending}`);
      } else {
        expect(text).toContain('the wire-tape reading: not in the record');
      }
    }
    expect(await open(one('unanswered'))).toMatch(/oracle errors .*limit 5\.0%/);

    const vanished = one('vanishing');
    const voidText = await open(vanished);
    expect(voidText).toContain(vanished.void!.reason);
    expect(voidText).toContain(vanished.void!.completed.stages.join(' → '));
    await page.screenshot({ path: join(SCREENSHOTS, 'board-why-refused.png'), fullPage: true });
  });

  it('follows a probe finding from a record page into the viewer, which shows the linked event', async () => {
    const r = one('well-made');
    await page.goto(`${board.url}records/${r.runId}.html`);
    await page.screenshot({ path: join(SCREENSHOTS, 'record.png'), fullPage: true });
    const link = page.locator('#probes a[href*="#line="]').first();
    const ref = await seen(link);
    await link.click();
    await page.waitForSelector('body[data-state=ready]');
    const selected = page.locator('.timeline .row.selected');
    expect(await selected.getAttribute('data-ref')).toBe(ref);
    expect(await seen(page.locator('#detail-ref'))).toContain(ref);
    // The browser's own check: the signature and every published file hold (keys.json decides verified).
    await page.waitForSelector('#signature[data-custody]:not([data-custody=checking])');
    expect(['verified', 'unpublished-key']).toContain(
      await page.locator('#signature').getAttribute('data-custody'),
    );
    expect(await seen(page.locator('#signature'))).toMatch(/signed by ed25519:[0-9a-f]{64}/);
    await page.screenshot({ path: join(SCREENSHOTS, 'viewer.png') });
  });

  it('renders the hostile server inert on the board, its record page and in the viewer', async () => {
    const r = one('hostile');
    await page.goto(board.url);
    expect(await injectionTraces(page)).toEqual(INERT);
    await page.goto(`${board.url}records/${r.runId}.html`);
    expect(await injectionTraces(page)).toEqual(INERT);
    expect(await seen(page.locator('#identity'))).toContain('<script>');
    await page.goto(`${board.url}viewer.html?run=${r.runId}`);
    await page.waitForSelector('body[data-state=ready]');
    await page.locator('.timeline').evaluate((el) => {
      el.scrollTop = el.scrollHeight / 2;
    });
    await page.waitForTimeout(200);
    expect(await injectionTraces(page)).toEqual(INERT);
    expect(board.errors).toEqual([]);
  });

  it('serves the published headers: strict CSP on pages, CORS, immutable cache and Range on tapes', async () => {
    const r = one('well-made');
    const pageRes = await fetch(board.url);
    expect(pageRes.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(pageRes.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    const tape = await fetch(`${board.url}runs/${r.runId}/agent.jsonl`, { headers: { Range: 'bytes=0-0' } });
    expect(tape.status).toBe(206);
    expect(await tape.text()).toBe('{');
    expect(tape.headers.get('access-control-allow-origin')).toBe('*');
    expect(tape.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(tape.headers.get('content-type')).toBe('application/jsonl; charset=utf-8');
  });
});
