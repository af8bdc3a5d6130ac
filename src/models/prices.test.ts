import { describe, expect, it } from 'vitest';
import { PRICE_TABLE, priceFor, usageCost } from './prices.js';
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

  it('costs usage per million tokens with cache reads and writes at their own rates', () => {
    const price = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
    expect(usageCost({ input_tokens: 1_000_000, output_tokens: 0 }, price)).toBe(3);
    const cost = usageCost(
      {
        input_tokens: 100,
        output_tokens: 20,
        cache_read_input_tokens: 50,
        cache_creation_input_tokens: 10,
        thinking_tokens: 5,
      },
      price,
    );
    // thinking tokens are already inside output_tokens: not charged twice
    expect(cost).toBeCloseTo((100 * 3 + 20 * 15 + 50 * 0.3 + 10 * 3.75) / 1e6, 15);
    expect(usageCost({ input_tokens: 999, output_tokens: 999 }, priceFor('heuristic')!)).toBe(0);
  });
});
