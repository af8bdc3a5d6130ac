import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtureRecord } from '../../test/support/board/records.js';
import { digest, scoredRecord } from '../../test/support/compare-records.js';
import { FLIPPING_TASKS } from '../../test/support/paired-tasks.js';
import { newcombeHybrid } from '../stats/newcombe.js';
import { CompareResult } from './compare.js';
import { compareRecords } from './compare-build.js';
import { parseRecord } from './io.js';

const SUITE = digest('5');
const TEN_STEADY = Array.from({ length: 10 }, () => 3);
const at = (minute: number) => `2026-11-01T12:${String(minute).padStart(2, '0')}:00Z`;

describe('compareRecords: the same suite under the same runner is paired per task', () => {
  it('six tasks rising from 0/3 to 3/3 among 16 is better: p = 2/64 from the sign-flip test', () => {
    const a = scoredRecord({
      startedAt: at(0),
      suiteHash: SUITE,
      successes: [0, 0, 0, 0, 0, 0, ...TEN_STEADY],
    });
    const b = scoredRecord({
      startedAt: at(1),
      suiteHash: SUITE,
      successes: [3, 3, 3, 3, 3, 3, ...TEN_STEADY],
    });
    const r = compareRecords(a, b);
    expect(r.refusal).toBeUndefined();
    const m = r.measured;
    expect(m?.test.design).toBe('paired');
    expect(m?.test).toMatchObject({ tasks: 16, nonZero: 6, rose: 6, fell: 0, statistic: 18, pValue: 2 / 64 });
    expect(m?.verdict).toBe('better');
    expect(m?.flips.map((f) => [f.taskId, f.a, f.b])).toEqual(
      ['t1', 't2', 't3', 't4', 't5', 't6'].map((t) => [t, 0, 3]),
    );
    // The reverse is worse, with the same p.
    const back = compareRecords(b, a).measured;
    expect(back?.verdict).toBe('worse');
    expect(back?.test.pValue).toBe(2 / 64);
  });

  it('the rerun fixture (two tasks flip 0/3 → 3/3) is no detectable change: p = 0.5, not trial-level 0.031', () => {
    const a = scoredRecord({
      startedAt: at(0),
      suiteHash: SUITE,
      successes: FLIPPING_TASKS.map((t) => t.original),
    });
    const b = scoredRecord({
      startedAt: at(1),
      suiteHash: SUITE,
      successes: FLIPPING_TASKS.map((t) => t.rewritten),
    });
    const m = compareRecords(a, b).measured;
    expect(m?.test).toMatchObject({ design: 'paired', tasks: 4, nonZero: 2, pValue: 0.5, rejects: false });
    expect(m?.verdict).toBe('no detectable change');
    expect(m?.flips).toHaveLength(2);
  });

  it('reads both rates and their intervals from the records, and draws B − A from the clustered limits', () => {
    const a = scoredRecord({ startedAt: at(0), suiteHash: SUITE, successes: [2, 1, 3, 0, ...TEN_STEADY] });
    const b = scoredRecord({ startedAt: at(1), suiteHash: SUITE, successes: [3, 1, 2, 3, ...TEN_STEADY] });
    const r = compareRecords(a, b);
    expect(r.a.firstTry).toEqual(a.score?.firstTry);
    expect(r.b.firstTry).toEqual(b.score?.firstTry);
    const ca = a.score?.firstTry.clustered?.wilson;
    const cb = b.score?.firstTry.clustered?.wilson;
    if (!ca || !cb) throw new Error('the fixture records carry clustered intervals');
    const d = newcombeHybrid(ca, cb);
    expect(r.measured?.difference).toEqual({
      method: expect.stringContaining('Newcombe'),
      estimate: d.difference,
      lower: d.lower,
      upper: d.upper,
      confidence: 0.95,
      basis: 'clustered',
    });
  });
});

