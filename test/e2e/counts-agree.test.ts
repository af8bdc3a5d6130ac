/**
 * Every count on screen equals the record (issue 33, item 6), in every run of the shared planted
 * audit (shared/planted-audit.ts: read, never run again) and in two planted runs drawn on a
 * terminal. For every phase the record counts (the nulls with random-args' not-applicable trials
 * apart, construct, the drive's first try):
 * - the live display's count of the phase equals the record's: for the audit's runs, as the audit
 *   printed each run's live display (`[id] <phase line>`, from the same events and reducer the
 *   terminal block draws); for the two terminal runs, the block's last drawn count, read off a real
 *   pseudo-terminal (util-linux `script`: a hard requirement, as Chromium is);
 * - the viewer's story (the browser bundle's own functions, in the site's data file) and the
 *   viewer's summary in Chromium say exactly what the record says.
 * The viewer's first line keeps the errors the harness caused on purpose (probes, null phases)
 * apart from the server's errors in the drive.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANTED } from '../../src/audit/index.js';
import { AuditFile } from '../../src/audit/summary.js';
import { parseRunData, type Story } from '../../src/board/client/shared/viewer-run.js';
import { buildSite } from '../../src/board/site.js';
import { readRecord } from '../../src/record/io.js';
import type { RunRecord } from '../../src/record/run.js';
import { countsText } from '../../src/record/trial-count.js';
import { openSite, type SiteInBrowser, seen } from '../support/board/browser.js';
import { recordPhaseCounts } from '../support/phase-counts.js';
import { outDir, ROOT, server } from './run/helpers.js';
import { plantedAudit } from './shared/planted-audit.js';

const exec = promisify(execFile);
const BIN = join(ROOT, 'bin/fitness-report.js');
const SCRIPT = '/usr/bin/script';
// One trial at a time, so each phase's last drawn block holds its final count.
const FLAGS = ['--seed', '7', '--concurrency', '1'];

/** The terminal runs need `script`: missing, the file fails with how to install it, never skips. */
function requireScript(): void {
  if (!existsSync(SCRIPT))
    throw new Error(
      `${SCRIPT} is missing: install it with \`apt-get install -y bsdutils\` (util-linux's script gives the live-display test its pseudo-terminal)`,
    );
}

function offlineEnv(): NodeJS.ProcessEnv {
  const { ANTHROPIC_API_KEY: _a, OPENAI_API_KEY: _o, ...rest } = process.env;
  return { ...rest, TERM: 'xterm', COLUMNS: '300' };
}

/** A phase's counts as a live display line says them: `<phase>: 16/16 trials · <counts>[ · curtailed at n]`. */
const PHASE_LINE = /^([a-z-]+): (\d+)\/(\d+) trials · (.+?)(?: · curtailed at \d+)?$/;

interface Made {
  /** The audit's id of the run, or `terminal:<server>`. */
  name: string;
  record: RunRecord;
  dir: string;
  /** Each phase's counts as the live display last counted them. */
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
  return { name: `terminal:${name}`, record: await readRecord(join(dir, 'record.json')), dir, live };
}

