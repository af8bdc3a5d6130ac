import type { Pool } from '../record/extension.js';
import type { ConstructInput, RateParams } from '../record/gate-input.js';
import { TRIAL_BUDGETS, type TrialBudget } from '../record/trial-count.js';
import { constructStep } from './construct-step.js';
import { GateInputError, inputs } from './errors.js';
import { plural } from './format.js';

/** Where each per-trial limit is registered: `run`'s flag, or the pre-registration's field when no flag sets it. */
const FLAG: Readonly<Record<TrialBudget, string>> = {
  steps: '--max-steps',
  output_tokens: 'agentLimits.maxOutputTokens',
  token_budget: '--token-budget',
  time: '--trial-timeout',
};

const WORDS: Readonly<Record<TrialBudget, string>> = {
  steps: 'its steps',
  output_tokens: 'one call’s output tokens',
  token_budget: 'its token budget',
  time: 'its time',
};

export interface BudgetReading {
  /** Failed trials of the final pool that ended on a per-trial limit. */
  ended: number;
  /** Whether the refusal rests on them: had each passed, the last step would have passed. */
  decisive: boolean;
  explain: string;
}

/**
 * The reference's failures that ended because a per-trial limit ran out, read against the final
 * pool. A construct refusal that would have been a PASS had every one of them passed rests on the
 * budget the registration set, not on the server: the gate then refuses with `reference_out_of_budget`.
 */
export function readBudgetEnded(
  input: Pick<ConstructInput, 'budgetEnded'>,
  pool: Pool,
  params: RateParams,
  share: number,
): BudgetReading | undefined {
  const by = input.budgetEnded;
  if (by === undefined) return undefined;
  const v = inputs('construct');
  const counts = TRIAL_BUDGETS.flatMap((b) =>
    by[b] === undefined ? [] : [[b, v.positive(`budgetEnded.${b}`, by[b])] as const],
  );
  const ended = counts.reduce((sum, [, n]) => sum + n, 0);
  if (ended > pool.n - pool.k)
    throw new GateInputError(
      'construct',
      'budgetEnded',
      `at most the ${pool.n - pool.k} failed trials`,
      ended,
    );
  if (ended === 0) return undefined;
  const asPassed = constructStep({ ...pool, k: pool.k + ended }, params, share);
  const decisive = asPassed.verdict === 'PASS';
  const which = counts.map(([b, n]) => `${n} on ${WORDS[b]} (${FLAG[b]})`).join(', ');
  const head = ` ${plural(ended, 'failed reference trial')} of ${pool.n - pool.k} ended because a per-trial limit ran out before the agent answered: ${which}.`;
  const tail = decisive
    ? ` Had they passed, the reference would have had ${pool.k + ended} of ${pool.n}: ${asPassed.verdict}, so this refusal rests on trials the registration's per-trial limits cut short, and is not a finding about the server.`
    : ` Even had they passed, ${pool.k + ended} of ${pool.n} would be ${asPassed.verdict}, not PASS, so the refusal does not rest on the budget alone.`;
  return { ended, decisive, explain: head + tail };
}
