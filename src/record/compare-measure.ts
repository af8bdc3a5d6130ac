import { newcombeHybrid, newcombePValue, type RateLimits } from '../stats/newcombe.js';
import { signFlipExact } from '../stats/sign-flip.js';
import { wilsonAt } from '../stats/wilson.js';
import {
  COMPARE_PAIRED_METHOD,
  type CompareVerdict,
  type Difference,
  type Measured,
  NEWCOMBE_METHOD,
  type TaskFlip,
} from './compare.js';
import type { ScoreBlock } from './score.js';

/** One SCORED run as the measurement reads it. */
export interface ScoredSide {
  suiteHash?: string;
  score: ScoreBlock;
}

type Rate = ScoreBlock['firstTry'];

/** The rate's limits at 1 − alpha: the record's own when it holds that level, else drawn at its size. */
function limitsOf(rate: Rate, basis: Difference['basis'], confidence: number): RateLimits {
  const stored = basis === 'clustered' && rate.clustered ? rate.clustered.wilson : rate.wilson;
  if (Math.abs(stored.confidence - confidence) < 1e-12) return stored;
  const n = sizeOf(rate, basis);
  return wilsonAt(stored.point, n, confidence, { none: rate.k === 0, all: rate.k === rate.n });
}

function sizeOf(rate: Rate, basis: Difference['basis']): number {
  return basis === 'clustered' && rate.clustered ? rate.clustered.nEff : rate.n;
}

/** B − A with its 1 − alpha Newcombe interval, on effective sizes when both records hold them. */
export function differenceOf(a: Rate, b: Rate, alpha: number): Difference {
  const basis = a.clustered && b.clustered ? 'clustered' : 'plain';
  const confidence = 1 - alpha;
  const d = newcombeHybrid(limitsOf(a, basis, confidence), limitsOf(b, basis, confidence));
  return {
    method: NEWCOMBE_METHOD,
    estimate: d.difference,
    lower: d.lower,
    upper: d.upper,
    confidence,
    basis,
  };
}

function verdictOf(rejects: boolean, direction: number): CompareVerdict {
  if (!rejects) return 'no detectable change';
  return direction > 0 ? 'better' : 'worse';
}

/** The tasks both runs drove with the same reps, as pairs; with how many of each run are left over. */
export function pairTasks(a: ScoreBlock, b: ScoreBlock): { pairs: TaskFlip[]; aOnly: number; bOnly: number } {
  const inB = new Map(b.perTask.map((t) => [t.taskId, t]));
  const pairs = a.perTask.flatMap((t) => {
    const other = inB.get(t.taskId);
    if (other === undefined || other.reps !== t.reps) return [];
    return [
      {
        taskId: t.taskId,
        reps: t.reps,
        a: t.firstTry,
        b: other.firstTry,
        difference: other.firstTry - t.firstTry,
      },
    ];
  });
  return { pairs, aOnly: a.perTask.length - pairs.length, bOnly: b.perTask.length - pairs.length };
}

function paired(a: ScoredSide, b: ScoredSide, alpha: number, difference: Difference): Measured | undefined {
  const { pairs, aOnly, bOnly } = pairTasks(a.score, b.score);
  if (pairs.length === 0) return undefined;
  const r = signFlipExact(
    pairs.map((p) => p.difference),
    alpha,
  );
  const flips = pairs.filter((p) => p.difference !== 0);
  return {
    difference,
    test: {
      design: 'paired',
      method: COMPARE_PAIRED_METHOD,
      tasks: r.tasks,
      nonZero: r.nonZero,
      rose: r.rose,
      fell: r.fell,
      statistic: r.statistic,
      pValue: r.pValue,
      alpha,
      rejects: r.rejects,
      unpairedTasks: { aOnly, bOnly },
      statement: `The same suite under the same runner: each of the ${r.tasks} tasks both runs drove is a pair, and the test reads only the ${r.nonZero} whose first-try successes changed. The trial-level McNemar test is not used: a task's reps are not independent trials. The interval of the difference does not use the pairing and is shown for reading; the test decides.`,
    },
    verdict: verdictOf(r.rejects, r.statistic),
    flips,
  };
}

function unpaired(a: ScoredSide, b: ScoredSide, alpha: number, difference: Difference): Measured {
  const fa = a.score.firstTry;
  const fb = b.score.firstTry;
  const rejects = difference.lower > 0 || difference.upper < 0;
  const pValue = newcombePValue(
    { point: fa.wilson.point, n: sizeOf(fa, difference.basis) },
    { point: fb.wilson.point, n: sizeOf(fb, difference.basis) },
  );
  const why =
    a.suiteHash === b.suiteHash
      ? 'The same suite, but no task was driven with the same reps in both runs'
      : 'Different suites of one server';
  return {
    difference,
    test: {
      design: 'unpaired',
      method: NEWCOMBE_METHOD,
      // Agrees with the interval (p < alpha exactly when it excludes 0) up to the bisection's 1e-13 in z.
      pValue,
      alpha,
      rejects,
      statement: `${why}: the two rates are independent samples, and the ${Math.round(difference.confidence * 1000) / 10}% interval of B − A decides: worse only when it lies wholly below 0, better only when wholly above. The p-value is the interval inverted (the smallest alpha at which it excludes 0).`,
    },
    verdict: verdictOf(rejects, difference.estimate),
    flips: [],
  };
}

/** B against A, both SCORED under one runner and alpha: paired per task on one suite, else unpaired. */
export function measure(a: ScoredSide, b: ScoredSide, alpha: number): Measured {
  const difference = differenceOf(a.score.firstTry, b.score.firstTry, alpha);
  const same = a.suiteHash !== undefined && a.suiteHash === b.suiteHash;
  return (same ? paired(a, b, alpha, difference) : undefined) ?? unpaired(a, b, alpha, difference);
}
