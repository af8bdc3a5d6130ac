import { describe, expect, it } from 'vitest';
import { pool, constructRun as run } from '../../test/support/gates/construct.js';
import { PREREG_DEFAULTS as D } from '../record/prereg.js';
import { GateInputError } from './errors.js';

describe('construct gate at the registered size', () => {
  it('publishes PASS for a perfect reference agent at 48/48', () => {
    const g = run(pool(48, 48));
    expect(g).toMatchObject({
      verdict: 'PASS',
      k: 48,
      n: 48,
      errors: 0,
      rawVerdict: 'PASS',
      downgraded: false,
      requiredN: 78,
    });
    expect(g.outcome).toBeUndefined();
    expect(g.wilson?.lower).toBeCloseTo(0.926, 3);
    expect(g.extension.ledger).toEqual({
      registered: { tasks: 16, trials: 48, pool: pool(48, 48), verdict: 'PASS' },
      batches: [],
    });
  });

  it('fails reference_rate_below_threshold as GATE_FAILED on a significant shortfall', () => {
    const g = run(pool(36, 48));
    expect(g).toMatchObject({
      verdict: 'FAIL',
      reason: 'reference_rate_below_threshold',
      outcome: 'GATE_FAILED',
    });
    expect(g.pValue).toBeLessThan(0.05);
    expect(g.explain).toContain('FAIL');
  });
});

describe('COMPROMISED is checked first, over the pool', () => {
  it('holds at exactly 5% oracle errors and refuses just above', () => {
    const at = run(pool(57, 57, 3));
    expect(at).toMatchObject({ verdict: 'PASS', errorShare: 0.05 });
    const above = run(pool(56, 56, 4));
    expect(above).toMatchObject({
      verdict: 'FAIL',
      reason: 'compromised_oracle_errors',
      outcome: 'COMPROMISED',
    });
    expect(above.explain).toContain('4 of 60 reference trials (6.7%) ended in oracle errors');
  });

  it('refuses when every trial errored (no completed trial, no statistics)', () => {
    const g = run(pool(0, 0, 48));
    expect(g).toMatchObject({ outcome: 'COMPROMISED', errorShare: 1 });
    expect(g.rate).toBeUndefined();
  });

  it('refuses when a batch pushes the pooled error share over the line', () => {
    const g = run(pool(43, 46, 2), [pool(59, 62, 4)]);
    expect(g.extension.ledger?.registered).toMatchObject({
      verdict: 'EXTEND',
      reason: 'downgraded_underpowered',
    });
    expect(g).toMatchObject({ outcome: 'COMPROMISED', k: 59, n: 62, errors: 4 });
  });

  it('puts what the wire tape shows in the explanation', () => {
    const g = run(pool(0, 0, 48), [], {
      wire: { toolCalls: 48, errorResults: 0, pending: 48, tapeRefs: ['wire:12'] },
    });
    expect(g.wire?.pending).toBe(48);
    expect(g.explain).toContain('48 tool calls, 0 error results and 48 requests with no response');
  });
});

