import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureRecord } from '../../test/support/board/records.js';
import { writeFixtureRun } from '../../test/support/board/runs.js';
import { serializeRecord } from '../record/index.js';
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
