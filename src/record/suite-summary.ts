import { z } from 'zod';
import { FitnessError } from '../core/errors.js';
import { Count, NonEmpty, Sha256, Unit } from './common.js';
import { proportion } from './proportion.js';

/** Admission rules of docs/design.md §5.3; every rejection names one. */
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
  'key-constant',
  'key-environmental',
  'key-empty-state',
  'key-input-independent',
]);
export type AdmissionRule = z.infer<typeof AdmissionRule>;

/**
 * Why an admitted task's key carries information (docs/statistics.md, "Keys by information"):
 * `discriminating`, its sibling entries hold other values (they are the check's decoys); `singleton`,
 * it has no siblings and passed every singleton rule.
 */
export const KeyBasis = z.enum(['discriminating', 'singleton']);
export type KeyBasis = z.infer<typeof KeyBasis>;

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

/** A candidate the generation-time screen deleted, with what the screen saw. */
export const ScreenDeletion = z.looseObject({ candidateId: NonEmpty, detail: z.string() });
export type ScreenDeletion = z.infer<typeof ScreenDeletion>;

/** An admitted candidate trimmed as surplus: never driven, so it has no detail beyond its id. */
export const Trimmed = z.looseObject({
  candidateId: NonEmpty,
  /** Its key, when it was held back because that key already answers its share of the suite. */
  keyRepeated: z.string().optional(),
});
export type Trimmed = z.infer<typeof Trimmed>;

/** The suite's fates, counted apart: candidates == rejected + deleted + registered + reserve + surplus. */
export const SuiteSummary = z
  .looseObject({
    hash: Sha256,
    candidates: Count,
    rejected: Rejected,
    deletedByScreen: Count,
    /** Every candidate the screen deleted (absent on records written before they were listed). */
    deleted: z.array(ScreenDeletion).optional(),
    registered: Count,
    reserve: Count,
    surplus: Count,
    /** Every candidate trimmed as surplus (absent on records written before they were listed). */
    trimmed: z.array(Trimmed).optional(),
    /** (candidates − rejected) / candidates; absent when there were no candidates. */
    admissionRate: Unit.optional(),
    /** Registered tasks by key basis (absent on records written before tasks carried one). */
    keyBasis: z.partialRecord(KeyBasis, Count).optional(),
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
    for (const [key, list, n] of [
      ['deleted', s.deleted, s.deletedByScreen],
      ['trimmed', s.trimmed, s.surplus],
    ] as const) {
      if (list !== undefined && list.length !== n)
        ctx.addIssue({ code: 'custom', path: [key], message: `expected ${n} listed, got ${list.length}` });
    }
    const based = Object.values(s.keyBasis ?? {}).reduce((a, b) => a + b, 0);
    if (s.keyBasis !== undefined && based !== s.registered)
      ctx.addIssue({
        code: 'custom',
        path: ['keyBasis'],
        message: `expected ${s.registered} registered tasks by key basis, got ${based}`,
      });
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

function tallyBases(bases: readonly KeyBasis[]): Partial<Record<KeyBasis, number>> {
  const out: Partial<Record<KeyBasis, number>> = {};
  for (const b of bases) out[b] = (out[b] ?? 0) + 1;
  return out;
}

export interface SuiteSummaryInput {
  hash: string;
  candidates: number;
  rejections: readonly Rejection[];
  deletedByScreen: number;
  deleted?: readonly ScreenDeletion[];
  trimmed?: readonly Trimmed[];
  registered: number;
  reserve: number;
  surplus: number;
  /** Each registered task's key basis, when every one carries it. */
  keyBases?: readonly KeyBasis[];
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
    ...(input.deleted ? { deleted: [...input.deleted] } : {}),
    registered: input.registered,
    reserve: input.reserve,
    surplus: input.surplus,
    ...(input.trimmed ? { trimmed: [...input.trimmed] } : {}),
    ...(input.candidates > 0 ? { admissionRate: proportion(admitted, input.candidates) } : {}),
    ...(input.keyBases === undefined ? {} : { keyBasis: tallyBases(input.keyBases) }),
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
