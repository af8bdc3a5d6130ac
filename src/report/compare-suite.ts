import type { CompareResult, Measured, TaskFlip } from '../record/compare.js';
import type { CiCase, CiSuite } from './model.js';

/**
 * `run --baseline`: the comparison of the new run (B) with its baseline (A) as a CI suite. One case,
 * `regression`, fails exactly when the verdict is `worse` (the compare test at the registered alpha)
 * and is skipped when the two runs were not compared; every task that flipped is a case of its own,
 * failing when it fell. Every number is the comparison document's.
 */

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const points = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x * 100).toFixed(1)}`;
const p = (x: number) => String(Number(x.toPrecision(4)));

function testWords(m: Measured): string {
  const t = m.test;
  return t.design === 'paired'
    ? `paired sign-flip test over ${t.tasks} tasks (${t.rose} rose, ${t.fell} fell), p = ${p(t.pValue)} at alpha ${t.alpha}`
    : `unpaired Newcombe interval (different suites), p = ${p(t.pValue)} at alpha ${t.alpha}`;
}

/** `worse: B − A −56.3 points (95% −76.9 to −26.1); unpaired Newcombe interval …`, or why not compared. */
function compareHeadline(r: CompareResult): string {
  const m = r.measured;
  if (m === undefined) return `not compared (${r.refusal?.reason ?? 'refused'}): ${r.refusal?.detail ?? ''}`;
  const d = m.difference;
  const level = Math.round(d.confidence * 1000) / 10;
  return `${m.verdict}: B − A ${points(d.estimate)} points (${level}% ${points(d.lower)} to ${points(d.upper)}); ${testWords(m)}`;
}

function regressionCase(r: CompareResult): CiCase {
  const base = { group: 'compare', name: 'regression', evidence: [] };
  if (r.measured === undefined)
    return {
      ...base,
      status: 'skipped',
      reason: `not compared, not a regression: ${r.refusal?.detail ?? ''}`,
    };
  if (r.measured.verdict !== 'worse') return { ...base, status: 'passed' };
  return { ...base, status: 'failed', reason: compareHeadline(r) };
}

const flipCase = (f: TaskFlip): CiCase => ({
  group: 'flip',
  name: f.taskId,
  status: f.difference < 0 ? 'failed' : 'passed',
  reason: `first try on ${f.a} of ${f.reps} trials in A, ${f.b} of ${f.reps} in B`,
  evidence: [],
});

export function compareSuite(r: CompareResult): CiSuite {
  const m = r.measured;
  return {
    name: `fitness-report compare ${r.a.runId} ${r.b.runId}`,
    headline: compareHeadline(r),
    verdict: m === undefined ? 'error' : m.verdict === 'worse' ? 'finding' : 'ok',
    properties: [
      ['baseline', r.a.runId],
      ['run', r.b.runId],
      ...(m === undefined
        ? ([['not compared', r.refusal?.reason ?? '']] as [string, string][])
        : ([
            ['verdict', m.verdict],
            ['design', m.test.design],
            ['p-value', String(m.test.pValue)],
            ['alpha', String(m.test.alpha)],
            ['difference', String(m.difference.estimate)],
            ['difference lower', String(m.difference.lower)],
            ['difference upper', String(m.difference.upper)],
            ['A first try', r.a.firstTry ? pct(r.a.firstTry.wilson.point) : 'none'],
            ['B first try', r.b.firstTry ? pct(r.b.firstTry.wilson.point) : 'none'],
          ] as [string, string][])),
    ],
    cases: [regressionCase(r), ...(m?.flips ?? []).map(flipCase)],
    notes: [],
  };
}
