import type { ModelPrice, PriceTable } from '../record/pricing.js';

// The table's shape is the record's (src/record/pricing.ts): costs are computed there and only there.
export type { ModelPrice, PriceTable };

const p = (input: number, output: number, cacheRead: number, cacheWrite: number): ModelPrice => ({
  input,
  output,
  cacheRead,
  cacheWrite,
});

// Anthropic cache writes are the 5-minute tier (1.25 × input). OpenAI bills no cache-write
// surcharge, so its cacheWrite equals input. Aliases and their dated snapshots are listed
// explicitly: an id not in this table is unpriced, never priced by resemblance.
const SONNET = p(3, 15, 0.3, 3.75);
const OPUS_4 = p(15, 75, 1.5, 18.75);
const OPUS_45 = p(5, 25, 0.5, 6.25);
const HAIKU_45 = p(1, 5, 0.1, 1.25);
const HAIKU_35 = p(0.8, 4, 0.08, 1);
const GPT_41 = p(2, 8, 0.5, 2);
const GPT_41_MINI = p(0.4, 1.6, 0.1, 0.4);
const GPT_41_NANO = p(0.1, 0.4, 0.025, 0.1);
const GPT_4O = p(2.5, 10, 1.25, 2.5);
const GPT_4O_MINI = p(0.15, 0.6, 0.075, 0.15);
const GPT_5 = p(1.25, 10, 0.125, 1.25);
const GPT_5_MINI = p(0.25, 2, 0.025, 0.25);
const GPT_5_NANO = p(0.05, 0.4, 0.005, 0.05);

export const PRICE_TABLE: PriceTable = {
  asOf: '2025-11-24',
  source:
    'vendor list prices, standard tier: https://www.anthropic.com/pricing (cache writes at the 5-minute ' +
    'rate), https://openai.com/api/pricing; heuristic is local and free',
  currency: 'USD',
  unit: 'per_million_tokens',
  models: {
    heuristic: p(0, 0, 0, 0),
    'anthropic:claude-sonnet-4-5': SONNET,
    'anthropic:claude-sonnet-4-5-20250929': SONNET,
    'anthropic:claude-sonnet-4-0': SONNET,
    'anthropic:claude-sonnet-4-20250514': SONNET,
    'anthropic:claude-3-7-sonnet-latest': SONNET,
    'anthropic:claude-3-7-sonnet-20250219': SONNET,
    'anthropic:claude-opus-4-5': OPUS_45,
    'anthropic:claude-opus-4-5-20251101': OPUS_45,
    'anthropic:claude-opus-4-1': OPUS_4,
    'anthropic:claude-opus-4-1-20250805': OPUS_4,
    'anthropic:claude-opus-4-0': OPUS_4,
    'anthropic:claude-opus-4-20250514': OPUS_4,
    'anthropic:claude-haiku-4-5': HAIKU_45,
    'anthropic:claude-haiku-4-5-20251001': HAIKU_45,
    'anthropic:claude-3-5-haiku-latest': HAIKU_35,
    'anthropic:claude-3-5-haiku-20241022': HAIKU_35,
    'openai:gpt-4.1': GPT_41,
    'openai:gpt-4.1-2025-04-14': GPT_41,
    'openai:gpt-4.1-mini': GPT_41_MINI,
    'openai:gpt-4.1-mini-2025-04-14': GPT_41_MINI,
    'openai:gpt-4.1-nano': GPT_41_NANO,
    'openai:gpt-4.1-nano-2025-04-14': GPT_41_NANO,
    'openai:gpt-4o': GPT_4O,
    'openai:gpt-4o-2024-08-06': GPT_4O,
    'openai:gpt-4o-mini': GPT_4O_MINI,
    'openai:gpt-4o-mini-2024-07-18': GPT_4O_MINI,
    'openai:gpt-5': GPT_5,
    'openai:gpt-5-2025-08-07': GPT_5,
    'openai:gpt-5-mini': GPT_5_MINI,
    'openai:gpt-5-mini-2025-08-07': GPT_5_MINI,
    'openai:gpt-5-nano': GPT_5_NANO,
    'openai:gpt-5-nano-2025-08-07': GPT_5_NANO,
  },
};

/** The price of a normalised model id, or undefined when the table has none (never a guess). */
export function priceFor(modelId: string, table: PriceTable = PRICE_TABLE): ModelPrice | undefined {
  return Object.hasOwn(table.models, modelId) ? table.models[modelId] : undefined;
}
