import { describe, expect, it } from 'vitest';
import { constructRun, pool, type TestPool } from '../../test/support/gates/construct.js';
import { ConstructGate } from '../record/gate.js';
import type { ConstructInput } from './construct.js';
import { GateInputError } from './errors.js';

const run = (registered: TestPool, budgetEnded: ConstructInput['budgetEnded'], after: TestPool[] = []) =>
  constructRun(registered, after, budgetEnded === undefined ? {} : { budgetEnded });

describe('construct failures that ended on a per-trial budget', () => {
  it('refuses INDETERMINATE reference_out_of_budget when they decide the FAIL', () => {
    const g = run(pool(33, 48), { token_budget: 15 });
    expect(g).toMatchObject({ verdict: 'FAIL', reason: 'reference_out_of_budget', outcome: 'INDETERMINATE' });
    expect(g.rawVerdict).toBe('FAIL');
    expect(g.explain).toContain('15 failed reference trials of 15 ended because a per-trial limit ran out');
    expect(g.explain).toContain('15 on its token budget (--token-budget)');
    expect(g.explain).toContain('48 of 48: PASS');
    expect(g.explain).toContain("rests on trials the registration's per-trial limits cut short");
    expect(() => ConstructGate.parse(g)).not.toThrow();
  });

  it('keeps reference_rate_below_threshold when the pool would fail even had they passed', () => {
    const g = run(pool(33, 48), { steps: 2, time: 1 });
    expect(g).toMatchObject({
      verdict: 'FAIL',
      reason: 'reference_rate_below_threshold',
      outcome: 'GATE_FAILED',
    });
    expect(g.explain).toContain('2 on its steps (--max-steps), 1 on its time (--trial-timeout)');
    expect(g.explain).toContain('36 of 48 would be FAIL, not PASS');
    expect(g.explain).toContain('does not rest on the budget alone');
  });

  it('reads the pool after the last bought batch', () => {
    // 42/48 is unresolved and buys a batch; 46/66 after it fails; 20 budget-ended failures make it 66/66.
    const g = run(pool(42, 48), { token_budget: 20 }, [pool(46, 66)]);
    expect(g.extension.ledger?.batches).toHaveLength(1);
    expect(g).toMatchObject({ reason: 'reference_out_of_budget', outcome: 'INDETERMINATE', k: 46, n: 66 });
  });

  it('says nothing of budgets on a PASS, or when none ended on one', () => {
    expect(run(pool(48, 48), {}).explain).not.toContain('per-trial limit');
    const failed = run(pool(33, 48), {});
    expect(failed.reason).toBe('reference_rate_below_threshold');
    expect(failed.explain).not.toContain('per-trial limit');
    expect(run(pool(33, 48), undefined).reason).toBe('reference_rate_below_threshold');
  });

  it('refuses more budget-ended failures than failed trials as bad input, naming the field', () => {
    expect(() => run(pool(33, 48), { token_budget: 16 })).toThrow(GateInputError);
    expect(() => run(pool(33, 48), { token_budget: 16 })).toThrow(/budgetEnded/);
  });
});
