import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLUSTERED_METHOD } from '../record/clustered.js';
import { CLUSTERED_UNEQUAL_METHOD, gateClustered } from '../record/clustered-gate.js';
import { NullBaselineGate } from '../record/gate.js';
import { PREREG_DEFAULTS as D } from '../record/prereg.js';
import { wilson } from '../stats/index.js';
import { constructGate } from './construct.js';
import { GateInputError } from './errors.js';
import { nullBaselineGate } from './null-baseline.js';

const tasks = (counts: readonly [number, number][]) =>
  counts.map(([k, m], i) => ({ taskId: `t${i + 1}`, k, m }));
const sum = (pt: readonly { k: number; m: number }[]) => ({
  k: pt.reduce((a, c) => a + c.k, 0),
  n: pt.reduce((a, c) => a + c.m, 0),
});

// 20 tasks × 1 rep on two phases; random-args with 4 tasks that had no applicable trial.
const noTools = tasks(Array.from({ length: 20 }, (_, i) => [i < 2 ? 1 : 0, 1]));
const stubbed = tasks(Array.from({ length: 10 }, (_, i) => [i < 3 ? 2 : 0, 2]));
const randomArgs = tasks([
  [1, 3],
  [0, 0],
  [2, 3],
  [0, 1],
  [0, 0],
  [3, 3],
  [0, 2],
  [0, 0],
  [0, 0],
  [1, 2],
]);

const nulls = (withTasks: boolean) => ({
  'null-no-tools': { ...sum(noTools), ...(withTasks ? { perTask: noTools } : {}) },
  'null-stubbed-empty': { ...sum(stubbed), ...(withTasks ? { perTask: stubbed } : {}) },
  'null-random-args': { ...sum(randomArgs), notApplicable: 7, ...(withTasks ? { perTask: randomArgs } : {}) },
});

describe('null rates carry per-task counts and a clustered interval', () => {
  const input = { signal: { source: 'ceiling' as const }, ratio: 0.5, percentile: 95 };

  it('records counts, plain Wilson and the block from one function; the decision does not move', () => {
    const withTasks = nullBaselineGate({ ...input, phases: nulls(true) });
    const without = nullBaselineGate({ ...input, phases: nulls(false) });
    for (const key of ['verdict', 'reason', 'tNull', 'cutoff', 'explain'] as const)
      expect(withTasks[key]).toEqual(without[key]);
    const r = withTasks.nullRates['null-random-args'];
    expect(r?.perTask).toEqual(randomArgs);
    expect(r?.wilson).toEqual(wilson(7, 14));
    expect(r?.clustered).toEqual(gateClustered(randomArgs));
    // Tasks with no applicable trial are not clusters: 6 tasks, 14 trials, sizes unequal.
    expect(r?.clustered).toMatchObject({ method: CLUSTERED_UNEQUAL_METHOD, tasks: 6, trials: 14 });
    expect(withTasks.nullRates['null-stubbed-empty']?.clustered).toMatchObject({
      method: CLUSTERED_METHOD,
      tasks: 10,
      m: 2,
      rhoBound: 'reps_agree',
      nEff: 10,
    });
    expect(withTasks.nullRates['null-no-tools']?.clustered).toMatchObject({ rhoBound: 'one_rep', deff: 1 });
    expect(without.nullRates['null-no-tools']).toEqual({ k: 2, n: 20, rate: 0.1 });
  });

  it('per-task counts that do not sum to the rate are bad input', () => {
    const bad = { ...nulls(true), 'null-no-tools': { k: 3, n: 20, perTask: noTools } };
    expect(() => nullBaselineGate({ ...input, phases: bad })).toThrow(GateInputError);
  });

  it('the record schema refuses a block without counts and counts that do not sum', () => {
    const g = nullBaselineGate({ ...input, phases: nulls(true) });
    const rate = g.nullRates['null-no-tools'];
    const { perTask: _dropped, ...blockOnly } = rate ?? {};
    expect(
      NullBaselineGate.safeParse({ ...g, nullRates: { ...g.nullRates, 'null-no-tools': blockOnly } }).success,
    ).toBe(false);
    const off = { ...rate, perTask: noTools.map((c, i) => (i === 5 ? { ...c, k: 1 } : c)) };
    expect(
      NullBaselineGate.safeParse({ ...g, nullRates: { ...g.nullRates, 'null-no-tools': off } }).success,
    ).toBe(false);
  });
});

describe('the construct rate carries per-task counts and a clustered interval', () => {
  const run = (perTask?: ReturnType<typeof tasks>, registered = sum(perTask ?? []), errors = 0) =>
    constructGate({
      params: D.construct,
      compromisedErrorShare: D.compromisedErrorShare,
      policy: D.extension,
      reps: 3,
      registered: { tasks: 16, pool: { ...registered, errors } },
      batches: [],
      ...(perTask ? { perTask } : {}),
    });

  it('oracle errors leave tasks unequal; the verdict and its numbers are those without the block', () => {
    const pt = tasks(Array.from({ length: 16 }, (_, i) => [i === 3 ? 2 : 3, i === 3 ? 2 : 3]));
    const g = run(pt, undefined, 1);
    const plain = run(undefined, sum(pt), 1);
    expect(g.clustered).toEqual(gateClustered(pt));
    expect(g.clustered).toMatchObject({
      method: CLUSTERED_UNEQUAL_METHOD,
      tasks: 16,
      trials: 47,
      rhoBound: 'reps_agree',
    });
    // The stored inputs differ by the per-task counts alone (the call's own); every decided number agrees.
    const { perTask: _p, clustered: _c, input: _i, ...rest } = g;
    const { input: _j, ...plainRest } = plain;
    expect(rest).toEqual(plainRest);
    expect({ ...g.input, perTask: undefined }).toEqual(plain.input);
  });

  it('counts that do not sum to the pool are bad input', () => {
    const pt = tasks(Array.from({ length: 16 }, () => [3, 3]));
    expect(() => run(pt, { k: 47, n: 48 })).toThrow(GateInputError);
  });

  it('equal task sizes give the equal-size block, and adding size-0 tasks changes nothing (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 16, maxLength: 16 }), (ks) => {
        const pt = tasks(ks.map((k) => [k, 3]));
        const g = run(pt);
        expect(g.clustered).toMatchObject({ method: CLUSTERED_METHOD, tasks: 16, m: 3 });
        expect(gateClustered([...pt, { taskId: 'empty', k: 0, m: 0 }])).toEqual(g.clustered);
      }),
      { numRuns: 30 },
    );
  });
});
