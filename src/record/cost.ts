import { z } from 'zod';
import { Amount, Count, NonEmpty } from './common.js';

export const UsageRole = z.enum(['runner', 'judge', 'screen']);
export type UsageRole = z.infer<typeof UsageRole>;

/** Why dollars were spent that are not in the figure. */
export const CostReasonCode = z.enum([
  /** a model in the usage has no price on file */
  'unpriced_model',
  /** cache tokens were used but the model's price has no cache rate */
  'unpriced_cache_tokens',
  /** a call returned no usage block */
  'usage_missing',
  /** a call threw before reporting usage */
  'call_threw',
  /** the producer marked the usage it reported as partial */
  'usage_partial',
  /** a whole source of spend was not recorded (e.g. calls written to no plane) */
  'not_recorded',
]);
export type CostReasonCode = z.infer<typeof CostReasonCode>;

export const CostReason = z.looseObject({
  code: CostReasonCode,
  role: UsageRole,
  model: NonEmpty.optional(),
  /** How many calls the reason covers, when it is about calls. */
  calls: Count.optional(),
  detail: NonEmpty,
});
export type CostReason = z.infer<typeof CostReason>;

export const TokenUse = z.looseObject({ input: Count, output: Count, cacheRead: Count, cacheWrite: Count });
export type TokenUse = z.infer<typeof TokenUse>;

export const ModelCost = z.looseObject({
  model: NonEmpty,
  calls: Count,
  tokens: TokenUse,
  /** Absent when the model (or part of its usage) has no price: fail closed, never a guess. */
  usd: Amount.optional(),
});
export type ModelCost = z.infer<typeof ModelCost>;

export const RoleCost = z.looseObject({
  calls: Count,
  tokens: TokenUse,
  /** Sum of the priced models; absent when none of this role's usage could be priced. */
  usd: Amount.optional(),
  models: z.array(ModelCost),
});
export type RoleCost = z.infer<typeof RoleCost>;

export const CostBreakdown = z.looseObject({ runner: RoleCost, judge: RoleCost, screen: RoleCost });
export type CostBreakdown = z.infer<typeof CostBreakdown>;

export const PriceTableRef = z.looseObject({ asOf: z.iso.date(), source: NonEmpty });

const sumRoles = (b: CostBreakdown): number => (b.runner.usd ?? 0) + (b.judge.usd ?? 0) + (b.screen.usd ?? 0);
const close = (a: number, b: number): boolean =>
  Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * The run's spend. `total` only when nothing known is missing; `floor` (printed "at least") with
 * every reason it is one; `none` with why no figure can be supported.
 */
export const CostBlock = z
  .discriminatedUnion('kind', [
    z.looseObject({
      kind: z.literal('total'),
      usd: Amount,
      reasons: z.array(CostReason).length(0),
      breakdown: CostBreakdown,
      priceTable: PriceTableRef,
    }),
    z.looseObject({
      kind: z.literal('floor'),
      usd: Amount,
      reasons: z.array(CostReason).min(1),
      breakdown: CostBreakdown,
      priceTable: PriceTableRef,
    }),
    z.looseObject({
      kind: z.literal('none'),
      why: NonEmpty,
      reasons: z.array(CostReason),
      breakdown: CostBreakdown.optional(),
      priceTable: PriceTableRef.optional(),
    }),
  ])
  .superRefine((c, ctx) => {
    if (c.kind !== 'none' && !close(c.usd, sumRoles(c.breakdown))) {
      ctx.addIssue({
        code: 'custom',
        path: ['usd'],
        message: `expected the breakdown's sum ${sumRoles(c.breakdown)}, got ${c.usd}`,
      });
    }
  });
export type CostBlock = z.infer<typeof CostBlock>;
