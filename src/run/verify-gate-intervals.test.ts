import { describe, expect, it } from 'vitest';
import { constructGate } from '../gates/construct.js';
import { nullBaselineGate } from '../gates/null-baseline.js';
import type { GateRecord } from '../record/gate.js';
import { PREREG_DEFAULTS as D } from '../record/prereg.js';
import { gateIntervalChecks } from './verify-gate-intervals.js';

const perTask = (ks: readonly number[], m: (i: number) => number) =>
  ks.map((k, i) => ({ taskId: `t${i}`, k, m: m(i) }));
const sum = (pt: readonly { k: number; m: number }[]) => ({
  k: pt.reduce((a, c) => a + c.k, 0),
  n: pt.reduce((a, c) => a + c.m, 0),
});
const phase = (pt: ReturnType<typeof perTask>, withTasks = true) => ({
  ...sum(pt),
  ...(withTasks ? { perTask: pt } : {}),
});

function gates(withTasks: boolean): GateRecord[] {
  const flat = perTask([0, 1, 0, 0, 0, 0], () => 2);
  const random = perTask([0, 1, 0, 2, 0, 0], (i) => (i === 2 ? 0 : i % 2 ? 3 : 2));
  const nulls = nullBaselineGate({
    phases: {
      'null-no-tools': phase(flat, withTasks),
      'null-stubbed-empty': phase(flat, withTasks),
      'null-random-args': phase(random, withTasks),
    },
    signal: { source: 'ceiling' },
    ratio: 0.5,
    percentile: 95,
  });
  const pt = perTask(Array(16).fill(3), (i) => (i === 0 ? 2 : 3)).map((c, i) =>
    i === 0 ? { ...c, k: 2 } : c,
  );
  const construct = constructGate({
    params: D.construct,
    compromisedErrorShare: D.compromisedErrorShare,
    policy: D.extension,
    reps: 3,
    registered: { tasks: 16, pool: { ...sum(pt), errors: 1 } },
    batches: [],
    ...(withTasks ? { perTask: pt } : {}),
  });
  return [nulls, construct];
}

describe('verify recomputes the gate rates’ clustered intervals from their per-task counts', () => {
  it('passes every null phase and the construct rate, recomputed the same', () => {
    const checks = gateIntervalChecks(gates(true));
    expect(checks.map((c) => c.check)).toEqual([
      'clustered null-no-tools (ceiling)',
      'clustered null-stubbed-empty (ceiling)',
      'clustered null-random-args (ceiling)',
      'clustered construct',
    ]);
    expect(checks.every((c) => c.ok)).toBe(true);
    expect(checks[2]?.detail).toMatch(
      /^5 tasks, 13 trials, rho .*recomputed the same from the per-task counts$/,
    );
  });

  it('fails on a block that differs from its counts', () => {
    const [nulls, construct] = gates(true);
    if (nulls?.gate !== 'null_baseline' || construct?.gate !== 'construct' || !construct.clustered)
      throw new Error('fixture');
    const tampered = {
      ...construct,
      clustered: { ...construct.clustered, nEff: construct.clustered.nEff + 1 },
    };
    const checks = gateIntervalChecks([nulls, tampered]);
    expect(checks.find((c) => c.check === 'clustered construct')).toMatchObject({ ok: false });
    expect(checks.find((c) => c.check === 'clustered construct')?.detail).toMatch(/recomputed .* at n_eff/);
  });

  it('a record made before the method reads as not clustered, and passes', () => {
    const checks = gateIntervalChecks(gates(false));
    expect(checks).toHaveLength(4);
    for (const c of checks)
      expect(c).toMatchObject({ ok: true, detail: 'interval not clustered: recorded before this method' });
  });
});
