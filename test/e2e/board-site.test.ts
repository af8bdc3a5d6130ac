import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/board/site.js';
import { parseRecord, type RunRecord } from '../../src/record/index.js';
import { bigTape } from '../support/board/big-tape.js';
import {
  INERT,
  injectionTraces,
  openSite,
  SCREENSHOTS,
  type SiteInBrowser,
  seen,
} from '../support/board/browser.js';
import { fixtureFleet } from '../support/board/fleet.js';
import { fixtureRecord } from '../support/board/records.js';
import { HOSTILE, writeFixtureRun } from '../support/board/runs.js';

/**
 * The built site in real Chromium, over synthetic runs that cover every outcome family (the
 * planted-server runs are in board-real.test.ts): every Why refused opens on its numbers, deep
 * links land on their tape line, hostile strings stay inert, and the served headers are right.
 */
const ROOT = resolve(import.meta.dirname, '../..');

describe('board site in Chromium (synthetic runs)', () => {
  let board: SiteInBrowser;
  let page: Page;
  let records: RunRecord[];
  let hostile: RunRecord;
  let v1: RunRecord;

  beforeAll(async () => {
    const runs = mkdtempSync(join(tmpdir(), 'board-e2e-runs-'));
    hostile = fixtureRecord('answer-leak', {
      slug: 'hostile-fixture',
      startedAt: '2026-11-20T12:00:00Z',
      hostile: HOSTILE,
    });
    records = [...fixtureFleet(), hostile];
    for (const r of fixtureFleet()) await writeFixtureRun(runs, r);
    await writeFixtureRun(runs, hostile, { hostile: HOSTILE });
    const v1Path = join(ROOT, 'src/record/fixtures/v1-extend-exhausted.json');
    v1 = parseRecord(readFileSync(v1Path, 'utf8'), v1Path);
    mkdirSync(join(runs, 'legacy'));
    copyFileSync(v1Path, join(runs, 'legacy', 'record.json'));
    mkdirSync(join(runs, 'broken'));
    writeFileSync(join(runs, 'broken', 'record.json'), '{"schema":"fitness-report.run/2","runId":"x"}');
    const site = join(mkdtempSync(join(tmpdir(), 'board-e2e-site-')), 'site');
    await buildSite({ runs: [runs], out: site });
    board = await openSite(site);
    page = board.page;
  }, 120_000);

  afterAll(async () => {
    await board?.close();
  });

  const rowOf = (r: RunRecord) => page.locator(`tr[id="run-${r.runId}"]`);

  it('renders one row per run, every outcome family, with the unreadable record listed', async () => {
    await page.goto(board.url);
    expect(await page.locator('tbody > tr[id^="run-"]').count()).toBe(records.length + 1);
    const outcomes = await page
      .locator('tbody > tr[id^="run-"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-outcome')));
    expect(new Set(outcomes)).toEqual(
      new Set([
        'SCORED',
        'INSUFFICIENT_SURFACE',
        'DEGENERATE',
        'INDETERMINATE',
        'GATE_FAILED',
        'COMPROMISED',
        'EXTEND_EXHAUSTED',
        'VOID',
      ]),
    );
    const unreadable = await seen(page.locator('#unreadable'));
    expect(unreadable).toContain(join('broken', 'record.json'));
    expect(unreadable).toContain('RECORD_INVALID');
    await page.screenshot({ path: join(SCREENSHOTS, 'board-fixtures.png'), fullPage: true });
  });

  it('prints the stored interval of every scored row', async () => {
    for (const r of records.filter((x) => x.score)) {
      const text = await seen(rowOf(r));
      const s = r.score!;
      expect(text).toContain(
        `first try ${s.firstTry.k} of ${s.firstTry.n} trials = ${(s.firstTry.wilson.point * 100).toFixed(1)}%`,
      );
      // The row prints the interval decisions use: clustered by task where the record has one.
      const w = s.firstTry.clustered?.wilson ?? s.firstTry.wilson;
      expect(text).toContain(`95% interval ${(w.lower * 100).toFixed(1)}% to ${(w.upper * 100).toFixed(1)}%`);
      if (s.firstTry.clustered)
        expect(text).toContain(
          `${s.firstTry.clustered.nEff.toFixed(1)} effective observations of ${s.firstTry.n} trials`,
        );
    }
  });

  it('opens every Why refused on its measured numbers', async () => {
    const refused = records.filter((r) => r.outcome !== 'SCORED');
    for (const r of [...refused, v1]) {
      const details = rowOf(r).locator('details.why');
      await details.locator(':scope > summary').click();
      expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      const text = await seen(details);
      const gate = r.gates.at(-1);
      if (r.outcome === 'VOID') expect(text).toContain(r.void!.reason);
      else if (gate?.gate === 'null_baseline') expect(text).toMatch(/T_null|the gate could not compare/);
      else if (gate?.gate === 'construct') expect(text).toContain(`${gate.k} of ${gate.n}`);
      else if (gate?.gate === 'answer_leak')
        expect(text).toContain(`tasks carrying their answer\t${gate.leaks.length}`);
      else expect(text).toContain(`candidates generated\t${r.suite!.candidates}`);
    }
    await rowOf(v1).scrollIntoViewIfNeeded();
    expect(await seen(rowOf(v1))).toContain('generator not recorded');
    await page.screenshot({ path: join(SCREENSHOTS, 'board-fixtures-why-open.png'), fullPage: true });
  });

  it('follows a finding deep link into the viewer and shows the linked event', async () => {
    const silent = records.find((r) => r.identity.serverSlug === 'silent-tools')!;
    await page.goto(board.url);
    const details = rowOf(silent).locator('details.why');
    await details.locator(':scope > summary').click();
    await details.locator('a', { hasText: 'wire:8' }).click();
    await page.waitForSelector('body[data-state=ready]');
    const selected = page.locator('.timeline .row.selected');
    expect(await selected.getAttribute('data-ref')).toBe('wire:8');
    expect(await seen(selected)).toContain('tools/call');
    expect(await selected.evaluate((el) => el.classList.contains('pending'))).toBe(true);
    expect(await seen(page.locator('#detail-ref'))).toContain('wire:8 · request · corr t1::construct#0');
    // The browser's own check: the signature and every published file hold (keys.json decides verified).
    await page.waitForSelector('#signature[data-custody]:not([data-custody=checking])');
    expect(['verified', 'unpublished-key']).toContain(
      await page.locator('#signature').getAttribute('data-custody'),
    );
    expect(await seen(page.locator('#signature'))).toMatch(/signed by ed25519:[0-9a-f]{64}/);
    await page.screenshot({ path: join(SCREENSHOTS, 'viewer-fixtures.png') });
  });

  it('filters the viewer by corr id from a #corr deep link', async () => {
    const good = records.find((r) => r.score)!;
    await page.goto(`${board.url}viewer.html?run=${good.runId}#corr=${encodeURIComponent('t1#0')}`);
    await page.waitForSelector('body[data-state=ready]');
    const refs = await page
      .locator('.timeline .row[data-ref]:not([hidden])')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-ref')));
    expect(refs).toEqual(['wire:10', 'wire:11', 'agent:2', 'wire:12', 'agent:3', 'agent:4']);
    await page.locator('.timeline .row[data-ref="wire:11"]').click();
    await page.locator('#detail button').click();
    expect(await seen(page.locator('#detail-ref'))).toContain('wire:12 · response');
  });

  it('opens any mcp-tape file by URL and refuses other schemes', async () => {
    const good = records.find((r) => r.score)!;
    await page.goto(`${board.url}viewer.html?tape=${encodeURIComponent(`runs/${good.runId}/agent.jsonl`)}`);
    await page.waitForSelector('body[data-state=ready]');
    expect(await page.locator('.timeline .row[data-ref="agent:2"]').count()).toBe(1);
    expect(await seen(page.locator('#signature'))).toContain('no run signature');
    await page.goto(`${board.url}viewer.html?tape=${encodeURIComponent('javascript:alert(1)')}`);
    expect(await seen(page.locator('#counts'))).toContain('only http(s)');
  });

  it('opens a tape dropped from disk (file input)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'board-drop-'));
    const good = records.find((r) => r.score)!;
    const res = await fetch(`${board.url}runs/${good.runId}/wire.jsonl`);
    writeFileSync(join(dir, 'some.jsonl'), await res.text());
    await page.goto(`${board.url}viewer.html`);
    await page.setInputFiles('#tape-file', join(dir, 'some.jsonl'));
    await page.waitForSelector('body[data-state=ready]');
    expect(await page.locator('.timeline .row[data-ref="wire:8"]').count()).toBe(1);
  });

  it('keeps a 100,000-line tape virtualised: a bounded number of rows in the DOM, the last line reachable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'board-big-'));
    writeFileSync(join(dir, 'big.jsonl'), bigTape(100_000));
    await page.goto(`${board.url}viewer.html`);
    await page.setInputFiles('#tape-file', join(dir, 'big.jsonl'));
    await page.waitForSelector('body[data-state=ready]', { timeout: 60_000 });
    expect(await seen(page.locator('#counts'))).toContain('100,000 lines');
    expect(await page.locator('.timeline .row').count()).toBeLessThan(200);
    await page.selectOption('#f-group', 'time');
    await page.locator('.timeline').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await page.waitForSelector('.timeline .row[data-ref="wire:100000"]:not([hidden])');
    expect(await page.locator('.timeline .row').count()).toBeLessThan(200);
    await page.check('#f-errors');
    const shown = await seen(page.locator('#counts'));
    expect(shown).toMatch(/^[\d,]+ rows shown/);
    expect(Number(shown.split(' ')[0]?.replace(/,/g, ''))).toBeLessThan(5000);
  });

  it('renders hostile record and tape strings inert on the board, the record page and the viewer', async () => {
    await page.goto(board.url);
    await rowOf(hostile).locator('details.why summary').click();
    expect(await injectionTraces(page)).toEqual(INERT);
    expect(await seen(rowOf(hostile))).toContain('<script id="pwned-script">');
    await page.goto(`${board.url}records/${hostile.runId}.html`);
    expect(await injectionTraces(page)).toEqual(INERT);
    await page.goto(`${board.url}viewer.html?run=${hostile.runId}#line=wire%3A12`);
    await page.waitForSelector('body[data-state=ready]');
    expect(await injectionTraces(page)).toEqual(INERT);
    expect(await seen(page.locator('#detail-json'))).toContain('<img src=x id=pwned-img');
    expect(board.errors).toEqual([]);
  });

  it('serves pages with a strict CSP and tapes with CORS, immutable caching and Range', async () => {
    const good = records.find((r) => r.score)!;
    const pageRes = await page.goto(board.url);
    const csp = pageRes?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const tape = `${board.url}runs/${good.runId}/wire.jsonl`;
    const direct = await fetch(tape);
    expect(direct.headers.get('access-control-allow-origin')).toBe('*');
    expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(direct.headers.get('content-type')).toBe('application/jsonl; charset=utf-8');
    // A page on another origin (localhost, not 127.0.0.1) reads the tape and a range of it.
    await page.goto(board.url.replace('127.0.0.1', 'localhost'));
    const seen = await page.evaluate(async (url) => {
      const full = await fetch(url);
      const part = await fetch(url, { headers: { Range: 'bytes=0-9' } });
      return {
        status: full.status,
        lines: (await full.text()).trim().split('\n').length,
        partStatus: part.status,
        partRange: part.headers.get('content-range'),
        partBody: await part.text(),
      };
    }, tape);
    expect(seen).toMatchObject({ status: 200, lines: 13, partStatus: 206, partBody: '{"v":1,"ty' });
    expect(seen.partRange).toMatch(/^bytes 0-9\/\d+$/);
  });
});