describe('compareRecords: different suites of one server are unpaired (Newcombe on effective n)', () => {
  it('15/16 tasks then 4/16 is worse: the whole interval lies below 0', () => {
    const a = scoredRecord({
      startedAt: at(0),
      suiteHash: digest('a'),
      successes: [...Array(15).fill(3), 0],
    });
    const b = scoredRecord({
      startedAt: at(1),
      suiteHash: digest('b'),
      successes: [...Array(4).fill(3), ...Array(12).fill(0)],
    });
    const m = compareRecords(a, b).measured;
    expect(m?.test.design).toBe('unpaired');
    expect(m?.difference.upper).toBeLessThan(0);
    expect(m?.verdict).toBe('worse');
    expect(m?.test.pValue).toBeLessThan(0.05);
    expect(m?.flips).toEqual([]);
  });

  it('12/16 then 11/16 tasks is no detectable change: the interval covers 0, p ≥ alpha', () => {
    const a = scoredRecord({
      startedAt: at(0),
      suiteHash: digest('a'),
      successes: [...Array(12).fill(3), 0, 0, 0, 0],
    });
    const b = scoredRecord({
      startedAt: at(1),
      suiteHash: digest('b'),
      successes: [...Array(11).fill(3), 0, 0, 0, 0, 0],
    });
    const m = compareRecords(a, b).measured;
    expect(m?.difference.lower).toBeLessThan(0);
    expect(m?.difference.upper).toBeGreaterThan(0);
    expect(m?.verdict).toBe('no detectable change');
    expect(m?.test.pValue).toBeGreaterThanOrEqual(0.05);
  });

  it('draws the interval at the registered alpha: 0.01 gives a wider one than 0.05', () => {
    const pair = (alpha: number) =>
      compareRecords(
        scoredRecord({
          startedAt: at(0),
          suiteHash: digest('a'),
          alpha,
          successes: [...Array(12).fill(3), 0, 0, 0, 0],
        }),
        scoredRecord({
          startedAt: at(1),
          suiteHash: digest('b'),
          alpha,
          successes: [...Array(8).fill(3), ...Array(8).fill(0)],
        }),
      ).measured?.difference;
    const wide = pair(0.01);
    const narrow = pair(0.05);
    expect(wide?.confidence).toBe(0.99);
    expect(wide?.lower).toBeLessThan(narrow?.lower ?? 0);
    expect(wide?.upper).toBeGreaterThan(narrow?.upper ?? 0);
  });
});

describe('compareRecords: refusals, one line each, the first in a fixed order', () => {
  const a = scoredRecord({ startedAt: at(0), successes: TEN_STEADY });

  it('the same run twice', () => {
    const r = compareRecords(a, a);
    expect(r.refusal?.reason).toBe('same_run');
    expect(r.refusal?.detail).toBe(`A and B are the same run (${a.runId}): give two different runs`);
    expect(r.measured).toBeUndefined();
  });

  it('records of different versions', () => {
    const v1 = parseRecord(readFileSync(new URL('./fixtures/v1-scored.json', import.meta.url), 'utf8'), 'v1');
    const r = compareRecords(v1, a);
    expect(r.refusal).toEqual({
      reason: 'record_version',
      detail: 'different record versions: A fitness-report.run/1, B fitness-report.run/2',
    });
  });

  it('a VOID run', () => {
    const v = fixtureRecord('void', { slug: 'acme-notes', startedAt: at(5) });
    const r = compareRecords(a, v);
    expect(r.refusal?.reason).toBe('void');
    expect(r.refusal?.detail).toBe(`B (${v.runId}) is VOID: a VOID run measured nothing to compare`);
  });

  it('two servers: different names and surface digests; one name with another surface is compared', () => {
    const other = scoredRecord({
      slug: 'other-server',
      startedAt: at(1),
      digest: digest('e'),
      successes: TEN_STEADY,
    });
    const r = compareRecords(a, other);
    expect(r.refusal?.reason).toBe('different_servers');
    expect(r.refusal?.detail).toMatch(
      /^different servers: A is fixture acme-notes \(surface [0-9a-f]{12}…\), B is fixture other-server \(surface eeeeeeeeeeee…\)$/,
    );
    const changed = scoredRecord({ startedAt: at(1), digest: digest('e'), successes: TEN_STEADY });
    expect(compareRecords(a, changed).refusal).toBeUndefined();
  });

  it('different runner models, generators or registered alphas, naming both values', () => {
    const runner = scoredRecord({ startedAt: at(1), runner: 'anthropic:claude-test', successes: TEN_STEADY });
    expect(compareRecords(a, runner).refusal).toEqual({
      reason: 'runner',
      detail: 'different runner models: A heuristic, B anthropic:claude-test',
    });
    const generator = scoredRecord({
      startedAt: at(1),
      generator: { name: 'explore', version: '2' },
      successes: TEN_STEADY,
    });
    expect(compareRecords(a, generator).refusal).toEqual({
      reason: 'generator',
      detail: 'different generators: A explore/1, B explore/2',
    });
    const alpha = scoredRecord({ startedAt: at(1), alpha: 0.01, successes: TEN_STEADY });
    expect(compareRecords(a, alpha).refusal).toEqual({
      reason: 'alpha',
      detail: 'different registered alphas: A 0.05, B 0.01',
    });
  });

  it('a run a gate refused has no rate to compare, and its gate changes are still listed', () => {
    const refused = fixtureRecord('construct-fail', { slug: 'acme-notes', startedAt: at(2) });
    const r = compareRecords(a, refused);
    expect(r.refusal?.reason).toBe('not_scored');
    expect(r.refusal?.detail).toBe(
      `B (${refused.runId}) is GATE_FAILED: a run a gate refused has no first-try rate to compare`,
    );
    expect(r.gates).toContainEqual({ gate: 'construct', a: 'PASS', b: 'FAIL' });
    expect(CompareResult.safeParse(r).success).toBe(true);
  });
});

