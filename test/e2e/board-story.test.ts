/**
 * The viewer tells the story of real planted runs in Chromium: its first screen is the run summary
 * (handshake, probes, phases); a trial opens into its own lines with session events folded;
 * search, deep links and the side-by-side view work; another producer's tape opened from disk is
 * told too, with what could not be read said.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { parseRunData, Story } from '../../src/board/client/shared/viewer-run.js';
import { buildSite } from '../../src/board/site.js';
import type { RunRecord } from '../../src/record/run.js';
import {
  INERT,
  injectionTraces,
  openSite,
  SCREENSHOTS,
  type SiteInBrowser,
  seen,
} from '../support/board/browser.js';
import { auditedRun } from './shared/planted-audit.js';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/mcp-tape');

/** Every phase of a scored run, in the order the story tells them. */
const EVERY_PHASE = [
  'screen',
  'null-no-tools',
  'null-stubbed-empty',
  'null-random-args',
  'construct',
  'drive',
];

/** The phases the viewer's run summary shows, in order. */
function storyPhases(page: Page): Promise<(string | null)[]> {
  return page
    .locator('#story-phases details.phase')
    .evaluateAll((ds) => ds.map((d) => d.getAttribute('data-phase')));
}

describe('the viewer tells a run story (planted runs, Chromium)', () => {
  let board: SiteInBrowser;
  let page: Page;
  let a: RunRecord;
  let b: RunRecord;
  let site: string;

  beforeAll(async () => {
    const wellMade = await auditedRun('well-made');
    const decoys = await auditedRun('decoys');
    a = wellMade.record;
    b = decoys.record;
    site = join(mkdtempSync(join(tmpdir(), 'story-site-')), 'site');
    await buildSite({ runs: [wellMade.dir, decoys.dir], out: site });
    board = await openSite(site);
    page = board.page;
  }, 1_200_000);

  afterAll(async () => {
    await board?.close();
  });

  it('opens on the run summary: the handshake and every phase, before the tape is read', async () => {
    await page.goto(`${board.url}viewer.html?run=${a.runId}`);
    await page.waitForSelector('body[data-story-ms]');
    const handshake = await seen(page.locator('#story-handshake'));
    expect(handshake).toContain('protocol 2026-07-28 (modern)');
    expect(handshake).toContain('server planted-well-made');
    expect(await storyPhases(page)).toEqual(EVERY_PHASE);
    const construct = await seen(page.locator('details.phase[data-phase=construct] > summary'));
    const gate = a.gates.find((g) => g.gate === 'construct');
    expect(gate?.gate === 'construct' && construct).toContain(
      `${gate?.gate === 'construct' ? gate.n : '?'} trials: ${gate?.gate === 'construct' ? gate.k : '?'} passed`,
    );
    expect(await seen(page.locator('#story'))).toContain('Probes:');
    await page.waitForSelector('body[data-state=ready]');
    expect(Number(await page.evaluate(() => document.body.dataset.storyMs))).toBeLessThanOrEqual(
      Number(await page.evaluate(() => document.body.dataset.readyMs)),
    );
    await page.locator('details.phase[data-phase=drive] > summary').click();
    await page.screenshot({ path: join(SCREENSHOTS, 'viewer-story.png') });
  });

  it('a trial opens into its own lines, session events folded until shown', async () => {
    const trial = page.locator('details.phase[data-phase=drive] table.trials tr[data-corr] a').first();
    const corr = (await trial.textContent()) ?? '';
    await trial.click();
    await page.waitForFunction((c) => document.getElementById('f-corr-id')?.textContent === c, corr);
    expect(await seen(page.locator('#trial-head'))).toMatch(
      new RegExp(`^${corr.replace(/[#]/g, '\\$&')}: (pass|fail)`),
    );
    const corrs = await page
      .locator('.timeline .row[data-entry]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('title')));
    expect(corrs.length).toBeGreaterThan(2);
    for (const c of corrs) expect([corr, `${corr}::verify`]).toContain(c);
    expect(await page.locator('.timeline .row.fold').count()).toBeGreaterThan(0);
    const before = await page.locator('.timeline .row[data-entry]').count();
    await page.locator('.timeline .row.fold').first().click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('.timeline .row[data-entry]').length > n,
      before,
    );
    expect(await seen(page.locator('.timeline'))).toContain('fitness.connect');
    await page.screenshot({ path: join(SCREENSHOTS, 'viewer-trial.png') });
  });

  it('searches the tape and keeps #line, #corr and #only deep links working', async () => {
    await page.goto(`${board.url}viewer.html?run=${a.runId}#q=list_vessels`);
    await page.waitForSelector('body[data-state=ready]');
    expect(await seen(page.locator('#search-count'))).toMatch(/^1 of \d+/);
    expect(await seen(page.locator('#detail-json'))).toContain('list_vessels');
    await page.locator('#search-form button[type=submit]').click();
    expect(await seen(page.locator('#search-count'))).toMatch(/^2 of \d+/);
    await page.goto(`${board.url}viewer.html?run=${a.runId}#line=wire%3A2`);
    await page.waitForSelector('body[data-state=ready]');
    expect(await page.locator('.timeline .row.selected').getAttribute('data-ref')).toBe('wire:2');
    await page.goto(`${board.url}viewer.html?run=${a.runId}#only=problems`);
    await page.waitForSelector('body[data-state=ready]');
    const flagged = await page
      .locator('.timeline .row[data-entry]')
      .evaluateAll((rows) =>
        rows.every((r) => r.classList.contains('error') || r.classList.contains('pending')),
      );
    expect(flagged).toBe(true);
  });

  it('shows two runs side by side, phase by phase', async () => {
    await page.goto(`${board.url}viewer.html?run=${a.runId}&compare=${b.runId}`);
    await page.waitForSelector('#compare:not([hidden]) table');
    const text = await seen(page.locator('#compare'));
    // Table heads are upper-cased by the stylesheet.
    expect(text.toLowerCase()).toContain(a.runId.toLowerCase());
    expect(text.toLowerCase()).toContain(b.runId.toLowerCase());
    expect(text).toMatch(/construct\t\d+ of \d+ passed/);
    await page.screenshot({ path: join(SCREENSHOTS, 'viewer-compare.png') });
  });

  it("tells another producer's tape opened from disk, saying what it could not read", async () => {
    await page.goto(`${board.url}viewer.html`);
    await page.setInputFiles('#tape-file', join(FIXTURES, 'batch-2025-03-26.jsonl'));
    await page.waitForSelector('body[data-state=ready]');
    const story = await seen(page.locator('#story'));
    expect(story).toContain('1 line could not be read');
    expect(await seen(page.locator('#story-handshake'))).toContain(
      'protocol 2025-03-26 · server github 0.9.0',
    );
    expect(story).toContain('No trial phases on these tapes.');
    expect(await injectionTraces(page)).toEqual(INERT);
    await page.screenshot({ path: join(SCREENSHOTS, 'viewer-foreign-tape.png') });
    expect(board.errors).toEqual([]);
  });

  it("writes data files the viewer's schema reads, each run's story included", () => {
    for (const r of [a, b]) {
      const data = JSON.parse(readFileSync(join(site, 'data', `${r.runId}.json`), 'utf8'));
      // On its own: inside the data file, a story of another shape would be dropped without a word.
      expect(z.safeParse(Story, data.story).error).toBeUndefined();
      expect(parseRunData(data, r.runId)).toMatchObject({ runId: r.runId, story: data.story });
    }
  });

  /** A data file beside the run's own, under another name: the viewer opens it with `?run=<name>`. */
  function writeData(name: string, edit: (data: Record<string, unknown>) => void): void {
    const data = JSON.parse(readFileSync(join(site, 'data', `${a.runId}.json`), 'utf8'));
    edit(data);
    writeFileSync(join(site, 'data', `${name}.json`), JSON.stringify(data));
  }

  it('drops a story of another shape from the data file and tells it from the tapes instead', async () => {
    writeData('bad-story', (data) => {
      data.story = { ...z.parse(Story, data.story), phases: [{ phase: 'drive', trials: 'none' }] };
    });
    await page.goto(`${board.url}viewer.html?run=bad-story`);
    await page.waitForSelector('body[data-state=ready]');
    expect(await storyPhases(page)).toEqual(EVERY_PHASE);
    expect(await seen(page.locator('#story-handshake'))).toContain('server planted-well-made');
    expect(board.errors).toEqual([]);
  });

  it('refuses a data file of another shape in one line naming the file and the field', async () => {
    writeData('bad-data', (data) => {
      data.runId = 7;
    });
    await page.goto(`${board.url}viewer.html?run=bad-data`);
    await page.waitForSelector('body[data-state=error]');
    expect(await seen(page.locator('#counts'))).toBe(
      `could not load: ${board.url}data/bad-data.json: runId: expected string, got 7`,
    );
  });
});
