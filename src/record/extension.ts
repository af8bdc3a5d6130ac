import { z } from 'zod';
import { Count, NonEmpty, PositiveCount } from './common.js';
import { ConstructReason, RateVerdict } from './outcome.js';

/** A pooled construct sample: k passes of n completed trials, plus oracle errors beside them. */
export const Pool = z
  .looseObject({ k: Count, n: Count, errors: Count })
  .refine((p) => p.k <= p.n, { message: 'k must not exceed n', path: ['k'] });
export type Pool = z.infer<typeof Pool>;

/**
 * The registered extension policy. A record that predates the extension protocol reads as a zero
 * policy with no batch size and a stated limitation: the arithmetic of a registration that bought no
 * batch, and the record says it cannot tell the two apart.
 */
export const RegisteredPolicy = z.looseObject({ batchTasks: Count, maxExtensions: Count });
export const PolicyNotRecorded = z.looseObject({
  recorded: z.literal(false),
  maxExtensions: z.literal(0),
  limitation: NonEmpty,
});
export const ExtensionPolicy = z.union([PolicyNotRecorded, RegisteredPolicy]);
export type ExtensionPolicy = z.infer<typeof ExtensionPolicy>;
export type RegisteredPolicy = z.infer<typeof RegisteredPolicy>;

export function policyRecorded(policy: ExtensionPolicy): policy is RegisteredPolicy {
  return !('recorded' in policy && policy.recorded === false);
}

const stepVerdict = {
  verdict: RateVerdict,
  reason: ConstructReason.optional(),
};

/** Where the construct gate stood on the registered size, before any batch. */
export const RegisteredStep = z.looseObject({ tasks: Count, trials: Count, pool: Pool, ...stepVerdict });
export type RegisteredStep = z.infer<typeof RegisteredStep>;

/**
 * One bought batch. Tasks and trials are two numbers: each task is driven at the registered reps,
 * so six tasks can add eighteen trials.
 */
export const BatchStep = z.looseObject({
  batch: PositiveCount,
  tasksAdded: Count,
  trialsAdded: Count,
  poolBefore: Pool,
  poolAfter: Pool,
  ...stepVerdict,
});
export type BatchStep = z.infer<typeof BatchStep>;

const trialsOf = (p: Pool): number => p.n + p.errors;

export const ExtensionLedger = z
  .looseObject({ registered: RegisteredStep, batches: z.array(BatchStep) })
  .superRefine((ledger, ctx) => {
    if (trialsOf(ledger.registered.pool) !== ledger.registered.trials) {
      ctx.addIssue({
        code: 'custom',
        path: ['registered', 'trials'],
        message: `expected n + errors = ${trialsOf(ledger.registered.pool)}, got ${ledger.registered.trials}`,
      });
    }
    let before = ledger.registered.pool;
    ledger.batches.forEach((step, i) => {
      const at = (...p: (string | number)[]) => ['batches', i, ...p];
      if (step.batch !== i + 1) {
        ctx.addIssue({ code: 'custom', path: at('batch'), message: `expected ${i + 1}, got ${step.batch}` });
      }
      if (
        step.poolBefore.k !== before.k ||
        step.poolBefore.n !== before.n ||
        step.poolBefore.errors !== before.errors
      ) {
        ctx.addIssue({ code: 'custom', path: at('poolBefore'), message: 'expected the previous pool' });
      }
      const added = trialsOf(step.poolAfter) - trialsOf(step.poolBefore);
      if (
        step.poolAfter.k < step.poolBefore.k ||
        step.poolAfter.errors < step.poolBefore.errors ||
        added < 0
      ) {
        ctx.addIssue({ code: 'custom', path: at('poolAfter'), message: 'a pool only grows' });
      } else if (added !== step.trialsAdded) {
        ctx.addIssue({
          code: 'custom',
          path: at('trialsAdded'),
          message: `expected the pool's growth ${added}, got ${step.trialsAdded}`,
        });
      }
      before = step.poolAfter;
    });
  });
export type ExtensionLedger = z.infer<typeof ExtensionLedger>;

/** The construct gate's extension block: the policy it was registered under and, when known, its ledger. */
export const ConstructExtension = z
  .looseObject({ policy: ExtensionPolicy, ledger: ExtensionLedger.optional() })
  .superRefine((ext, ctx) => {
    const recorded = policyRecorded(ext.policy);
    if (recorded && ext.ledger === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ledger'], message: 'required when the policy is recorded' });
    }
    if (!recorded && ext.ledger !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['ledger'],
        message: 'a policy that was not recorded has no ledger',
      });
    }
    if (ext.ledger && ext.ledger.batches.length > ext.policy.maxExtensions) {
      ctx.addIssue({
        code: 'custom',
        path: ['ledger', 'batches'],
        message: `expected at most ${ext.policy.maxExtensions} batches, got ${ext.ledger.batches.length}`,
      });
    }
  });
export type ConstructExtension = z.infer<typeof ConstructExtension>;
