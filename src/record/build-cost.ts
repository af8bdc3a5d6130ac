import { z } from 'zod';
import { parseInput } from '../core/issues.js';
import {
  type CostBlock,
  type CostBreakdown,
  CostReason,
  type ModelCost,
  type RoleCost,
  type TokenUse,
  type UsageRole,
} from './cost.js';
import { PriceTable, type PriceTableInput, priceTokens, UsageRow } from './pricing.js';

const ROLES: readonly UsageRole[] = ['runner', 'judge', 'screen'];

const zero = (): TokenUse => ({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 });

function add(into: TokenUse, row: UsageRow): void {
  into.input += row.inputTokens ?? 0;
  into.output += row.outputTokens ?? 0;
  into.cacheRead += row.cacheReadTokens ?? 0;
  into.cacheWrite += row.cacheWriteTokens ?? 0;
}

interface Tally {
  model: string;
  calls: number;
  tokens: TokenUse;
  noUsage: number;
  threw: number;
  partial: number;
}

function tallyRole(rows: readonly UsageRow[]): Tally[] {
  const byModel = new Map<string, Tally>();
  for (const row of rows) {
    let t = byModel.get(row.model);
    if (!t) {
      t = { model: row.model, calls: 0, tokens: zero(), noUsage: 0, threw: 0, partial: 0 };
      byModel.set(row.model, t);
    }
    t.calls += 1;
    add(t.tokens, row);
    if (row.status === 'no_usage') t.noUsage += 1;
    if (row.status === 'threw') t.threw += 1;
    if (row.status === 'partial') t.partial += 1;
  }
  return [...byModel.values()];
}

function reasonsFor(role: UsageRole, t: Tally, priced: boolean, hasPrice: boolean): CostReason[] {
  const out: CostReason[] = [];
  const base = { role, model: t.model };
  if (!hasPrice) {
    out.push({ ...base, code: 'unpriced_model', calls: t.calls, detail: `${t.model} has no price on file` });
  } else if (!priced) {
    out.push({
      ...base,
      code: 'unpriced_cache_tokens',
      detail: `${t.model} has cache tokens but no cache price: they are left out, so its figure is a floor`,
    });
  }
  if (t.noUsage > 0) {
    out.push({
      ...base,
      code: 'usage_missing',
      calls: t.noUsage,
      detail: `${t.noUsage} ${role} call(s) returned no usage`,
    });
  }
  if (t.threw > 0) {
    out.push({
      ...base,
      code: 'call_threw',
      calls: t.threw,
      detail: `${t.threw} ${role} call(s) threw before reporting usage`,
    });
  }
  if (t.partial > 0) {
    out.push({
      ...base,
      code: 'usage_partial',
      calls: t.partial,
      detail: `${t.partial} ${role} call(s) reported partial usage`,
    });
  }
  return out;
}

function pricedPart(price: NonNullable<PriceTable['models'][string]>, t: Tally['tokens']): Tally['tokens'] {
  return {
    ...t,
    cacheRead: price.cacheRead === undefined ? 0 : t.cacheRead,
    cacheWrite: price.cacheWrite === undefined ? 0 : t.cacheWrite,
  };
}

function buildRole(
  role: UsageRole,
  rows: readonly UsageRow[],
  prices: PriceTable,
  reasons: CostReason[],
): RoleCost {
  const models: ModelCost[] = [];
  const tokens = zero();
  let usd: number | undefined;
  for (const t of tallyRole(rows)) {
    const price = prices.models[t.model];
    const full = priceTokens(price, t.tokens);
    // Cache tokens without a cache price are left out: what remains is priced, as a floor.
    const cost = full ?? (price === undefined ? undefined : priceTokens(price, pricedPart(price, t.tokens)));
    reasons.push(...reasonsFor(role, t, full !== undefined, price !== undefined));
    models.push({
      model: t.model,
      calls: t.calls,
      tokens: t.tokens,
      ...(cost === undefined ? {} : { usd: cost }),
    });
    for (const k of ['input', 'output', 'cacheRead', 'cacheWrite'] as const) tokens[k] += t.tokens[k];
    if (cost !== undefined) usd = (usd ?? 0) + cost;
  }
  return { calls: rows.length, tokens, ...(usd === undefined ? {} : { usd }), models };
}

export interface CostOptions {
  /** Spend the pipeline knows exists but has no rows for (e.g. a plane that was not recorded). */
  missing?: readonly CostReason[];
}

/**
 * Prices usage rows into the record's cost block. Any model without a price, any call without
 * usage and any declared gap makes the figure a floor; with no priceable usage at all there is
 * no figure.
 */
export function buildCost(
  usageRows: readonly UsageRow[],
  priceTable: PriceTableInput,
  options: CostOptions = {},
): CostBlock {
  const rows = parseInput(z.array(UsageRow), usageRows, 'buildCost', 'usageRows');
  const prices = parseInput(PriceTable, priceTable, 'buildCost', 'priceTable');
  const reasons: CostReason[] = [
    ...parseInput(z.array(CostReason), options.missing ?? [], 'buildCost', 'missing'),
  ];
  const roleCost = (role: UsageRole) =>
    buildRole(
      role,
      rows.filter((r) => r.role === role),
      prices,
      reasons,
    );
  const breakdown: CostBreakdown = {
    runner: roleCost('runner'),
    judge: roleCost('judge'),
    screen: roleCost('screen'),
  };
  const priceTableRef = { asOf: prices.asOf, source: prices.source };
  const priced = ROLES.some((r) => breakdown[r].usd !== undefined);
  const usd = (breakdown.runner.usd ?? 0) + (breakdown.judge.usd ?? 0) + (breakdown.screen.usd ?? 0);
  if (reasons.length === 0) return { kind: 'total', usd, reasons: [], breakdown, priceTable: priceTableRef };
  if (priced) return { kind: 'floor', usd, reasons, breakdown, priceTable: priceTableRef };
  return {
    kind: 'none',
    why: `no usage could be priced: ${reasons.map((r) => r.detail).join('; ')}`,
    reasons,
    breakdown,
    priceTable: priceTableRef,
  };
}

/** A cost block for a run where no price table was available. */
export function noCost(why: string): CostBlock {
  return { kind: 'none', why, reasons: [] };
}
