import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { readRecord } from '../../src/record/io.js';
import { loadRoster } from '../../src/roster/load.js';
import { ROSTER_DB } from '../../src/roster/local.js';
import { RosterStore } from '../../src/roster/store.js';
import { captureIO, ROOT } from './run/helpers.js';

const EXAMPLE = join(ROOT, 'examples/roster.json');

describe('examples/roster.json', () => {
  it('names every planted-outcome server and the three real servers in devDependencies, all runnable', () => {
    const roster = loadRoster(EXAMPLE, { env: {} });
    expect(roster.errors).toEqual([]);
    expect(roster.entries.map((e) => e.name)).toEqual([
      'well-made',
      'thin',
      'constant-answers',
      'calculator',
      'drifting',
      'unanswered',
      'flaky',
      'flaky-no-extensions',
      'vanishing',
      'decoys',
      'hostile',
      'server-memory',
      'server-filesystem',
      'server-everything',
      'server-everything-http',
    ]);
  });

  it('runs an HTTP and a stdio server into one board with the official suite beside each', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fitness-roster-example-'));
    const out = join(dir, 'runs');
    const site = join(dir, 'site');
    const io = captureIO(dir);
    const code = await main(
      [
        'roster',
        EXAMPLE,
        '--only',
        'well-made,server-everything',
        '--tasks',
        '8',
        '--out',
        out,
        '--site',
        site,
        '--plain',
      ],
      io,
    );
    expect(code, io.stdout.join('\n')).toBe(0);
    const store = new RosterStore(join(out, ROSTER_DB));
    const tries = store.tries();
    store.close();
    expect(tries.map((t) => [t.job_key, t.state]).sort()).toEqual([
      ['server-everything#1', 'finished'],
      ['well-made#1', 'finished'],
    ]);
    const records = await Promise.all(tries.map((t) => readRecord(join(t.run_dir ?? '', 'record.json'))));
    // The conformance evidence sits inside each run, covered by its signature: verify holds.
    for (const t of tries) {
      expect(existsSync(join(t.run_dir ?? '', 'conformance')), t.job_key).toBe(true);
      const v = captureIO();
      expect(await main(['verify', t.run_dir ?? ''], v), v.stdout.join('\n')).toBe(0);
    }
    const http = records.find((r) => r.identity.target.kind === 'http');
    const stdio = records.find((r) => r.identity.target.kind === 'stdio');
    for (const [r, via] of [
      [http, 'http'],
      [stdio, 'stdio-bridge'],
    ] as const) {
      expect(r?.conformance).toMatchObject({ ran: true, via, suite: { version: '0.1.13' } });
      if (r?.conformance?.ran) expect(r.conformance.counts.passed).toBeGreaterThan(0);
    }
    expect(stdio?.server?.package).toEqual({
      name: '@modelcontextprotocol/server-everything',
      version: '2026.8.31',
      from: 'installed',
    });
    expect(http?.server?.package).toBeUndefined();
    expect(http?.server?.surfaceDigest).toBe(http?.surface?.digest);
    const board = readFileSync(join(site, 'index.html'), 'utf8');
    expect(board).toContain('Conformance (official suite)');
    expect(board.match(/@modelcontextprotocol\/conformance 0\.1\.13/g)).toHaveLength(2);
    expect(board).toContain('via a loopback bridge');
    expect(io.stdout.join('\n')).toMatch(/board: .*index\.html \(2 runs in 1 group\)/);
  }, 600_000);
});
