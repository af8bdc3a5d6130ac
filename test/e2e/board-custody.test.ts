import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/audit/execute.js';
import { buildSite } from '../../src/board/site.js';
import { KeysFile } from '../../src/tape/keys-file.js';
import { openSite, SCREENSHOTS, type SiteInBrowser, seen } from '../support/board/browser.js';
import { sharedMemoryRun } from './shared/memory-secrets.js';

/**
 * The reader's own custody check, in real Chromium, on a site built from a real run of
 * @modelcontextprotocol/server-memory (a third-party server, offline): the record page and the
 * viewer show "checking…" until WebCrypto has checked the Ed25519 signature and every published
 * file, then verified against the site's keys.json; without keys.json, signed by the key but not
 * published by this site; and after one byte of the published wire tape is flipped in the built
 * site, tampered naming wire.jsonl, whatever the build itself found.
 */
let report: RunReport;
let site = '';
let board: SiteInBrowser;
let page: Page;
let runId = '';
let keyid = '';

const KEYS = () => join(site, 'keys.json');
const wire = () => join(site, 'runs', runId, 'wire.jsonl');

/** The site's own keys.json lists the run's signer for this run: the board publishes the keys it saw. */
function keysListSigner(): boolean {
  const keys = KeysFile.parse(JSON.parse(readFileSync(KEYS(), 'utf8')));
  return keys.keys.some((k) => k.keyid === keyid && k.roles.includes('run signer') && k.runs.includes(runId));
}

/** The badge's final state and text: waits until the browser's check has finished. */
async function verdict(selector: string): Promise<{ state: string; text: string }> {
  const el = page.locator(selector);
  // The viewer's badge has no state until its data loads: wait for a state, and one that is final.
  await page.waitForSelector(
    `${selector}[data-custody]:not([data-custody=checking]):not([data-custody=not-checked])`,
  );
  return { state: (await el.getAttribute('data-custody')) ?? '', text: await seen(el) };
}

const recordUrl = () => `${board.url}records/${runId}.html`;
const viewerUrl = () => `${board.url}viewer.html?run=${runId}`;

beforeAll(async () => {
  // The same run real-memory asserts on, made once for the files that read it
  // (shared/memory-secrets.ts); only read here.
  report = await sharedMemoryRun();
  if (!report.dir || !report.record) throw new Error(`server-memory run failed: ${report.error ?? '?'}`);
  runId = report.record.runId;
  keyid = report.record.signer?.status === 'signed' ? report.record.signer.keyid : '';
  site = join(mkdtempSync(join(tmpdir(), 'board-custody-site-')), 'site');
  await buildSite({ runs: [report.dir], out: site });
  board = await openSite(site);
  page = board.page;
}, 300_000);

afterAll(async () => {
  await board?.close();
});

describe('custody checked in the browser, on a real server-memory run', () => {
  it('shows checking until the signature has been fetched and checked, then verified against keys.json', async () => {
    expect(keyid).toMatch(/^ed25519:[0-9a-f]{64}$/);
    expect(keysListSigner()).toBe(true);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/signature.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(recordUrl());
    await page.waitForSelector('#custody[data-custody=checking]');
    expect(await seen(page.locator('#custody'))).toBe('checking the signature in this browser…');
    release();
    const v = await verdict('#custody');
    await page.unroute('**/signature.json');
    expect(v.state).toBe('verified');
    expect(v.text).toContain(`verified in this browser: signed by ${keyid}, a key this site publishes`);
    expect(v.text).toContain('a redacted copy of the signed original');
    const files = JSON.parse(
      Buffer.from(
        JSON.parse(readFileSync(join(report.dir ?? '', 'signature.json'), 'utf8')).payload,
        'base64',
      ).toString(),
    ).files as unknown[];
    expect(v.text).toContain(`${files.length} files match`);
    await page.screenshot({ path: join(SCREENSHOTS, 'custody-verified.png') });
    await page.goto(viewerUrl());
    expect(await verdict('#signature')).toMatchObject({ state: 'verified' });
  });

  it('says signed by the key, not published by this site, when the site has no keys.json', async () => {
    const saved = readFileSync(KEYS());
    rmSync(KEYS());
    try {
      await page.goto(recordUrl());
      const v = await verdict('#custody');
      expect(v.state).toBe('unpublished-key');
      expect(v.text).toContain(`signed by ${keyid}, key not published by this site`);
      expect(v.text).not.toContain('verified');
    } finally {
      writeFileSync(KEYS(), saved);
    }
  });

  it('cannot check when a published file cannot be fetched, and never says verified', async () => {
    await page.route('**/wire.jsonl', (route) => route.abort('connectionrefused'));
    await page.goto(recordUrl());
    const v = await verdict('#custody');
    await page.unroute('**/wire.jsonl');
    expect(v.state).toBe('cannot-check');
    expect(v.text).toMatch(/^cannot check in this browser: .*wire\.jsonl: could not be fetched/);
    // Chromium logs the refused fetch itself; that is this test's doing, not the page's.
    board.errors.length = 0;
  });

  it('shows tampered, naming the tape, after one byte of the published wire tape is flipped', async () => {
    const bytes = readFileSync(wire());
    const at = Math.floor(bytes.length / 2);
    bytes[at] = (bytes[at] ?? 0) ^ 0x01;
    writeFileSync(wire(), bytes);
    await page.goto(recordUrl());
    const v = await verdict('#custody');
    expect(v.state).toBe('tampered');
    // The site publishes the board's redaction: the copy is checked against the digest the redaction signed.
    expect(v.text).toContain('tampered: wire.jsonl: differs from the redacted copy’s signed digest');
    // The build's own check, made before the flip, still reads verified lower on the page.
    expect(await seen(page.locator('#files'))).toContain('signature verified when the site was built');
    await page.screenshot({ path: join(SCREENSHOTS, 'custody-tampered.png') });
    await page.goto(viewerUrl());
    const inViewer = await verdict('#signature');
    expect(inViewer.state).toBe('tampered');
    expect(inViewer.text).toContain('tampered: wire.jsonl');
    expect(board.errors).toEqual([]);
  });
});
