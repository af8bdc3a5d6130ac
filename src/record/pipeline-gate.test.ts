import { describe, expect, it } from 'vitest';
import { digest, scoredRecord } from '../../test/support/compare-records.js';
import { compareRecords } from './compare-build.js';
import { gateDecision, PipelineGate } from './pipeline-gate.js';
import { RunReport, runReport } from './result.js';
import type { RunRecord } from './run.js';

const SUITE = digest('5');
const TEN_STEADY = Array.from({ length: 10 }, () => 3);
const at = (minute: number) => `2026-11-01T12:${String(minute).padStart(2, '0')}:00Z`;
const where = { dir: '/runs/x', recordPath: '/runs/x/record.json', recordSha256: 'a'.repeat(64) };
const report = (r: RunRecord) => runReport(r, where);

const baseline = scoredRecord({
  startedAt: at(0),
  suiteHash: SUITE,
  successes: [3, 3, 3, 3, 3, 3, ...TEN_STEADY],
});
/** Six of sixteen tasks fall from 3/3 to 0/3: p = 2/64, worse at 0.05. */
const regressed = scoredRecord({
  startedAt: at(1),
  suiteHash: SUITE,
  successes: [0, 0, 0, 0, 0, 0, ...TEN_STEADY],
});
/** Two tasks fall: p = 0.5, no detectable change (noise, not evidence). */
const noisy = scoredRecord({
  startedAt: at(2),
  suiteHash: SUITE,
  successes: [0, 0, 3, 3, 3, 3, ...TEN_STEADY],
});

describe('gateDecision: --fail-on regression fails only on a worse verdict', () => {
  it('exits 1 on a worse verdict from the paired test, naming the test and its p-value', () => {
    const compared = compareRecords(baseline, regressed);
    expect(compared.measured?.verdict).toBe('worse');
    const g = gateDecision(report(regressed), { compared }, { failOn: 'regression' });
    expect(g.exitCode).toBe(1);
    expect(g.failures).toHaveLength(1);
    expect(g.failures[0]).toMatch(
      /^regression: worse than baseline .+ \(paired sign-flip test over tasks, p = 0\.03125 at alpha 0\.05/,
    );
    expect(PipelineGate.parse(g)).toEqual(g);
  });

  it('exits 0 on no detectable change, even when the point estimate fell', () => {
    const compared = compareRecords(baseline, noisy);
    expect(compared.measured?.difference.estimate).toBeLessThan(0);
    expect(compared.measured?.verdict).toBe('no detectable change');
    expect(gateDecision(report(noisy), { compared }, { failOn: 'regression' })).toMatchObject({
      exitCode: 0,
      failures: [],
      notes: [],
    });
  });

  it('without --fail-on, a worse verdict is reported, not failed', () => {
    const compared = compareRecords(baseline, regressed);
    expect(gateDecision(report(regressed), { compared }, {}).exitCode).toBe(0);
  });

  it('a refused comparison is a note, never a regression: the run exit code stands', () => {
    const other = scoredRecord({
      startedAt: at(3),
      runner: 'openai:gpt-5',
      successes: [0, 0, 0, 0, 0, 0, ...TEN_STEADY],
    });
    const compared = compareRecords(baseline, other);
    expect(compared.refusal?.reason).toBe('runner');
    const g = gateDecision(report(other), { compared }, { failOn: 'regression' });
    expect(g.exitCode).toBe(0);
    expect(g.failures).toEqual([]);
    expect(g.notes).toEqual([
      expect.stringMatching(/^baseline not compared \(runner\): .+; a refusal to compare, not a regression$/),
    ]);
  });

  it('a baseline that could not be verified or fetched fails the gate asked for, and is a note otherwise', () => {
    const unavailable = { unavailable: 'A (/b) does not verify: signature: bad' };
    expect(gateDecision(report(regressed), unavailable, { failOn: 'regression' })).toMatchObject({
      exitCode: 1,
      failures: ['baseline: A (/b) does not verify: signature: bad'],
    });
    expect(gateDecision(report(regressed), unavailable, {})).toMatchObject({
      exitCode: 0,
      notes: ['baseline not compared: A (/b) does not verify: signature: bad'],
    });
  });
});

describe('gateDecision: --fail-under reads the record clustered lower bound', () => {
  it('exits 1 when the clustered lower bound is below P, 0 when it is not', () => {
    const r = report(noisy);
    const lower = r.firstTry?.clustered?.wilson.lower ?? Number.NaN;
    expect(lower).toBeLessThan(r.firstTry?.wilson.lower ?? 0);
    const below = gateDecision(r, undefined, { failUnder: lower + 0.001 });
    expect(below.exitCode).toBe(1);
    expect(below.failures[0]).toMatch(
      /^fail-under: first-try clustered lower bound \d+\.\d% is below \d+\.\d%$/,
    );
    expect(gateDecision(r, undefined, { failUnder: lower }).exitCode).toBe(0);
  });

  it('a run that is not SCORED keeps its own exit code, and no threshold is judged', () => {
    const refused = RunReport.parse({
      ...report(noisy),
      outcome: 'INSUFFICIENT_SURFACE',
      exitCode: 1,
      firstTry: undefined,
      tasks: undefined,
    });
    const g = gateDecision(refused, { unavailable: 'x' }, { failOn: 'regression', failUnder: 0.99 });
    expect(g).toMatchObject({ exitCode: 1, failures: [], failOn: 'regression', failUnder: 0.99 });
    expect(g.notes).toEqual([
      'the run is INSUFFICIENT_SURFACE: its own exit code stands, no threshold is judged',
    ]);
    const voided = { ...refused, outcome: 'VOID' as const, exitCode: 3 as const };
    expect(gateDecision(voided, undefined, { failUnder: 0.5 }).exitCode).toBe(3);
  });
});
