import { describe, expect, it } from 'vitest';
import { buildCost } from '../record/build-cost.js';
import { PriceTable, priceTokens } from '../record/pricing.js';
import { PRICE_TABLE, priceFor } from './prices.js';
import { parseModelSpec } from './spec.js';

describe('price table', () => {
  it('states its date and source, and every entry is a normalised id with finite non-negative prices', () => {
    expect(PRICE_TABLE.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(PRICE_TABLE.source).toContain('anthropic.com');
    for (const [id, price] of Object.entries(PRICE_TABLE.models)) {
      expect(parseModelSpec(id).id).toBe(id);
      for (const v of Object.values(price)) {
        expect(Number.isFinite(v)).toBe(true);
        expect(v).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('prices only ids it lists: never by resemblance, never an inherited key', () => {
    expect(priceFor('anthropic:claude-sonnet-4-5-20250929')).toEqual({
      input: 3,
      output: 15,
      cacheRead: 0.3,
      cacheWrite: 3.75,
    });
    expect(priceFor('anthropic:claude-sonnet-4-5-20991231')).toBeUndefined();
    expect(priceFor('openai-compatible:llama3.1:8b')).toBeUndefined();
    expect(priceFor('toString')).toBeUndefined();
    expect(priceFor('heuristic')).toEqual({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 });
  });

  it('is a valid record price table, so the record can price every listed model', () => {
    const parsed = PriceTable.safeParse(PRICE_TABLE);
    expect(parsed.success).toBe(true);
    expect(priceTokens(priceFor('heuristic'), { input: 999, output: 999, cacheRead: 0, cacheWrite: 0 })).toBe(
      0,
    );
    expect(
      priceTokens(priceFor('anthropic:claude-sonnet-4-5-20250929'), {
        input: 1e6,
        output: 0,
        cacheRead: 0,
        cacheWrite: 0,
      }),
    ).toBe(3);
  });
});

describe('the bundled price table in a cost block', () => {
  it('is accepted by buildCost, and prices the heuristic model at zero', () => {
    const row = {
      role: 'runner',
      model: 'heuristic',
      status: 'ok',
      inputTokens: 1_000_000,
      outputTokens: 100_000,
    } as const;
    const c = buildCost([row], PRICE_TABLE);
    expect(c).toMatchObject({ kind: 'total', usd: 0, priceTable: { asOf: PRICE_TABLE.asOf } });
  });
});
