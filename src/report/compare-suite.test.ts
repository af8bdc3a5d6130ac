import { describe, expect, it } from 'vitest';
import { digest, scoredRecord } from '../../test/support/compare-records.js';
import { compareRecords } from '../record/compare-build.js';
import { compareSuite } from './compare-suite.js';
import { junitXml } from './junit.js';

const SUITE = digest('5');
const TEN_STEADY = Array.from({ length: 10 }, () => 3);
const at = (minute: number) => `2026-11-01T12:${String(minute).padStart(2, '0')}:00Z`;
const baseline = scoredRecord({
  startedAt: at(0),
  suiteHash: SUITE,
  successes: [3, 3, 3, 3, 3, 3, ...TEN_STEADY],
});

describe('compareSuite: the comparison as a CI suite', () => {
  it('fails the regression case on a worse verdict, with a case per flipped task (a fall fails, a rise passes)', () => {
    const b = scoredRecord({
      startedAt: at(1),
      suiteHash: SUITE,
      successes: [0, 0, 0, 0, 0, 0, ...TEN_STEADY],
    });
    const suite = compareSuite(compareRecords(baseline, b));
    expect(suite.verdict).toBe('finding');
    expect(suite.cases[0]).toMatchObject({ group: 'compare', name: 'regression', status: 'failed' });
    expect(suite.cases[0]?.reason).toMatch(
      /^worse: B − A −37\.5 points \(95% −\d+\.\d to [−+]?\d+\.\d\); paired sign-flip test over 16 tasks \(0 rose, 6 fell\), p = 0\.03125 at alpha 0\.05$/,
    );
    expect(suite.cases.slice(1).map((c) => [c.group, c.name, c.status])).toEqual(
      ['t1', 't2', 't3', 't4', 't5', 't6'].map((t) => ['flip', t, 'failed']),
    );
    expect(suite.properties).toContainEqual(['verdict', 'worse']);
    const rose = compareSuite(compareRecords(b, baseline));
    expect(rose.verdict).toBe('ok');
    expect(rose.cases.map((c) => c.status)).toEqual(Array.from({ length: 7 }, () => 'passed'));
  });

  it('skips the regression case when the runs were not compared, saying it is not a regression', () => {
    const other = scoredRecord({ startedAt: at(2), runner: 'openai:gpt-5', successes: TEN_STEADY });
    const suite = compareSuite(compareRecords(baseline, other));
    expect(suite.verdict).toBe('error');
    expect(suite.headline).toMatch(/^not compared \(runner\): different runner models: /);
    expect(suite.cases).toEqual([
      expect.objectContaining({
        name: 'regression',
        status: 'skipped',
        reason: expect.stringMatching(/^not compared, not a regression: /),
      }),
    ]);
    expect(junitXml([suite])).toContain('<skipped message="not compared, not a regression: ');
  });
});
