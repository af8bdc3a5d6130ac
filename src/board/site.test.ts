import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fixtureRecord } from '../../test/support/board/records.js';
import { writeFixtureRun } from '../../test/support/board/runs.js';
import { serializeRecord } from '../record/index.js';
import { parseRunData, Story } from './client/shared/viewer-run.js';
import { buildSite } from './site.js';

describe('buildSite', () => {
  it('writes the board, a page per run, methods, viewer, published run files and _headers', async () => {
    const runs = mkdtempSync(join(tmpdir(), 'board-site-runs-'));
    const taped = fixtureRecord('scored', { slug: 'taped', startedAt: '2026-11-01T12:00:00Z' });
    const bare = fixtureRecord('thin-surface', { slug: 'bare', startedAt: '2026-11-02T12:00:00Z' });
    await writeFixtureRun(runs, taped);
    mkdirSync(join(runs, bare.runId));
    writeFileSync(join(runs, bare.runId, 'record.json'), serializeRecord(bare));
    const out = join(mkdtempSync(join(tmpdir(), 'board-site-out-')), 'site');
    const result = await buildSite({ runs: [runs], out });
    expect(result).toMatchObject({ runs: 2, groups: 1, unreadable: [] });
    for (const file of [
      'index.html',
      'methods.html',
      'viewer.html',
      '_headers',
      'assets/board.css',
      'assets/viewer/main.js',
      `records/${taped.runId}.html`,
      `records/${bare.runId}.html`,
      `data/${taped.runId}.json`,
      `runs/${taped.runId}/wire.jsonl`,
      `runs/${taped.runId}/signature.json`,
      `runs/${bare.runId}/record.json`,
    ]) {
      expect(existsSync(join(out, file)), file).toBe(true);
    }
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain(`href="viewer.html?run=${taped.runId}">Replay</a>`);
    expect(index).not.toContain(`href="viewer.html?run=${bare.runId}">`);
    expect(index).toContain('no tape in the run directory');
    expect(index).not.toMatch(/<script(?![^>]*\ssrc=)/);
    const data = JSON.parse(readFileSync(join(out, `data/${taped.runId}.json`), 'utf8'));
    expect(data.planes.map((p: { plane: string }) => p.plane)).toEqual(['wire', 'agent']);
    expect(data.verification.status).toBe('verified');
    // Each data file the build wrote reads with the viewer's schema, its story too (the schema would
    // drop a story of another shape without a word, so the story is checked on its own).
    expect(z.safeParse(Story, data.story).error).toBeUndefined();
    expect(parseRunData(data, 'taped').story).toEqual(data.story);
    const bareData = JSON.parse(readFileSync(join(out, `data/${bare.runId}.json`), 'utf8'));
    expect(parseRunData(bareData, 'bare')).toMatchObject({
      runId: bare.runId,
      planes: [],
      files: ['record.json', 'redaction.json'],
    });
    expect(bareData.story).toBeUndefined();
    // The viewer puts tape text on the page only through textContent.
    for (const name of readdirSync(join(out, 'assets/viewer'))) {
      const js = readFileSync(join(out, 'assets/viewer', name), 'utf8');
      expect(js, name).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
    }
    // The bundler prints double quotes; the assertion is that main.js imports load.js as a module.
    expect(readFileSync(join(out, 'assets/viewer/main.js'), 'utf8')).toMatch(/from ['"]\.\/load\.js['"]/);

    // A rebuild replaces the site; a directory the command did not build is never written into.
    await buildSite({ runs: [runs], out });
    const foreign = mkdtempSync(join(tmpdir(), 'board-foreign-'));
    writeFileSync(join(foreign, 'keep.txt'), 'mine');
    await expect(buildSite({ runs: [runs], out: foreign })).rejects.toThrow(/refusing to write into it/);
    expect(readFileSync(join(foreign, 'keep.txt'), 'utf8')).toBe('mine');
  });
});

describe('buildSite never follows a symbolic link', () => {
  it('refuses a run whose files link out (a key, /etc/passwd), says why, and publishes none of it', async () => {
    const runs = mkdtempSync(join(tmpdir(), 'board-site-links-'));
    const good = fixtureRecord('scored', { slug: 'good', startedAt: '2026-11-01T12:00:00Z' });
    const evil = fixtureRecord('scored', { slug: 'evil', startedAt: '2026-11-02T12:00:00Z' });
    await writeFixtureRun(runs, good);
    const dir = await writeFixtureRun(runs, evil);
    writeFileSync(
      join(runs, '.signing-key.pem'),
      '-----BEGIN PRIVATE KEY-----\nsecret\n-----END PRIVATE KEY-----\n',
    );
    rmSync(join(dir, 'agent.jsonl'));
    symlinkSync('/etc/passwd', join(dir, 'agent.jsonl'));
    symlinkSync('../.signing-key.pem', join(dir, 'judge.jsonl'));
    symlinkSync(join(runs, good.runId), join(runs, 'linked-run'));
    const out = join(mkdtempSync(join(tmpdir(), 'board-site-out-')), 'site');
    const result = await buildSite({ runs: [runs], out });
    expect(result.runs).toBe(1);
    const reasons = new Map(result.unreadable.map((u) => [u.path, u.reason]));
    expect(reasons.get(dir)).toBe(
      'refused, not published: agent.jsonl is a symbolic link (to /etc/passwd); judge.jsonl is a symbolic link (to ../.signing-key.pem): links are never followed',
    );
    expect(reasons.get(join(runs, 'linked-run'))).toMatch(/^refused: linked-run is a symbolic link/);
    expect(existsSync(join(out, 'runs', evil.runId))).toBe(false);
    const everything = readdirSync(out, { recursive: true })
      .map(String)
      .filter((f) => statSync(join(out, f)).isFile())
      .map((f) => readFileSync(join(out, f), 'utf8'))
      .join('\n');
    expect(everything).not.toContain('root:x:0:0');
    expect(everything).not.toContain('BEGIN PRIVATE KEY');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('links are never followed');
  });
});