describe('construct extension sequences 48 → 66 → 84', () => {
  it('resolves PASS after one batch: a downgraded 47/48 then 65/66', () => {
    const g = run(pool(47, 48), [pool(65, 66)]);
    expect(g).toMatchObject({ verdict: 'PASS', k: 65, n: 66 });
    expect(g.extension.ledger).toEqual({
      registered: {
        tasks: 16,
        trials: 48,
        pool: pool(47, 48),
        verdict: 'EXTEND',
        reason: 'downgraded_underpowered',
      },
      batches: [
        {
          batch: 1,
          tasksAdded: 6,
          trialsAdded: 18,
          poolBefore: pool(47, 48),
          poolAfter: pool(65, 66),
          verdict: 'PASS',
        },
      ],
    });
  });

  it('resolves PASS at 84 on achieved power, after two EXTENDs', () => {
    const g = run(pool(42, 48), [pool(58, 66), pool(76, 84)]);
    expect(g).toMatchObject({ verdict: 'PASS', n: 84, downgraded: false });
    expect(g.wilson?.lower ?? 1).toBeLessThan(0.9);
    expect(g.achievedPower).toBeGreaterThanOrEqual(0.8);
    expect(
      g.extension.ledger?.batches.map((b) => [b.tasksAdded, b.trialsAdded, b.poolAfter.n, b.verdict]),
    ).toEqual([
      [6, 18, 66, 'EXTEND'],
      [6, 18, 84, 'PASS'],
    ]);
    expect(g.explain).toContain(
      'Sequence: registered 42/48: EXTEND; +6 tasks / 18 trials → 58/66: EXTEND; +6 tasks / 18 trials → 76/84: PASS.',
    );
  });

  it('resolves FAIL at 84 when the pooled shortfall becomes significant', () => {
    const g = run(pool(42, 48), [pool(57, 66), pool(70, 84)]);
    expect(g).toMatchObject({
      verdict: 'FAIL',
      reason: 'reference_rate_below_threshold',
      outcome: 'GATE_FAILED',
      n: 84,
    });
  });

  it('resolves FAIL unresolved_after_max_extensions when still EXTEND after the last batch', () => {
    const g = run(pool(42, 48), [pool(58, 66), pool(74, 84)]);
    expect(g).toMatchObject({
      verdict: 'FAIL',
      reason: 'unresolved_after_max_extensions',
      outcome: 'GATE_FAILED',
    });
    expect(g.extension.ledger?.batches.at(-1)?.verdict).toBe('EXTEND');
    expect(g.explain).toContain('Still unresolved after the last registered extension');
  });

  it('refuses EXTEND_EXHAUSTED under a zero policy, where it stands', () => {
    const g = run(pool(42, 48), [], { policy: { batchTasks: 6, maxExtensions: 0 } });
    expect(g).toMatchObject({
      verdict: 'EXTEND',
      reason: 'extend_exhausted_zero_policy',
      outcome: 'EXTEND_EXHAUSTED',
    });
    expect(g.extension.ledger?.batches).toEqual([]);
    // 48 trials can carry a PASS, so this refusal is about the agent's 42, not the size.
    expect(g.explain).not.toContain('limit of the registration');
  });

  it('says whose limit it is when not even a perfect run could publish PASS at the registered size', () => {
    // 10 tasks × 3 reps, every trial passed: Wilson lower 0.886 and power 0.39, so no reference passes.
    const g = run(pool(30, 30), [], { policy: { batchTasks: 6, maxExtensions: 0 } });
    expect(g).toMatchObject({ rawVerdict: 'PASS', outcome: 'EXTEND_EXHAUSTED' });
    expect(g.explain).toContain(
      'At 30 trials not even a perfect reference run could publish PASS (plan_power said so before any paid call), so this refusal is a limit of the registration',
    );
    expect(g.explain).toContain('not a finding about the server.');
  });

  it('refuses EXTEND_EXHAUSTED under a policy that was not recorded, with no ledger', () => {
    const policy = {
      recorded: false as const,
      maxExtensions: 0 as const,
      limitation: 'predates the protocol',
    };
    const g = run(pool(42, 48), [], { policy });
    expect(g.outcome).toBe('EXTEND_EXHAUSTED');
    expect(g.extension).toEqual({ policy });
  });
});

describe('construct bad input', () => {
  it('rejects a batch after the gate resolved, a missing bought batch and a batch that is not tasks × reps', () => {
    expect(() => run(pool(48, 48), [pool(66, 66)])).toThrow('batches[0] must be absent');
    expect(() => run(pool(42, 48), [pool(58, 66)])).toThrow('to include batch 2');
    expect(() => run(pool(42, 48), [pool(55, 63)])).toThrow(GateInputError);
    expect(() => run(pool(42, 48), [pool(41, 66)])).toThrow('batches[0].pool');
  });

  it.each([
    [pool(49, 48), 'registered.pool.k=49'],
    [pool(-1, 48), 'registered.pool.k=-1'],
    [pool(1.5, 48), 'registered.pool.k=1.5'],
    [pool(0, 0, 0), 'no trial ran'],
  ])('rejects pool %j', (p, text) => {
    expect(() => run(p)).toThrow(text);
  });

  it('rejects thresholds outside (0, 1] and NaN parameters', () => {
    expect(() => run(pool(48, 48), [], { params: { ...D.construct, threshold: 0 } })).toThrow('threshold=0');
    expect(() => run(pool(48, 48), [], { params: { ...D.construct, alpha: Number.NaN } })).toThrow(
      'alpha=NaN',
    );
    expect(() => run(pool(48, 48), [], { compromisedErrorShare: 1 })).toThrow('compromisedErrorShare=1');
  });
});
