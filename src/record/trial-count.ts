/**
 * How one ended trial counts in its phase: the one rule the record's counts, `verify`'s recount,
 * the live status block and the replay viewer all read (issue 33, item 6). Free of zod and of
 * node-only imports: the viewer bundles this file.
 *
 * - the nulls: k is the check passing; a null-random-args trial whose randomised call equalled the
 *   agent's own measured the real call and is not applicable (in neither k nor n);
 * - construct: k is the construct criterion; an oracle error stands beside the sample, not in n;
 * - the drive: k is first-try success (the published rate); every trial is in n;
 * - the screen: the check.
 *
 * A trial whose phase's fact is missing (a tape written before the fact was kept) is `not-recorded`,
 * never guessed from another fact.
 */

export const TRIAL_COUNTS = ['passed', 'failed', 'not-applicable', 'error', 'not-recorded'] as const;
export type TrialCount = (typeof TRIAL_COUNTS)[number];

/** The per-trial limits a trial can run into (the registered `agentLimits`): its steps, one call's output, its tokens, its time. */
export const TRIAL_BUDGETS = ['steps', 'output_tokens', 'token_budget', 'time'] as const;
export type TrialBudget = (typeof TRIAL_BUDGETS)[number];

/** The facts of a trial its count is made of: a TrialResult's, or the agent tape's `fitness.trial` event. */
export interface TrialFacts {
  phase: string;
  checkPassed: boolean;
  /** construct only. */
  constructPassed?: boolean | null | undefined;
  /** null-random-args only. */
  nullApplicable?: boolean | null | undefined;
  /** First-try success as the record's score counts it (`firstTrySuccess`). */
  firstTry?: boolean | undefined;
  /** Present when the trial could not complete (its kind on the tape, the error in the run). */
  oracleError?: unknown;
}

export function trialCount(t: TrialFacts): TrialCount {
  switch (t.phase) {
    case 'null-random-args':
      if (t.nullApplicable === false) return 'not-applicable';
      return t.checkPassed ? 'passed' : 'failed';
    case 'construct':
      if (t.oracleError !== undefined) return 'error';
      if (typeof t.constructPassed !== 'boolean') return 'not-recorded';
      return t.constructPassed ? 'passed' : 'failed';
    case 'drive':
      if (t.firstTry === undefined) return 'not-recorded';
      return t.firstTry ? 'passed' : 'failed';
    default:
      return t.checkPassed ? 'passed' : 'failed';
  }
}

/** A phase's trials as the record counts them: n = passed + failed. */
export interface PhaseCounts {
  passed: number;
  failed: number;
  /** null-random-args: trials that measured the real call. */
  notApplicable: number;
  /** construct: oracle errors, beside the sample. */
  errors: number;
  /** Trials whose tape predates the fact their phase counts by. */
  notRecorded: number;
}

export function noCounts(): PhaseCounts {
  return { passed: 0, failed: 0, notApplicable: 0, errors: 0, notRecorded: 0 };
}

const FIELD: Readonly<Record<TrialCount, keyof PhaseCounts>> = {
  passed: 'passed',
  failed: 'failed',
  'not-applicable': 'notApplicable',
  error: 'errors',
  'not-recorded': 'notRecorded',
};

/** The counts with one more trial counted. */
export function addCount(c: PhaseCounts, count: TrialCount): PhaseCounts {
  const field = FIELD[count];
  return { ...c, [field]: c[field] + 1 };
}

/** Every trial of one phase counted. */
export function phaseCounts(trials: readonly TrialFacts[]): PhaseCounts {
  return trials.reduce((c, t) => addCount(c, trialCount(t)), noCounts());
}

/** The trials a phase's counts hold, counted or not. */
export function countedTrials(c: PhaseCounts): number {
  return c.passed + c.failed + c.notApplicable + c.errors + c.notRecorded;
}

/**
 * The counts in words, the same on every screen: `0 passed, 12 failed · 4 not applicable` (the
 * nulls say what passing means in the record: the check; construct its criterion; the drive first try).
 */
export function countsText(c: PhaseCounts): string {
  return [
    `${c.passed} passed, ${c.failed} failed`,
    ...(c.notApplicable > 0 ? [`${c.notApplicable} not applicable`] : []),
    ...(c.errors > 0 ? [`${c.errors} oracle ${c.errors === 1 ? 'error' : 'errors'} (not counted)`] : []),
    ...(c.notRecorded > 0 ? [`${c.notRecorded} not recorded`] : []),
  ].join(' · ');
}

/**
 * The trials a null-baseline gate counted, out of every trial in tape order. The ceiling gate is
 * decided before the first construct trial, and an extension batch runs its own nulls only after
 * construct has started, so the ceiling gate saw exactly the nulls before the first construct trial;
 * a gate on a measured signal (reference, first try) reads every null the run ran.
 */
export function nullsSeenBy<T extends { phase: string }>(signalSource: string, trials: readonly T[]): T[] {
  const firstConstruct = trials.findIndex((t) => t.phase === 'construct');
  if (signalSource !== 'ceiling' || firstConstruct < 0) return [...trials];
  return trials.slice(0, firstConstruct);
}

/** A trial's facts with the limit it ran into, as the run holds it and the `fitness.trial` event carries it. */
export type BudgetFacts = TrialFacts & { exhausted?: string | null | undefined };

function isBudget(v: unknown): v is TrialBudget {
  return (TRIAL_BUDGETS as readonly unknown[]).includes(v);
}

/**
 * The trials that counted as failed and ended because a per-trial limit ran out, by limit: a failure
 * the agent never finished, which a larger registered budget might have turned into a pass.
 */
export function budgetEnded(trials: readonly BudgetFacts[]): Partial<Record<TrialBudget, number>> {
  const out: Partial<Record<TrialBudget, number>> = {};
  for (const t of trials) {
    if (trialCount(t) !== 'failed' || !isBudget(t.exhausted)) continue;
    out[t.exhausted] = (out[t.exhausted] ?? 0) + 1;
  }
  return out;
}
