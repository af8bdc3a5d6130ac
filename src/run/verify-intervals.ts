import { sameCanonical } from '../core/canonical.js';
import { messageOf } from '../core/errors.js';
import { clusteredInterval } from '../record/clustered.js';
import type { ScoreBlock, TaskScore } from '../record/score.js';
import { wilson } from '../stats/index.js';
import { type Check, check } from './verify-table.js';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The per-task counts of one rate: first try or eventual success of each task over its reps. */
function clusters(perTask: readonly TaskScore[], rate: 'firstTry' | 'eventual') {
  return perTask.map((t) => ({ k: t[rate], m: t.reps }));
}

function rateChecks(score: ScoreBlock, rate: 'firstTry' | 'eventual', label: string): Check[] {
  const block = score[rate];
  const plain = check(
    `interval ${label}`,
    sameCanonical(wilson(block.k, block.n, 0.95), block.wilson),
    `${block.k}/${block.n} Wilson 95%`,
  );
  if (block.clustered === undefined)
    return [plain, check(`clustered ${label}`, true, 'interval not clustered: recorded before this method')];
  let again: ReturnType<typeof clusteredInterval> | string;
  try {
    again = clusteredInterval(clusters(score.perTask, rate));
  } catch (err) {
    again = messageOf(err);
  }
  const c = block.clustered;
  const said = `${c.tasks} tasks × ${c.m}, rho ${c.rho.toFixed(3)}, n_eff ${c.nEff.toFixed(1)}: ${pct(c.wilson.lower)}–${pct(c.wilson.upper)}`;
  const same = typeof again !== 'string' && sameCanonical(again, c);
  const detail = same
    ? `${said}, recomputed the same from the per-task counts`
    : typeof again === 'string'
      ? `${said} (not recomputable: ${again})`
      : `${said} (recomputed ${pct(again.wilson.lower)}–${pct(again.wilson.upper)} at n_eff ${again.nEff.toFixed(1)})`;
  return [plain, check(`clustered ${label}`, same, detail)];
}

/** Both published rates' intervals, plain and task-clustered, recomputed from the record's own counts. */
export function intervalChecks(score: ScoreBlock): Check[] {
  return [...rateChecks(score, 'firstTry', 'first-try'), ...rateChecks(score, 'eventual', 'eventual')];
}