describe('compareRecords: what changed beside the rate', () => {
  it('lists tools added, removed and changed by their per-tool digests', () => {
    const a = scoredRecord({
      startedAt: at(0),
      digest: digest('1'),
      successes: TEN_STEADY,
      tools: { keep: digest('a'), edit: digest('b'), gone: digest('c') },
    });
    const b = scoredRecord({
      startedAt: at(1),
      digest: digest('2'),
      successes: TEN_STEADY,
      tools: { keep: digest('a'), edit: digest('d'), fresh: digest('e') },
    });
    expect(compareRecords(a, b).surface).toEqual({
      same: false,
      a: digest('1'),
      b: digest('2'),
      tools: { added: ['fresh'], removed: ['gone'], changed: ['edit'] },
    });
  });

  it('says so when a record keeps no per-tool digests', () => {
    const a = scoredRecord({ startedAt: at(0), successes: TEN_STEADY });
    const b = scoredRecord({ startedAt: at(1), successes: TEN_STEADY, tools: { keep: digest('a') } });
    const s = compareRecords(a, b).surface;
    expect(s.tools).toBeUndefined();
    expect(s.toolsNotRecorded).toMatch(/^A lists no per-tool digests/);
  });

  it('lists the probes whose result changed, a probe one run did not make as absent on its side', () => {
    const pass = { applies: true, detail: 'd', evidence: {}, tapeRefs: [] };
    const a = scoredRecord({
      startedAt: at(0),
      successes: TEN_STEADY,
      probes: [
        { id: 'p1', pass: true, ...pass },
        { id: 'p2', pass: true, ...pass },
      ],
    });
    const b = scoredRecord({
      startedAt: at(1),
      successes: TEN_STEADY,
      probes: [
        { id: 'p1', pass: true, ...pass },
        { id: 'p2', pass: false, ...pass },
        { id: 'p3', pass: null, ...pass },
      ],
    });
    expect(compareRecords(a, b).probes).toEqual([
      { id: 'p2', a: 'pass', b: 'fail' },
      { id: 'p3', b: 'could not check' },
    ]);
  });
});

describe('CompareResult', () => {
  it('rejects a verdict the test does not give', () => {
    const a = scoredRecord({
      startedAt: at(0),
      suiteHash: SUITE,
      successes: [0, 0, 0, 0, 0, 0, ...TEN_STEADY],
    });
    const b = scoredRecord({
      startedAt: at(1),
      suiteHash: SUITE,
      successes: [3, 3, 3, 3, 3, 3, ...TEN_STEADY],
    });
    const r = compareRecords(a, b);
    const bad = { ...r, measured: { ...r.measured, verdict: 'worse' } };
    const parsed = CompareResult.safeParse(bad);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('expected better, from the test');
  });
});
