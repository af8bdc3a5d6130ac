import type { Pool } from '../record/extension.js';
import type { RateParams } from '../record/gate-input.js';
import type { ConstructReason, RateVerdict } from '../record/outcome.js';
import { proportion } from '../record/proportion.js';
import { type PublishedVerdict, publishedVerdict } from '../stats/index.js';
import { GateInputError, inputs } from './errors.js';

export interface StepDecision {
  verdict: RateVerdict;
  reason?: Extract<
    ConstructReason,
    'compromised_oracle_errors' | 'reference_rate_below_threshold' | 'downgraded_underpowered'
  >;
  errorShare: number;
  /** The published verdict's numbers; absent when no trial completed. */
  stats?: PublishedVerdict;
}

export function validatePool(fn: string, name: string, pool: Pool): Pool {
  const v = inputs(fn);
  const n = v.count(`${name}.n`, pool?.n);
  const k = v.upTo(`${name}.k`, pool.k, 'n', n);
  const errors = v.count(`${name}.errors`, pool.errors);
  if (n + errors === 0)
    throw new GateInputError(fn, `${name}.n + ${name}.errors`, 'at least 1 (no trial ran)', 0);
  return { k, n, errors };
}

/**
 * One construct decision over a pool. COMPROMISED is checked first: oracle errors are counted in
 * the denominator, never silently dropped, and above the registered share no verdict stands.
 */
export function constructStep(pool: Pool, params: RateParams, compromisedErrorShare: number): StepDecision {
  const { k, n, errors } = validatePool('construct', 'pool', pool);
  const errorShare = proportion(errors, n + errors) ?? 0;
  const stats = n > 0 ? publishedVerdict({ k, n, ...params }) : undefined;
  const withStats = stats ? { stats } : {};
  if (errorShare > compromisedErrorShare) {
    return { verdict: 'FAIL', reason: 'compromised_oracle_errors', errorShare, ...withStats };
  }
  if (!stats)
    throw new GateInputError('construct', 'pool.n', 'at least 1 when errors are within the share', n);
  if (stats.published === 'FAIL')
    return { verdict: 'FAIL', reason: 'reference_rate_below_threshold', errorShare, stats };
  if (stats.downgraded) return { verdict: 'EXTEND', reason: 'downgraded_underpowered', errorShare, stats };
  return { verdict: stats.published, errorShare, stats };
}
