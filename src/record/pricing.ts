import { z } from 'zod';
import { Amount, Count, NonEmpty } from './common.js';
import { UsageRole } from './cost.js';

/** USD per million tokens (the shape src/models' bundled price table uses). */
export const ModelPrice = z.looseObject({
  input: Amount,
  output: Amount,
  cacheRead: Amount.optional(),
  cacheWrite: Amount.optional(),
});
export type ModelPrice = z.infer<typeof ModelPrice>;

/** Prices per million tokens, with the date they were read and where from. */
export const PriceTable = z.looseObject({
  asOf: z.iso.date(),
  source: NonEmpty,
  models: z.record(z.string(), ModelPrice),
});
export type PriceTable = z.infer<typeof PriceTable>;

/** What the builders accept as a price table (src/models' bundled table fits it as it is). */
export type PriceTableInput = z.input<typeof PriceTable>;

const usageFields = {
  model: NonEmpty,
  /** ok: usage reported; partial: reported but marked partial; no_usage: none reported; threw: failed first. */
  status: z.enum(['ok', 'partial', 'no_usage', 'threw']),
  inputTokens: Count.optional(),
  outputTokens: Count.optional(),
  cacheReadTokens: Count.optional(),
  cacheWriteTokens: Count.optional(),
};

function tokensWhenReported(
  r: { status: string; inputTokens?: number; outputTokens?: number },
  ctx: z.RefinementCtx,
) {
  const reported = r.status === 'ok' || r.status === 'partial';
  if (reported && (r.inputTokens === undefined || r.outputTokens === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['inputTokens'], message: `required when status is ${r.status}` });
  }
}

/** One model call's usage. Input and output tokens are required when status is ok or partial. */
export const CallUsage = z.looseObject(usageFields).superRefine(tokensWhenReported);
export type CallUsage = z.infer<typeof CallUsage>;

/** One model call's usage, attributed to the role that made it. */
export const UsageRow = z.looseObject({ role: UsageRole, ...usageFields }).superRefine(tokensWhenReported);
export type UsageRow = z.infer<typeof UsageRow>;

export interface Tokens {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** Dollars for these tokens, or undefined when any part of them has no price (fail closed). */
export function priceTokens(price: ModelPrice | undefined, t: Tokens): number | undefined {
  if (!price) return undefined;
  if (t.cacheRead > 0 && price.cacheRead === undefined) return undefined;
  if (t.cacheWrite > 0 && price.cacheWrite === undefined) return undefined;
  return (
    (t.input * price.input +
      t.output * price.output +
      t.cacheRead * (price.cacheRead ?? 0) +
      t.cacheWrite * (price.cacheWrite ?? 0)) /
    1_000_000
  );
}
