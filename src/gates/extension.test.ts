import { describe, expect, it } from 'vitest';
import { GateInputError } from './errors.js';
import { resolveExtension } from './extension.js';

const policy = { batchTasks: 6, maxExtensions: 2 };

describe('resolveExtension', () => {
  it('stops on PASS and FAIL', () => {
    expect(resolveExtension({ verdict: 'PASS', batchesUsed: 0 }, policy)).toEqual({
      action: 'resolved',
      verdict: 'PASS',
    });
    expect(resolveExtension({ verdict: 'FAIL', batchesUsed: 2 }, policy)).toEqual({
      action: 'resolved',
      verdict: 'FAIL',
    });
  });

  it('buys the next batch while batches remain', () => {
    expect(resolveExtension({ verdict: 'EXTEND', batchesUsed: 0 }, policy)).toEqual({
      action: 'buy',
      batch: 1,
      batchTasks: 6,
    });
    expect(resolveExtension({ verdict: 'EXTEND', batchesUsed: 1 }, policy)).toEqual({
      action: 'buy',
      batch: 2,
      batchTasks: 6,
    });
  });

  it('resolves FAIL after the last batch', () => {
    expect(resolveExtension({ verdict: 'EXTEND', batchesUsed: 2 }, policy)).toEqual({
      action: 'refuse',
      verdict: 'FAIL',
      reason: 'unresolved_after_max_extensions',
      outcome: 'GATE_FAILED',
    });
  });

  it('refuses EXTEND_EXHAUSTED with a zero policy', () => {
    expect(
      resolveExtension({ verdict: 'EXTEND', batchesUsed: 0 }, { batchTasks: 6, maxExtensions: 0 }),
    ).toMatchObject({
      reason: 'extend_exhausted_zero_policy',
      outcome: 'EXTEND_EXHAUSTED',
    });
  });

  it('rejects more batches than registered and bad counts', () => {
    expect(() => resolveExtension({ verdict: 'EXTEND', batchesUsed: 3 }, policy)).toThrow(GateInputError);
    expect(() => resolveExtension({ verdict: 'EXTEND', batchesUsed: -1 }, policy)).toThrow('batchesUsed=-1');
    expect(() => resolveExtension({ verdict: 'MAYBE' as never, batchesUsed: 0 }, policy)).toThrow(
      'verdict="MAYBE"',
    );
  });
});