/** Every run of the shared audit, with each phase as the audit printed its live display's count. */
async function auditRuns(): Promise<Made[]> {
  const audit = await plantedAudit();
  const summaries = AuditFile.parse(JSON.parse(readFileSync(join(audit.out, 'audit.json'), 'utf8')));
  const made: Made[] = [];
  for (const s of summaries) {
    if (s.dir === undefined) throw new Error(`the shared audit made no run directory for ${s.id}`);
    const live = new Map<string, string>();
    for (const line of audit.progress) {
      if (!line.startsWith(`[${s.id}] `)) continue;
      const m = PHASE_LINE.exec(line.slice(s.id.length + 3));
      if (m?.[1] !== undefined && m[4] !== undefined) live.set(m[1], m[4]);
    }
    made.push({ name: s.id, record: await readRecord(join(s.dir, 'record.json')), dir: s.dir, live });
  }
  return made;
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

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the live display, the viewer and the record agree on every count', () => {
  const terminal: Made[] = [];
  const audited: Made[] = [];
  const all = () => [...terminal, ...audited];
  let board: SiteInBrowser | undefined;
  const stories = new Map<string, Story>();

  beforeAll(async () => {
    requireScript();
    // well-made: random-args trials that measured the real call (not applicable); markdown: a
    // random-args null whose trials are mostly not applicable (the planned listing already carried
    // the key) and none passed, and drive trials whose check passed but not first try.
    const [runs, audit] = await Promise.all([
      Promise.all([runOnTerminal('well-made'), runOnTerminal('markdown')]),
      auditRuns(),
    ]);
    terminal.push(...runs);
    audited.push(...audit);
    const site = join(mkdtempSync(join(tmpdir(), 'counts-site-')), 'site');
    await buildSite({ runs: all().map((m) => m.dir), out: site });
    for (const { record } of all()) {
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
    const [wellMade, markdown] = terminal.map((m) => recordPhaseCounts(m.record));
    expect(wellMade?.['null-random-args']?.notApplicable).toBeGreaterThan(0);
    // Read on seed 7: fifteen trials are not applicable (the listing, left as planned, carried the
    // key) and one is applicable and failed (x015: its key is only in the note the randomised id
    // failed to fetch, "No note with id ID."), which is the rule working. What this test needs is
    // that none passed and some were counted not applicable, apart.
    expect(markdown?.['null-random-args']).toMatchObject({ passed: 0 });
    expect(markdown?.['null-random-args']?.notApplicable).toBeGreaterThan(0);
    expect(terminal.every((m) => m.record.outcome === 'SCORED')).toBe(true);
    // Every planted run of the audit is here.
    expect(audited.map((m) => m.name)).toEqual(PLANTED.map((p) => p.id));
  });

  it('the live display shows, for each phase, what the record counts', () => {
    for (const m of terminal)
      expect([...recorded(m.record).keys()].sort()).toEqual(
        ['construct', 'drive', 'null-no-tools', 'null-random-args', 'null-stubbed-empty'].sort(),
      );
    for (const m of all())
      for (const [phase, text] of recorded(m.record))
        expect(`${m.name} ${phase}: ${m.live.get(phase)}`).toBe(`${m.name} ${phase}: ${text}`);
  });

  it('the viewer’s story counts each phase as the record does', () => {
    for (const m of all()) {
      const story = stories.get(m.record.runId);
      if (recorded(m.record).size > 0) expect(story, m.name).toBeDefined();
      const told = new Map(story?.phases.map((p) => [p.phase, countsText(p.counts)]));
      for (const [phase, text] of recorded(m.record))
        expect(`${m.name} ${phase}: ${told.get(phase)}`).toBe(`${m.name} ${phase}: ${text}`);
      // Every trial the record counts has its trial event on the tape.
      const counted = story?.phases.filter((p) => recorded(m.record).has(p.phase)) ?? [];
      expect(counted.map((p) => [m.name, p.phase, p.untold])).toEqual(
        counted.map((p) => [m.name, p.phase, 0]),
      );
    }
  });

  it('the viewer’s summary in Chromium shows the record’s counts, and keeps the harness’s own errors apart', async () => {
    const page = board?.page;
    if (page === undefined || board === undefined) throw new Error('no browser');
    for (const m of all()) {
      const story = stories.get(m.record.runId);
      if (story === undefined) continue;
      await page.goto(`${board.url}viewer.html?run=${m.record.runId}`);
      await page.waitForSelector('body[data-story-ms]');
      for (const [phase, text] of recorded(m.record)) {
        const summary = await seen(page.locator(`details.phase[data-phase=${phase}] > summary`));
        expect(summary, `${m.name} ${phase}`).toMatch(new RegExp(`trials?: ${escaped(text)} · `));
      }
      const problems = await seen(page.locator('#story-problems'));
      expect(problems, m.name).toMatch(new RegExp(`^${story.driveErrors} errors? in the drive`));
      // The probes' and the nulls' error answers are the harness's own: never the red drive count.
      if (terminal.includes(m)) expect(story.ownErrors).toBeGreaterThan(0);
      const line = await seen(page.locator('.story-line'));
      if (story.ownErrors > 0)
        expect(line, m.name).toContain(
          `${story.ownErrors} ${story.ownErrors === 1 ? 'error' : 'errors'} the harness caused on purpose (probes, null phases)`,
        );
      if (story.driveErrors === 0 && story.pending === 0)
        expect(await page.locator('#story-problems.fault').count(), m.name).toBe(0);
    }
    expect(board.errors).toEqual([]);
  });
});
