/**
 * Every count on screen equals the record (issue 33, item 6). A planted server runs through the
 * real CLI over stdio on a pseudo-terminal (util-linux `script`), so the live status block is drawn
 * as a user sees it; then the board is built from the run. For every phase the record counts (the
 * nulls with random-args' not-applicable trials apart, construct, the drive's first try), the live
 * block's last count of the phase, the viewer's story (the browser bundle's own functions, in the
 * site's data file) and the viewer's summary in Chromium say exactly what the record says. The
 * viewer's first line keeps the errors the harness caused on purpose (probes, null phases) apart
 * from the server's errors in the drive.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRunData, type Story } from '../../src/board/client/shared/viewer-run.js';
import { buildSite } from '../../src/board/site.js';
import { readRecord } from '../../src/record/io.js';
import { recordPhaseCounts } from '../../src/record/phase-counts.js';
import type { RunRecord } from '../../src/record/run.js';
import { countsText } from '../../src/record/trial-count.js';
import { openSite, type SiteInBrowser, seen } from '../support/board/browser.js';
import { outDir, ROOT, server } from './run/helpers.js';

const exec = promisify(execFile);
const BIN = join(ROOT, 'bin/fitness-report.js');
const SCRIPT = '/usr/bin/script';
// One trial at a time, so each phase's last drawn block holds its final count.
const FLAGS = ['--seed', '7', '--concurrency', '1'];

function offlineEnv(): NodeJS.ProcessEnv {
  const { ANTHROPIC_API_KEY: _a, OPENAI_API_KEY: _o, ...rest } = process.env;
  return { ...rest, TERM: 'xterm', COLUMNS: '300' };
}

interface Made {
  record: RunRecord;
  dir: string;
  /** Each phase's counts as the live block last drew them. */
  live: Map<string, string>;
}

/** `fitness-report run` on a terminal: the record, and the live block's last line for each phase. */
async function runOnTerminal(name: string): Promise<Made> {
  const out = outDir();
  const argv = [BIN, 'run', ...FLAGS, '--out', out, '--', 'node', ...server(name)];
  const command = argv.map((a) => `'${a}'`).join(' ');
  const { stdout } = await exec(SCRIPT, ['-qfec', `node ${command}`, '/dev/null'], {
    env: offlineEnv(),
    maxBuffer: 256 * 1024 * 1024,
  });
  const live = new Map<string, string>();
  const head = /^([a-z-]+): (\d+)\/(\d+) trials · (.+?)(?: · curtailed at \d+)? · ETA /;
  // Each redraw erases the block (ESC [ n F, ESC [ J) before it draws the block's lines again.
  const ERASE = `${String.fromCharCode(27)}[J`;
  for (const chunk of stdout.replaceAll('\r\n', '\n').split('\n')) {
    const at = chunk.lastIndexOf(ERASE);
    const m = head.exec(at === -1 ? chunk : chunk.slice(at + ERASE.length));
    if (m?.[1] !== undefined && m[4] !== undefined) live.set(m[1], m[4]);
  }
  const [runId] = readdirSync(out);
  const dir = join(out, runId ?? '');
  return { record: await readRecord(join(dir, 'record.json')), dir, live };
}

/** The record's counts per phase, in the one wording every screen uses. */
function recorded(record: RunRecord): Map<string, string> {
  const counts = recordPhaseCounts(record);
  return new Map(
    Object.entries(counts).flatMap(([phase, c]) =>
      c === undefined ? [] : [[phase, countsText(c)] as const],
    ),
  );
}

describe.skipIf(!existsSync(SCRIPT))('the live block, the viewer and the record agree on every count', () => {
  const made: Made[] = [];
  let site: string;
  let board: SiteInBrowser | undefined;
  const stories = new Map<string, Story>();

  beforeAll(async () => {
    // well-made: random-args trials that measured the real call (not applicable); markdown: a
    // random-args null with no applicable trial, and drive trials whose check passed but not first try.
    made.push(...(await Promise.all([runOnTerminal('well-made'), runOnTerminal('markdown')])));
    site = join(mkdtempSync(join(tmpdir(), 'counts-site-')), 'site');
    await buildSite({ runs: made.map((m) => m.dir), out: site });
    for (const { record } of made) {
      const file = join(site, 'data', `${record.runId}.json`);
      const data = parseRunData(JSON.parse(readFileSync(file, 'utf8')), file);
      if (data.story) stories.set(record.runId, data.story);
    }
    board = await openSite(site);
  }, 1_200_000);

  afterAll(async () => {
    await board?.close();
  });

  it('holds runs that exercise every rule: not applicable apart, and first try apart from the check', () => {
    const [wellMade, markdown] = made.map((m) => recordPhaseCounts(m.record));
    expect(wellMade?.['null-random-args']?.notApplicable).toBeGreaterThan(0);
    expect(markdown?.['null-random-args']).toMatchObject({ passed: 0, failed: 0 });
    expect(markdown?.['null-random-args']?.notApplicable).toBeGreaterThan(0);
    expect(made.every((m) => m.record.outcome === 'SCORED')).toBe(true);
  });

  it('the live block shows, for each phase, what the record counts', () => {
    for (const m of made) {
      const want = recorded(m.record);
      expect([...want.keys()].sort()).toEqual(
        ['construct', 'drive', 'null-no-tools', 'null-random-args', 'null-stubbed-empty'].sort(),
      );
      for (const [phase, text] of want) expect(`${phase}: ${m.live.get(phase)}`).toBe(`${phase}: ${text}`);
    }
  });

  it('the viewer’s story counts each phase as the record does', () => {
    for (const m of made) {
      const story = stories.get(m.record.runId);
      expect(story).toBeDefined();
      const told = new Map(story?.phases.map((p) => [p.phase, countsText(p.counts)]));
      for (const [phase, text] of recorded(m.record))
        expect(`${phase}: ${told.get(phase)}`).toBe(`${phase}: ${text}`);
      // Every trial the record counts has its trial event on the tape.
      const counted = story?.phases.filter((p) => recorded(m.record).has(p.phase)) ?? [];
      expect(counted.map((p) => [p.phase, p.untold])).toEqual(counted.map((p) => [p.phase, 0]));
    }
  });

  it('the viewer’s summary in Chromium shows the record’s counts, and keeps the harness’s own errors apart', async () => {
    const page = board?.page;
    if (page === undefined || board === undefined) throw new Error('no browser');
    for (const m of made) {
      await page.goto(`${board.url}viewer.html?run=${m.record.runId}`);
      await page.waitForSelector('body[data-story-ms]');
      for (const [phase, text] of recorded(m.record)) {
        const summary = await seen(page.locator(`details.phase[data-phase=${phase}] > summary`));
        expect(summary).toContain(`trials: ${text} · `);
      }
      const story = stories.get(m.record.runId);
      const problems = await seen(page.locator('#story-problems'));
      expect(problems).toMatch(new RegExp(`^${story?.driveErrors ?? -1} errors? in the drive`));
      // The probes' and the nulls' error answers are the harness's own: never the red drive count.
      expect(story?.ownErrors).toBeGreaterThan(0);
      const line = await seen(page.locator('.story-line'));
      expect(line).toContain(
        `${story?.ownErrors} errors the harness caused on purpose (probes, null phases)`,
      );
      if (story?.driveErrors === 0 && story.pending === 0)
        expect(await page.locator('#story-problems.fault').count()).toBe(0);
    }
    expect(board.errors).toEqual([]);
  });
});
