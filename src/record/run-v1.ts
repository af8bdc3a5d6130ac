import { z } from 'zod';
import { Count, NonEmpty, Sha256, Unit } from './common.js';
import {
  AnswerLeakGate,
  constructFields,
  kWithinN,
  NullBaselineGate,
  PlanPowerGate,
  StructuralGate,
  SuiteSizeGate,
} from './gate.js';
import { baseIdentityFields, endsAfterStart } from './identity.js';
import { GateId, type RefusalOutcome } from './outcome.js';
import { PreRegistration } from './prereg.js';
import { SCHEMA_V1, sharedRunFields } from './run.js';

/**
 * `fitness-report.run/1`: the shape written before the generator chip, the generation-time screen,
 * the extension protocol and per-candidate rejection reasons existed. Read-only: it is migrated
 * forward on read and never written.
 */

/** v1 spelled the zero-policy refusal without saying why there was nothing to buy. */
export const ConstructReasonV1 = z.enum([
  'compromised_oracle_errors',
  'reference_rate_below_threshold',
  'extend_exhausted',
]);

const ConstructGateV1 = z
  .looseObject({ ...constructFields, reason: ConstructReasonV1.optional() })
  .superRefine(kWithinN)
  .superRefine((g, ctx) => {
    const expected: Record<string, RefusalOutcome> = {
      compromised_oracle_errors: 'COMPROMISED',
      reference_rate_below_threshold: 'GATE_FAILED',
      extend_exhausted: 'EXTEND_EXHAUSTED',
    };
    const want = g.reason === undefined ? undefined : expected[g.reason];
    if (want !== g.outcome)
      ctx.addIssue({ code: 'custom', path: ['outcome'], message: `expected ${want ?? '(none)'}` });
  });

export const GateRecordV1 = z.discriminatedUnion('gate', [
  StructuralGate,
  AnswerLeakGate,
  SuiteSizeGate,
  PlanPowerGate,
  NullBaselineGate,
  ConstructGateV1,
]);

export const PreRegistrationV1 = PreRegistration.omit({
  extension: true,
  generator: true,
  screen: true,
  extensionProtocol: true,
}).extend({ schema: z.literal('fitness-report.prereg/1') });

export const IdentityV1 = z.looseObject(baseIdentityFields).superRefine(endsAfterStart);

export const SuiteSummaryV1 = z
  .looseObject({
    hash: Sha256,
    candidates: Count,
    /** Only the total: v1 did not serialise which rule rejected each candidate. */
    rejected: Count,
    registered: Count,
    surplus: Count,
    admissionRate: Unit.optional(),
  })
  .refine((s) => s.candidates === s.rejected + s.registered + s.surplus, {
    message: 'expected candidates = rejected + registered + surplus',
    path: ['candidates'],
  });

export const RunRecordV1 = z.looseObject({
  schema: z.literal(SCHEMA_V1),
  ...sharedRunFields,
  refusal: z.looseObject({ gate: GateId, reason: NonEmpty }).optional(),
  identity: IdentityV1,
  prereg: z.looseObject({ path: NonEmpty, sha256: Sha256, registration: PreRegistrationV1 }).optional(),
  suite: SuiteSummaryV1.optional(),
  gates: z.array(GateRecordV1),
});
export type RunRecordV1 = z.infer<typeof RunRecordV1>;
