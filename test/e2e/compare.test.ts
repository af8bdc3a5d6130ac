import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, serveSite } from '../../src/board/serve.js';
import { buildSite } from '../../src/board/site.js';
import { main } from '../../src/cli/main.js';
import { CompareResult } from '../../src/record/compare.js';
import { readRecord } from '../../src/record/io.js';
import { signFlipExact } from '../../src/stats/sign-flip.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { captureIO, outDir, runCommandOn } from './run/helpers.js';
import { sharedAmbiguousRun, sharedThinRun } from './shared/shared-runs.js';

const runLine = (io: { stdout: string[] }) =>
  (io.stdout.find((l) => l.startsWith('run: ')) ?? '').slice('run: '.length);

/**
 * One more offline run of the planted ambiguous server, served in memory (the subject is the
 * comparison; the shared baseline is a stdio CLI run of the same server): its run directory.
 */
async function ambiguousRun(out: string, seed: string): Promise<string> {
  const io = captureIO();
  const target = plantedInMemory('ambiguous');
  try {
    const code = await runCommandOn(target, ['--out', out, '--seed', seed], io);
    expect(code, io.stderr.join('\n')).toBe(0);
    return runLine(io);
  } finally {
    await target.closeAll();
  }
}

async function compare(...args: string[]) {
  const io = captureIO();
  const code = await main(['compare', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

/**
 * Real runs of a planted server offline, compared: the shared seed-1 run of the ambiguous server
 * (shared/shared-runs.ts) against a second run at seed 1 (one suite: paired per task) and one at
 * seed 2, and against the planted thin server (another server: refused). Bad input around them.
 */
describe('fitness-report compare on planted runs', () => {
  const out = outDir();
  let a = '';
  let again = '';

  it('pairs two runs of one suite per task with the sign-flip test; its flips are the tasks that changed', async () => {
    const shared = await sharedAmbiguousRun();
    expect(shared.code).toBe(0);
    a = runLine(shared);
    again = await ambiguousRun(join(out, 'again'), '1');
    const ra = await readRecord(join(a, 'record.json'));
    const rb = await readRecord(join(again, 'record.json'));
    expect(rb.suite?.hash).toBe(ra.suite?.hash);
    const r = await compare(a, again, '--json');
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.err).toEqual([]);
    const doc = CompareResult.parse(JSON.parse(r.out.join('\n')));
    expect(doc.a.runId).toBe(ra.runId);
    expect(doc.b.runId).toBe(rb.runId);
    // The rates and intervals are the records' own blocks, never recomputed.
    expect(doc.a.firstTry).toEqual(ra.score?.firstTry);
    expect(doc.b.firstTry).toEqual(rb.score?.firstTry);
    const test = doc.measured?.test;
    if (test?.design !== 'paired') throw new Error(`expected a paired test, got ${test?.design}`);
    // Recounted here from the two records' per-task scores.
    const before = new Map(ra.score?.perTask.map((t) => [t.taskId, t.firstTry]));
    const diffs = (rb.score?.perTask ?? []).map((t) => t.firstTry - (before.get(t.taskId) ?? 0));
    const expected = signFlipExact(diffs, ra.prereg?.registration.construct.alpha);
    expect(test).toMatchObject({
      tasks: diffs.length,
      statistic: expected.statistic,
      pValue: expected.pValue,
    });
    expect(doc.measured?.flips).toHaveLength(diffs.filter((d) => d !== 0).length);
    expect(doc.measured?.verdict).toBe(
      !expected.rejects ? 'no detectable change' : expected.statistic > 0 ? 'better' : 'worse',
    );
    expect(doc.surface.same).toBe(true);
    expect(doc.surface.tools).toEqual({ added: [], removed: [], changed: [] });

    const text = await compare(a, again);
    expect(text.code).toBe(0);
    expect(text.out.join('\n')).toMatch(/test {8}paired per task, exact sign-flip test: \d+ tasks/);
    expect(text.out.join('\n')).toContain(`verdict     ${doc.measured?.verdict}`);
    const md = await compare(a, again, '--format', 'markdown');
    expect(md.code).toBe(0);
    expect(md.out.join('\n')).toContain(`**Verdict: ${doc.measured?.verdict}.**`);
  }, 600_000);

  it('compares a run at another seed (another suite) of the same server unpaired, by the interval', async () => {
    const other = await ambiguousRun(join(out, 'seed-2'), '2');
    const r = await compare(a, other, '--json');
    expect(r.code, r.err.join('\n')).toBe(0);
    const doc = CompareResult.parse(JSON.parse(r.out.join('\n')));
    const m = doc.measured;
    if (m === undefined) throw new Error(`not compared: ${doc.refusal?.detail}`);
    // Another seed registers another suite of the same server (its suite hash differs).
    expect(doc.b.suiteHash).not.toBe(doc.a.suiteHash);
    expect(m.test.design).toBe('unpaired');
    expect(m.flips).toEqual([]);
    expect(m.verdict).toBe(
      m.difference.upper < 0 ? 'worse' : m.difference.lower > 0 ? 'better' : 'no detectable change',
    );
    expect(m.difference.basis).toBe('clustered');
    expect(m.difference.lower).toBeLessThanOrEqual(m.difference.estimate);
    expect(m.difference.estimate).toBeCloseTo(
      (doc.b.firstTry?.wilson.point ?? 0) - (doc.a.firstTry?.wilson.point ?? 0),
      12,
    );
  }, 600_000);

  let served: RunningServer | undefined;
  afterAll(async () => served?.close());

  it('compares two runs published on a board by their URLs, as it compares the directories', async () => {
    const site = join(out, 'site');
    await buildSite({ runs: [a, again], out: site });
    served = await serveSite({ site, port: 0 });
    const url = async (dir: string) =>
      `${served?.url}runs/${(await readRecord(join(dir, 'record.json'))).runId}/`;
    const remote = await compare(await url(a), await url(again), '--json');
    expect(remote.code, remote.err.join('\n')).toBe(0);
    const local = await compare(a, again, '--json');
    const fromUrls = CompareResult.parse(JSON.parse(remote.out.join('\n')));
    const fromDirs = CompareResult.parse(JSON.parse(local.out.join('\n')));
    expect(fromUrls.measured).toEqual(fromDirs.measured);
    expect(fromUrls.a.runId).toBe(fromDirs.a.runId);
  }, 300_000);

  it('refuses another server in one line (exit 1)', async () => {
    const thin = await sharedThinRun();
    const r = await compare(a, runLine(thin));
    expect(r.code).toBe(1);
    expect(r.out).toHaveLength(1);
    expect(r.out[0]).toMatch(/^not compared \(different_servers\): different servers: A is .+, B is .+$/);
  }, 300_000);

  it('refuses a run whose signature is broken in one line (exit 1), and bad paths as usage errors', async () => {
    const broken = join(out, `broken-${basename(again)}`);
    cpSync(again, broken, { recursive: true });
    const sigPath = join(broken, 'signature.json');
    const sig = JSON.parse(readFileSync(sigPath, 'utf8')) as { signatures: { sig: string }[] };
    const first = sig.signatures[0];
    if (first === undefined) throw new Error('an unsigned run');
    first.sig = `${first.sig.startsWith('A') ? 'B' : 'A'}${first.sig.slice(1)}`;
    writeFileSync(sigPath, JSON.stringify(sig));
    const r = await compare(a, broken);
    expect(r.code).toBe(1);
    expect(r.out).toEqual([]);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(
      /^fitness-report compare: COMPARE_UNVERIFIED: B \(.+\) does not verify, so it is not compared: signature: /,
    );

    const same = await compare(a, a);
    expect(same.code).toBe(2);
    expect(same.err).toEqual([
      `fitness-report compare: USAGE: A and B are the same run (${a}): give two different runs`,
    ]);
    // A copy is the same run by its id: refused in one line, exit 2.
    const copy = join(out, 'copy');
    cpSync(a, copy, { recursive: true });
    const twice = await compare(a, copy);
    expect(twice.code).toBe(2);
    expect(twice.out).toHaveLength(1);
    expect(twice.out[0]).toMatch(/^not compared \(same_run\): A and B are the same run \(/);

    const missing = await compare(a, join(out, 'no-such-run'));
    expect(missing.code).toBe(2);
    expect(missing.err).toEqual([
      `fitness-report compare: USAGE: ${join(out, 'no-such-run')}: no such run directory`,
    ]);
    const one = await compare(a);
    expect(one.code).toBe(2);
    expect(one.err[0]).toMatch(/compare needs exactly two runs/);
  }, 120_000);
});
