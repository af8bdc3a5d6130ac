import { z } from 'zod';
import { FitnessError } from '../core/errors.js';
import { Count, NonEmpty, Sha256, Unit } from './common.js';
import { proportion } from './proportion.js';

/** Admission rules of DESIGN.md §5.3; every rejection names one. */
export const AdmissionRule = z.enum([
  'duplicate',
  'malformed',
  'no-expected-tools',
  'unknown-tool',
  'arguments-invalid',
  'plan-failed',
  'answer-leak',
  'context-leak',
  'check-invalid',
  'check-too-permissive',
  'check-matches-prompt',
  'destructive-excluded',
  'key-unstable',
  'key-uninformative',
]);
export type AdmissionRule = z.infer<typeof AdmissionRule>;

export const Rejection = z.looseObject({ candidateId: NonEmpty, rule: AdmissionRule, detail: z.string() });
export type Rejection = z.infer<typeof Rejection>;

/**
 * Rejected by admission. Current records list every rejected candidate with its rule; records whose
 * generator did not serialise per-candidate reasons carry only the total and a stated limitation.
 */
export const Rejected = z
  .looseObject({
    total: Count,
    byRule: z.partialRecord(AdmissionRule, Count).optional(),
    candidates: z.array(Rejection).optional(),
    limitation: NonEmpty.optional(),
  })
  .superRefine((r, ctx) => {
    const detailed = r.byRule !== undefined && r.candidates !== undefined;
    if (!detailed && r.limitation === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['byRule'],
        message: 'expected byRule and candidates, or a limitation',
      });
      return;
    }
    if (detailed && r.limitation !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['limitation'],
        message: 'a detailed breakdown carries no limitation',
      });
    }
    if (r.candidates && r.candidates.length !== r.total) {
      ctx.addIssue({
        code: 'custom',
        path: ['candidates'],
        message: `expected ${r.total} rejected candidates, got ${r.candidates.length}`,
      });
    }
    if (r.byRule && r.candidates) {
      const tally = tallyRules(r.candidates);
      for (const rule of AdmissionRule.options) {
        if ((r.byRule[rule] ?? 0) !== (tally[rule] ?? 0)) {
          ctx.addIssue({
            code: 'custom',
            path: ['byRule', rule],
            message: `expected ${tally[rule] ?? 0} (counted from candidates), got ${r.byRule[rule] ?? 0}`,
          });
        }
      }
    }
  });
export type Rejected = z.infer<typeof Rejected>;

/** The suite's fates, counted apart: candidates == rejected + deleted + registered + reserve + surplus. */
export const SuiteSummary = z
  .looseObject({
    hash: Sha256,
    candidates: Count,
    rejected: Rejected,
    deletedByScreen: Count,
    registered: Count,
    reserve: Count,
    surplus: Count,
    /** (candidates − rejected) / candidates; absent when there were no candidates. */
    admissionRate: Unit.optional(),
  })
  .superRefine((s, ctx) => {
    const sum = s.rejected.total + s.deletedByScreen + s.registered + s.reserve + s.surplus;
    if (sum !== s.candidates) {
      ctx.addIssue({
        code: 'custom',
        path: ['candidates'],
        message: `expected rejected + deleted + registered + reserve + surplus = ${sum}, got ${s.candidates}`,
      });
    }
    const rate = proportion(s.candidates - s.rejected.total, s.candidates);
    if (rate !== s.admissionRate && !(rate === undefined && s.admissionRate === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['admissionRate'],
        message: `expected ${rate ?? 'absent'} from the counts, got ${s.admissionRate ?? 'absent'}`,
      });
    }
  });
export type SuiteSummary = z.infer<typeof SuiteSummary>;

export function tallyRules(rejections: readonly Rejection[]): Partial<Record<AdmissionRule, number>> {
  const out: Partial<Record<AdmissionRule, number>> = {};
  for (const r of rejections) out[r.rule] = (out[r.rule] ?? 0) + 1;
  return out;
}

export interface SuiteSummaryInput {
  hash: string;
  candidates: number;
  rejections: readonly Rejection[];
  deletedByScreen: number;
  registered: number;
  reserve: number;
  surplus: number;
}

/** Builds the summary from the suite ledger; throws RECORD_INPUT if the fates do not add up. */
export function buildSuiteSummary(input: SuiteSummaryInput): SuiteSummary {
  const admitted = input.candidates - input.rejections.length;
  const draft = {
    hash: input.hash,
    candidates: input.candidates,
    rejected: {
      total: input.rejections.length,
      byRule: tallyRules(input.rejections),
      candidates: [...input.rejections],
    },
    deletedByScreen: input.deletedByScreen,
    registered: input.registered,
    reserve: input.reserve,
    surplus: input.surplus,
    ...(input.candidates > 0 ? { admissionRate: proportion(admitted, input.candidates) } : {}),
  };
  const parsed = SuiteSummary.safeParse(draft);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FitnessError(
      'RECORD_INPUT',
      `buildSuiteSummary: ${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}
