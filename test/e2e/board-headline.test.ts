import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/board/site.js';
import type { RunRecord } from '../../src/record/index.js';
import { openSite, SCREENSHOTS, type SiteInBrowser, seen } from '../support/board/browser.js';
import { fixtureFleet } from '../support/board/fleet.js';
import { writeFixtureRun } from '../support/board/runs.js';

/**
 * The record page's badge covers the numbers beside it, in real Chromium, on a site built from the
 * synthetic fleet (every outcome family, each run signed with a fresh key): every untouched page
 * stays verified, and a page whose headline was edited in the built HTML, every signed file of
 * its run left as it was, turns tampered and names the field and both texts; so does the viewer's
 * badge when the site's data file gives its title another outcome.
 */
let board: SiteInBrowser;
let page: Page;
let site = '';
let fleet: RunRecord[] = [];

const pageFile = (r: RunRecord) => join(site, 'records', `${r.runId}.html`);

async function badge(r: RunRecord): Promise<{ state: string; text: string }> {
  await page.goto(`${board.url}records/${r.runId}.html`);
  await page.waitForSelector('#custody:not([data-custody=checking]):not([data-custody=not-checked])');
  const el = page.locator('#custody');
  return { state: (await el.getAttribute('data-custody')) ?? '', text: await seen(el) };
}

/** Loads the page after `edit` rewrote its HTML, and puts the built page back. */
async function edited(r: RunRecord, edit: (html: string) => string) {
  const built = readFileSync(pageFile(r), 'utf8');
  const changed = edit(built);
  expect(changed).not.toBe(built);
  writeFileSync(pageFile(r), changed);
  try {
    return await badge(r);
  } finally {
    writeFileSync(pageFile(r), built);
  }
}

beforeAll(async () => {
  const runs = mkdtempSync(join(tmpdir(), 'board-headline-runs-'));
  fleet = fixtureFleet();
  for (const r of fleet) await writeFixtureRun(runs, r);
  site = join(mkdtempSync(join(tmpdir(), 'board-headline-site-')), 'site');
  await buildSite({ runs: [runs], out: site });
  board = await openSite(site);
  page = board.page;
}, 120_000);

afterAll(async () => {
  await board?.close();
});

describe('the record page badge against the page’s headline', () => {
  it('stays verified on every untouched page, whatever its outcome', async () => {
    for (const r of fleet) {
      const v = await badge(r);
      expect({ run: r.runId, state: v.state }).toEqual({ run: r.runId, state: 'verified' });
      expect(await page.locator('#deciding [data-record-field]').count()).toBeGreaterThan(0);
    }
    expect(board.errors).toEqual([]);
  });

  it('turns tampered, naming the fields, when a scored page claims 46 of 48 = 95.8%', async () => {
    const poor = fleet.find((r) => r.outcome === 'SCORED' && (r.score?.firstTry.k ?? 48) < 30);
    if (!poor?.score) throw new Error('the fleet has no poorly scored run');
    const { k, wilson } = poor.score.firstTry;
    const point = `${(wilson.point * 100).toFixed(1)}%`;
    const v = await edited(poor, (html) =>
      html
        .replace(`data-record-field="score.firstTry.k">${k}<`, 'data-record-field="score.firstTry.k">46<')
        .replace(
          `data-record-field="score.firstTry.wilson.point">${point}<`,
          'data-record-field="score.firstTry.wilson.point">95.8%<',
        ),
    );
    expect(v.state).toBe('tampered');
    expect(v.text).toContain(`tampered: page shows "46" for score.firstTry.k; the signed record says "${k}"`);
    expect(v.text).toContain(
      `page shows "95.8%" for score.firstTry.wilson.point; the signed record says "${point}"`,
    );
    expect(v.text).not.toContain('verified');
    await page.screenshot({ path: join(SCREENSHOTS, 'custody-headline-tampered.png') });
  });

  it('turns tampered when a refusal reads as another outcome with its mark removed', async () => {
    const refused = fleet.find((r) => r.outcome === 'GATE_FAILED');
    if (!refused) throw new Error('the fleet has no GATE_FAILED run');
    const v = await edited(refused, (html) =>
      html.replace('<span data-record-field="outcome">GATE_FAILED</span>', 'SCORED'),
    );
    expect(v.state).toBe('tampered');
    expect(v.text).toBe('tampered: page does not show outcome; the signed record says "GATE_FAILED"');
    // The page was put back: the same run verifies again.
    expect((await badge(refused)).state).toBe('verified');
  });

  it('turns the viewer’s badge tampered when its data file gives the title another outcome', async () => {
    const refused = fleet.find((r) => r.outcome === 'COMPROMISED');
    if (!refused) throw new Error('the fleet has no COMPROMISED run');
    const data = join(site, 'data', `${refused.runId}.json`);
    const built = readFileSync(data, 'utf8');
    const viewer = async () => {
      await page.goto(`${board.url}viewer.html?run=${refused.runId}`);
      await page.waitForSelector('#signature[data-custody]:not([data-custody=checking])');
      return {
        state: await page.locator('#signature').getAttribute('data-custody'),
        text: await seen(page.locator('#signature')),
        title: await seen(page.locator('#viewer-title')),
      };
    };
    expect((await viewer()).state).toBe('verified');
    writeFileSync(data, built.replace('"outcome":"COMPROMISED"', '"outcome":"SCORED"'));
    try {
      const v = await viewer();
      expect(v.title).toContain('SCORED');
      expect(v.state).toBe('tampered');
      expect(v.text).toBe('tampered: page shows "SCORED" for outcome; the signed record says "COMPROMISED"');
    } finally {
      writeFileSync(data, built);
    }
  });
});
