import { z } from 'zod';
import { Count } from '../record/common.js';
import { ScreenCounts as RecordedScreenCounts } from '../record/identity.js';
import { evaluateCheck } from './checks.js';
import type { Task } from './schema.js';

/** What the runner model answered with no tools and no server (the calls happen elsewhere). */
export interface ScreenAnswer {
  id: string;
  answer?: string;
  error?: string;
  usage?: { inputTokens: number; outputTokens: number };
}

export interface ScreenOutcome {
  id: string;
  verdict: 'deleted' | 'kept' | 'error' | 'not-applicable';
  detail: string;
  answer?: string;
}

/**
 * What the screen counted, as suite.json carries it: the run record's counts (screened, deleted,
 * errors) with the ones only the suite keeps, and its tokens split into input and output where the
 * record holds their sum.
 */
export const ScreenCounts = RecordedScreenCounts.omit({ tokens: true }).extend({
  kept: Count,
  notApplicable: Count,
  /** Present only when every screen call reported usage. */
  tokens: z.looseObject({ input: Count, output: Count }).optional(),
  tokensMissingReason: z.string().optional(),
});
export type ScreenCounts = z.infer<typeof ScreenCounts>;

export interface ScreenResult {
  outcomes: ScreenOutcome[];
  deleted: string[];
  counts: ScreenCounts;
}

/**
 * The generation-time null screen (docs/design.md §5.4), pure part: a candidate whose check passes on an
 * answer given with no tools is answerable without the server and is deleted. A failed screen
 * call keeps the candidate (we have no evidence against it) and is counted as an error. `state`
 * checks read the server, not the answer, so the screen does not apply to them.
 */
export function applyScreen(tasks: readonly Task[], answers: readonly ScreenAnswer[]): ScreenResult {
  const byId = new Map(answers.map((answer) => [answer.id, answer]));
  const outcomes = tasks.map((task): ScreenOutcome => {
    if (task.check.kind === 'state')
      return { id: task.id, verdict: 'not-applicable', detail: 'state checks do not read the answer' };
    const answer = byId.get(task.id);
    if (answer === undefined) return { id: task.id, verdict: 'error', detail: 'no screen answer' };
    if (answer.error !== undefined || answer.answer === undefined) {
      return {
        id: task.id,
        verdict: 'error',
        detail: `screen call failed: ${answer.error ?? 'no answer text'}`,
      };
    }
    const result = evaluateCheck(task.check, { answer: answer.answer });
    return result.pass
      ? {
          id: task.id,
          verdict: 'deleted',
          detail: `answered without tools: ${result.detail}`,
          answer: answer.answer,
        }
      : { id: task.id, verdict: 'kept', detail: result.detail };
  });
  const count = (verdict: ScreenOutcome['verdict']) => outcomes.filter((o) => o.verdict === verdict).length;
  const counts: ScreenCounts = {
    screened: outcomes.filter((o) => o.verdict !== 'not-applicable').length,
    deleted: count('deleted'),
    kept: count('kept'),
    errors: count('error'),
    notApplicable: count('not-applicable'),
  };
  const asked = tasks.filter((task) => task.check.kind !== 'state').map((task) => byId.get(task.id));
  const withoutUsage = asked.filter((answer) => answer?.usage === undefined).length;
  if (withoutUsage === 0) {
    counts.tokens = {
      input: asked.reduce((sum, a) => sum + (a?.usage?.inputTokens ?? 0), 0),
      output: asked.reduce((sum, a) => sum + (a?.usage?.outputTokens ?? 0), 0),
    };
  } else {
    counts.tokensMissingReason = `${withoutUsage} screen call(s) reported no usage`;
  }
  return { outcomes, deleted: outcomes.filter((o) => o.verdict === 'deleted').map((o) => o.id), counts };
}
