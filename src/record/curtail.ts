import { z } from 'zod';
import { NullPhase } from '../tape/phases.js';
import { Count, NonEmpty, PositiveCount } from './common.js';

/** A phase stopped before its registered sample because no remaining outcome could change the decision. */
const curtailFields = {
  /** The outcome (or verdict) every completion of the remaining trials reaches. */
  decided: NonEmpty,
  /** How many distinct completions the proof decided. */
  completions: PositiveCount,
  /** The bound that proved it, from the stored counts. */
  bound: NonEmpty,
};

const ranFields = { ran: Count, of: PositiveCount };
const fewer = {
  message: 'a curtailed phase ran fewer trials than registered',
  path: ['ran'],
};
const Ran = z.looseObject(ranFields).refine((r) => r.ran < r.of, fewer);

/** Construct: the last step of the ledger (the registered sample, or batch `step`) was curtailed. */
export const ConstructCurtailed = z
  .looseObject({
    step: z.union([z.literal('registered'), PositiveCount]),
    ...ranFields,
    ...curtailFields,
  })
  .refine((r) => r.ran < r.of, fewer);
export type ConstructCurtailed = z.infer<typeof ConstructCurtailed>;

/** Null gate at the ceiling: the phases that stopped early, each with what it ran of what it registered. */
export const NullCurtailed = z.looseObject({
  phases: z.partialRecord(NullPhase, Ran),
  ...curtailFields,
});
export type NullCurtailed = z.infer<typeof NullCurtailed>;

/** What prereg.json registers about curtailment. */
export const CurtailPolicy = z.looseObject({ enabled: z.boolean(), statement: NonEmpty });
export type CurtailPolicy = z.infer<typeof CurtailPolicy>;

export function curtailStatement(enabled: boolean): string {
  return enabled
    ? 'A null phase before the ceiling gate may stop early only on a KILL, and construct only on a refusal (COMPROMISED, GATE_FAILED, EXTEND_EXHAUSTED), when every way its remaining trials could end (passes, failures, oracle errors, not applicable) reaches that same decision; the drive is never curtailed.'
    : 'Curtailment is off (--no-curtail): every phase runs its registered sample.';
}
