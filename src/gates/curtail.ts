// Exact curtailment: a phase may stop before its registered sample only when every way its
// remaining trials could end (passes, failures, oracle errors; for null-random-args, not
// applicable) leads to the same decision. The decision is then the full sample's, so stopping is
// not optional stopping. Pure functions: the run and `verify` call the same ones.
import type { ExtensionPolicy, Pool } from '../record/extension.js';
import type { RateParams } from '../record/gate-input.js';
import { percentileNearestRank } from '../stats/index.js';
import { NullPhase } from '../tape/phases.js';
import { constructStep } from './construct-step.js';
import { resolveExtension } from './extension.js';
import { plural, pValue, rate } from './format.js';

export interface CurtailProof {
  /** The outcome every completion reaches. */
  decided: string;
  /** How many distinct completions of the remaining trials were decided. */
  completions: number;
  /** The bound that proved it, in words and numbers. */
  bound: string;
}

/** The sentence the record prints for a curtailed phase. */
export function curtailLine(ran: number, of: number, proof: CurtailProof): string {
  return `curtailed at ${ran} of ${of}: decided ${proof.decided}, which no remaining outcome could change (${proof.bound})`;
}

export interface ConstructCurtailInput {
  /** The pool so far: earlier steps plus the trials of this step that ended. */
  pool: Pool;
  /** Registered trials of this step not yet ended. */
  remaining: number;
  /** Batches bought including this step (0 for the registered sample). */
  batchesUsed: number;
  params: RateParams;
  compromisedErrorShare: number;
  policy: ExtensionPolicy;
}

/** How the construct gate ends on a pool when the run stops there. */
export type ConstructEnding =
  | { verdict: 'FAIL'; reason: 'compromised_oracle_errors'; outcome: 'COMPROMISED' }
  | {
      verdict: 'FAIL';
      reason: 'reference_rate_below_threshold' | 'unresolved_after_max_extensions';
      outcome: 'GATE_FAILED';
    }
  | { verdict: 'EXTEND'; reason: 'extend_exhausted_zero_policy'; outcome: 'EXTEND_EXHAUSTED' };

/** The refusal the construct gate reaches on `pool`, or undefined when the run goes on. */
function constructEnding(
  pool: Pool,
  input: Omit<ConstructCurtailInput, 'pool' | 'remaining'>,
): ConstructEnding | undefined {
  const step = constructStep(pool, input.params, input.compromisedErrorShare);
  const next = resolveExtension({ verdict: step.verdict, batchesUsed: input.batchesUsed }, input.policy);
  if (next.action === 'buy') return undefined;
  if (next.action === 'refuse')
    return next.verdict === 'FAIL'
      ? { verdict: 'FAIL', reason: next.reason, outcome: next.outcome }
      : { verdict: 'EXTEND', reason: next.reason, outcome: next.outcome };
  if (step.reason === 'compromised_oracle_errors')
    return { verdict: 'FAIL', reason: 'compromised_oracle_errors', outcome: 'COMPROMISED' };
  // A PASS is never curtailed: the reference rate it carries is the signal of the next null gate.
  return step.verdict === 'FAIL'
    ? { verdict: 'FAIL', reason: 'reference_rate_below_threshold', outcome: 'GATE_FAILED' }
    : undefined;
}

const endingKey = (e: ConstructEnding | undefined) => (e ? `${e.outcome}/${e.reason}` : undefined);

function describePool(label: string, pool: Pool, input: ConstructCurtailInput): string {
  const step = constructStep(pool, input.params, input.compromisedErrorShare);
  const share = rate(step.errorShare);
  if (step.reason === 'compromised_oracle_errors')
    return `${label}: ${pool.errors} oracle errors of ${pool.n + pool.errors} (${share}) > ${rate(input.compromisedErrorShare)}`;
  const s = step.stats;
  const test = s
    ? `, P(X ≤ ${pool.k} | ${pool.n}, ${rate(input.params.threshold)}) = ${pValue(s.pValue)}`
    : '';
  return `${label}: ${pool.k}/${pool.n}${test}, ${pool.errors} oracle errors (${share}), ${step.verdict}`;
}

