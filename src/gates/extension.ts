import { type ExtensionPolicy, policyRecorded } from '../record/extension.js';
import type { RateVerdict } from '../record/outcome.js';
import { GateInputError, inputs } from './errors.js';

export interface ExtensionState {
  /** The published verdict on the current pool. */
  verdict: RateVerdict;
  /** Registered batches already driven and pooled. */
  batchesUsed: number;
}

export type ExtensionDecision =
  | { action: 'resolved'; verdict: 'PASS' | 'FAIL' }
  | { action: 'buy'; batch: number; batchTasks: number }
  | { action: 'refuse'; verdict: 'FAIL'; reason: 'unresolved_after_max_extensions'; outcome: 'GATE_FAILED' }
  | {
      action: 'refuse';
      verdict: 'EXTEND';
      reason: 'extend_exhausted_zero_policy';
      outcome: 'EXTEND_EXHAUSTED';
    };

/**
 * What a gate does with its current verdict under the registered policy. EXTEND buys the next
 * registered batch while one remains; after the last it resolves to FAIL. A policy that bought no
 * batch at all refuses EXTEND where it stands (EXTEND_EXHAUSTED). There is no other way to go on.
 */
export function resolveExtension(state: ExtensionState, policy: ExtensionPolicy): ExtensionDecision {
  const v = inputs('resolveExtension');
  const used = v.count('batchesUsed', state.batchesUsed);
  const max = v.count('policy.maxExtensions', policy.maxExtensions);
  if (used > max)
    throw new GateInputError('resolveExtension', 'batchesUsed', `at most maxExtensions (${max})`, used);
  if (state.verdict === 'PASS' || state.verdict === 'FAIL')
    return { action: 'resolved', verdict: state.verdict };
  if (state.verdict !== 'EXTEND')
    throw new GateInputError('resolveExtension', 'verdict', 'PASS, FAIL or EXTEND', state.verdict);
  if (max === 0) {
    return {
      action: 'refuse',
      verdict: 'EXTEND',
      reason: 'extend_exhausted_zero_policy',
      outcome: 'EXTEND_EXHAUSTED',
    };
  }
  if (used < max) {
    const batchTasks = policyRecorded(policy) ? policy.batchTasks : 0;
    return { action: 'buy', batch: used + 1, batchTasks };
  }
  return {
    action: 'refuse',
    verdict: 'FAIL',
    reason: 'unresolved_after_max_extensions',
    outcome: 'GATE_FAILED',
  };
}
