import type { ScoreBlock } from '../../record/index.js';
import { count } from '../format.js';
import { html, type SafeHtml } from '../html.js';

type Rate = ScoreBlock['firstTry'];

/** What ρ̂'s bound means for the reader, in words (the record's own reason code beside it). */
const BOUND_WORDS = {
  one_rep: 'one rep per task, so trials are tasks',
  one_task: 'one task',
  reps_agree: 'every task’s reps agreed, so each task counts once',
  below_zero: 'reps varied as much within tasks as between them; no design effect taken',
} as const;

/**
 * The design as it is: "16 tasks × 3 reps", or, under a deterministic runner whose reps all agreed,
 * "16 tasks × 3 identical reps (deterministic runner)", read from the record's score.
 */
function designWords(score: ScoreBlock, rate: Rate): string {
  const design = `${count(score.tasks)} tasks × ${count(score.reps)}`;
  if (score.runnerDeterminism?.deterministic !== true) return `${design} reps`;
  if (score.reps > 1 && rate.clustered?.rhoBound === 'reps_agree')
    return `${design} identical reps (deterministic runner)`;
  return `${design} reps (deterministic runner)`;
}

/**
 * How many independent observations the first-try rate rests on, read from the record's clustered
 * block: "16 tasks × 3 reps: 16.0 effective observations of 48 trials (every task's reps agreed)".
 * Under a deterministic runner whose reps agreed, the reps added no information and it says so.
 * A record made before the method says so instead.
 */
export function observationsNote(score: ScoreBlock, rate: Rate = score.firstTry): SafeHtml {
  const c = rate.clustered;
  const design = designWords(score, rate);
  if (c === undefined)
    return html`${design}; <span class="missing">interval not clustered: recorded before this method</span>`;
  const why =
    c.rhoBound === 'reps_agree' && score.runnerDeterminism?.deterministic === true
      ? 'the reps added no information: each task counts once'
      : c.rhoBound
        ? BOUND_WORDS[c.rhoBound]
        : `intraclass correlation ${c.rho.toFixed(2)}`;
  return html`${design}: ${c.nEff.toFixed(1)} effective observations of ${count(rate.n)} trials (${why})`;
}
