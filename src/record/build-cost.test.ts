import { describe, expect, it } from 'vitest';
import { buildCost } from './build-cost.js';
import { CostBlock } from './cost.js';
import type { UsageRow } from './pricing.js';

const prices = {
  asOf: '2025-11-24',
  source: 'test table',
  models: {
    priced: { input: 2, output: 10, cacheRead: 0.2, cacheWrite: 2.5 },
    nocache: { input: 1, output: 1 },
    heuristic: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  },
};
const row = (role: UsageRow['role'], model: string, patch: Partial<UsageRow> = {}): UsageRow => ({
  role,
  model,
  status: 'ok',
  inputTokens: 1_000_000,
  outputTokens: 100_000,
  ...patch,
});

describe('buildCost', () => {
  it('is a total only when nothing known is missing', () => {
    const c = buildCost(
      [
        row('runner', 'priced'),
        row('judge', 'priced', { cacheReadTokens: 500_000 }),
        row('screen', 'heuristic'),
      ],
      prices,
    );
    expect(c.kind).toBe('total');
    if (c.kind !== 'total') return;
    expect(c.usd).toBeCloseTo(3 + 3.1, 12);
    expect(c.breakdown.runner).toMatchObject({
      calls: 1,
      usd: 3,
      tokens: { input: 1_000_000, output: 100_000 },
    });
    expect(c.breakdown.judge.usd).toBeCloseTo(3.1, 12);
    expect(c.priceTable).toEqual({ asOf: '2025-11-24', source: 'test table' });
    expect(CostBlock.safeParse(c).success).toBe(true);
  });

  it('is a floor with a reason for each gap; an unpriced model gets no figure, cache tokens without a cache price are left out', () => {
    const c = buildCost(
      [
        row('runner', 'priced'),
        row('runner', 'mystery:model'),
        row('judge', 'priced', { status: 'no_usage', inputTokens: undefined, outputTokens: undefined }),
        row('judge', 'priced', { status: 'threw', inputTokens: undefined, outputTokens: undefined }),
        row('judge', 'priced', { status: 'partial' }),
        row('screen', 'nocache', { cacheReadTokens: 10 }),
      ],
      prices,
    );
    expect(c.kind).toBe('floor');
    if (c.kind !== 'floor') return;
    // The nocache model's input and output are priced (1.1); its 10 cache-read tokens are not.
    expect(c.usd).toBeCloseTo(3 + 3 + 1.1, 12);
    expect(c.breakdown.runner.models.find((m) => m.model === 'mystery:model')?.usd).toBeUndefined();
    expect(c.breakdown.screen.usd).toBeCloseTo(1.1, 12);
    expect(c.reasons.map((r) => [r.code, r.role, r.calls])).toEqual([
      ['unpriced_model', 'runner', 1],
      ['usage_missing', 'judge', 1],
      ['call_threw', 'judge', 1],
      ['usage_partial', 'judge', 1],
      ['unpriced_cache_tokens', 'screen', undefined],
    ]);
  });

  it('is a floor when the pipeline declares a gap it has no rows for', () => {
    const c = buildCost([row('runner', 'priced')], prices, {
      missing: [{ code: 'not_recorded', role: 'judge', detail: 'judge usage was not recorded' }],
    });
    expect(c).toMatchObject({ kind: 'floor', usd: 3, reasons: [{ code: 'not_recorded' }] });
  });

  it('has no figure, and says why, when nothing could be priced', () => {
    const c = buildCost([row('runner', 'mystery:model')], prices);
    expect(c).toMatchObject({
      kind: 'none',
      why: 'no usage could be priced: mystery:model has no price on file',
    });
  });

  it('is a zero total when nothing was spent', () => {
    expect(buildCost([], prices)).toMatchObject({ kind: 'total', usd: 0, reasons: [] });
  });

  it('rejects bad rows and tables with a typed error naming the path', () => {
    expect(() => buildCost([row('runner', 'priced', { outputTokens: -5 })], prices)).toThrow(
      'buildCost: usageRows: [0].outputTokens: expected number >= 0, got -5',
    );
    expect(() => buildCost([row('runner', 'priced')], { ...prices, asOf: 'yesterday' })).toThrow(
      'buildCost: priceTable: asOf',
    );
    expect(() => buildCost([{ ...row('runner', 'priced'), role: 'boss' as never }], prices)).toThrow(
      '[0].role',
    );
  });
});