/**
 * Construct (gate 6) is curtailed only on a refusal every completion reaches: COMPROMISED,
 * GATE_FAILED or EXTEND_EXHAUSTED. A completion of r trials is a split into passes a, failures b
 * and oracle errors c. For one c the error share and n are fixed, and the published verdict only
 * rises with k (FAIL, then EXTEND, then PASS: the p-value and the Wilson lower bound both grow
 * with k), so the split is decided at its two ends, all passing and all failing. The three
 * extremes go first, so an undecided phase costs three decisions.
 */
export function constructCurtail(
  input: ConstructCurtailInput,
): (CurtailProof & { ending: ConstructEnding }) | undefined {
  const r = input.remaining;
  if (!Number.isSafeInteger(r) || r <= 0 || input.pool.n + input.pool.errors === 0) return undefined;
  const { pool } = input;
  const at = (a: number, b: number, c: number): Pool => ({
    k: pool.k + a,
    n: pool.n + a + b,
    errors: pool.errors + c,
  });
  const ending = constructEnding(at(r, 0, 0), input);
  const key = endingKey(ending);
  if (ending === undefined) return undefined;
  const same = (a: number, b: number, c: number) => endingKey(constructEnding(at(a, b, c), input)) === key;
  if (!same(0, r, 0) || !same(0, 0, r)) return undefined;
  for (let c = 0; c < r; c++) if (!same(r - c, 0, c) || !same(0, r - c, c)) return undefined;
  const decided = ending.outcome;
  const completions = ((r + 1) * (r + 2)) / 2;
  const bound = [
    describePool(`all ${r} remaining passing`, at(r, 0, 0), input),
    describePool('all failing', at(0, r, 0), input),
    describePool('all oracle errors', at(0, 0, r), input),
  ].join('; ');
  return { decided, ending, completions, bound: `${bound}; every one of ${completions} splits: ${decided}` };
}

export interface NullCurtailPhase {
  k: number;
  /** Applicable trials so far. */
  n: number;
  notApplicable?: number;
  /** Registered trials of this phase not run. */
  remaining: number;
}

export interface NullCurtailInput {
  phases: Record<NullPhase, NullCurtailPhase>;
  /** Registered null ratio and percentile; the signal is the ceiling S = 1. */
  ratio: number;
  percentile: number;
}

/**
 * The smallest rate each phase can still end at: all remaining trials failing. A phase whose
 * trials may all be not applicable (null-random-args with no applicable trial yet) may also end
 * unmeasured, out of T_null.
 */
function lowest(phase: NullPhase, c: NullCurtailPhase): (number | 'out')[] {
  const total = c.n + c.remaining;
  const options: (number | 'out')[] = total > 0 ? [c.k / total] : [];
  if (phase === 'null-random-args' && c.n === 0) options.push('out');
  return options;
}

/**
 * The null gate at the ceiling (S = 1) is curtailed only on KILL: T_null, a nearest-rank
 * percentile, never falls when a rate rises, so if it reaches ratio × 1 with every phase at its
 * lowest possible rate (and each way null-random-args could drop out), it does in every completion.
 * PROCEED is never curtailed: the null rates are read again against the reference and first-try rates.
 */
export function nullCurtail(input: NullCurtailInput): CurtailProof | undefined {
  const remaining = NullPhase.options.reduce((a, p) => a + input.phases[p].remaining, 0);
  if (remaining <= 0) return undefined;
  let configs: (number | 'out')[][] = [[]];
  for (const p of NullPhase.options) {
    const opts = lowest(p, input.phases[p]);
    configs = configs.flatMap((c) => opts.map((o) => [...c, o]));
  }
  let worst = Number.POSITIVE_INFINITY;
  for (const config of configs) {
    const rates = config.filter((x): x is number => x !== 'out');
    const tNull = rates.length === 0 ? undefined : percentileNearestRank(rates, input.percentile);
    if (tNull === undefined) return undefined;
    worst = Math.min(worst, tNull);
  }
  if (configs.length === 0 || worst < input.ratio) return undefined;
  const lows = NullPhase.options
    .map((p) => {
      const c = input.phases[p];
      const total = c.n + c.remaining;
      return total > 0 ? `${p} ≥ ${c.k}/${total}` : `${p} not measured`;
    })
    .join(', ');
  return {
    decided: 'KILL',
    completions: configs.length,
    bound: `with all ${plural(remaining, 'remaining trial')} failing (${lows}), T_null (p${input.percentile}) is at least ${rate(worst)} ≥ ${rate(input.ratio)} × 1`,
  };
}
