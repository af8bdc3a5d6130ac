import { PRICE_TABLE } from '../models/prices.js';
import type { PriceTable } from '../record/pricing.js';

/** The bundled price table (src/models) in the record's shape. */
export function recordPrices(): PriceTable {
  const models: PriceTable['models'] = {};
  for (const [id, p] of Object.entries(PRICE_TABLE.models))
    models[id] = { input: p.input, output: p.output, cacheRead: p.cacheRead, cacheWrite: p.cacheWrite };
  return { asOf: PRICE_TABLE.asOf, source: PRICE_TABLE.source, models };
}
