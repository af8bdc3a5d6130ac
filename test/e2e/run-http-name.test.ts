import { readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../examples/servers/lib/launch.js';
import { buildBoard } from '../../src/board/model.js';
import { runFitness } from '../../src/run/run-fitness.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { startFixtureHttp } from './fixtures/wire/helpers.js';
import { outDir, serverFile } from './run/helpers.js';

/**
 * The run id of an HTTP target comes from the server's reported name once it has answered, so two
 * runs of one server on two ports are attempts of one server; a target that never answered keeps
 * the URL-based id its directory was created with.
 */
describe('run ids of HTTP targets', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('two runs of one server on different ports share its reported name and link as attempts', async () => {
    const out = outDir();
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const http = await startFixtureHttp(serverFile('thin'));
      stops.push(http.stop);
      runs.push(await runFitness({ seed: 1, target: { kind: 'http', url: http.url }, outDir: out, env: {} }));
    }
    const [a, b] = runs;
    if (!a || !b) throw new Error('two runs expected');
    expect(a.record.identity.target.description).not.toBe(b.record.identity.target.description);
    for (const r of runs) {
      expect(r.outcome).toBe('INSUFFICIENT_SURFACE');
      expect(r.record.identity.serverSlug).toBe('planted-thin');
      // Two runs that start in the same second: the second takes the id to the millisecond (run-dir.ts).
      expect(r.runId).toMatch(/^planted-thin-\d{8}T\d{6}(\d{3})?Z$/);
      expect(basename(r.dir)).toBe(r.runId);
      // The renamed directory holds everything, signed under its new id.
      const check = await verifyFitnessRun(r.dir);
      expect(check.problems).toEqual([]);
      expect(check.ok).toBe(true);
    }
    expect(
      readdirSync(out)
        .filter((f) => !f.startsWith('.'))
        .sort(),
    ).toEqual([a.runId, b.runId].sort());
    // One server, one row (the later run), listing both runs as its attempts.
    const groups = buildBoard([a.record, b.record]);
    const rows = groups.flatMap((g) => g.rows);
    expect(rows.map((r) => r.attempts.map((x) => x.record.runId))).toEqual([[a.runId, b.runId]]);
    expect(groups.flatMap((g) => g.runs).map((r) => r.attempt.of)).toEqual([2, 2]);
  }, 600_000);

  it('a target that never answers is VOID under its URL-based id', async () => {
    const port = await freePort();
    const r = await runFitness({
      seed: 1,
      target: { kind: 'http', url: `http://127.0.0.1:${port}/mcp` },
      outDir: outDir(),
      env: {},
    });
    expect(r.outcome).toBe('VOID');
    expect(r.record.void?.reason).toBe('unreachable');
    expect(r.record.identity.serverSlug).toBe(`127-0-0-1-${port}`);
    expect(basename(r.dir)).toBe(r.runId);
  }, 120_000);
});
