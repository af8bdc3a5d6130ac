import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PREREG_DEFAULTS as D } from '../record/prereg.js';
import { NullPhase } from '../tape/phases.js';
import { constructGate } from './construct.js';
import { constructCurtail, nullCurtail } from './curtail.js';
import { GateInputError } from './errors.js';
import { nullBaselineGate } from './null-baseline.js';

type Outcome = 'pass' | 'fail' | 'error';

function poolOf(seq: readonly Outcome[]) {
  const k = seq.filter((o) => o === 'pass').length;
  const errors = seq.filter((o) => o === 'error').length;
  return { k, n: seq.length - errors, errors };
}

const policyArb = fc.record({ batchTasks: fc.constant(4), maxExtensions: fc.integer({ min: 0, max: 2 }) });

/** The construct gate's outcome on the registered sample: 'buy' when it would buy a batch. */
function fullOutcome(seq: readonly Outcome[], policy: { batchTasks: number; maxExtensions: number }) {
  try {
    const g = constructGate({
      params: D.construct,
      compromisedErrorShare: D.compromisedErrorShare,
      policy,
      reps: 1,
      registered: { tasks: seq.length, pool: poolOf(seq) },
      batches: [],
    });
    return g.outcome ?? g.verdict;
  } catch (err) {
    if (err instanceof GateInputError && err.message.includes('batches')) return 'buy';
    throw err;
  }
}

describe('exact curtailment', () => {
  it('construct: the curtailed decision always equals the full sample’s, and the gate re-proves it', () => {
    const seqArb = fc
      .tuple(
        fc.integer({ min: 2, max: 48 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
      )
      .chain(([n, pPass, pError]) =>
        fc.tuple(
          fc.array(
            fc
              .double({ min: 0, max: 1, noNaN: true })
              .map(
                (u): Outcome => (u < pError ? 'error' : u < pError + (1 - pError) * pPass ? 'pass' : 'fail'),
              ),
            { minLength: n, maxLength: n },
          ),
          fc.integer({ min: 1, max: n - 1 }),
        ),
      );
    let proved = 0;
    fc.assert(
      fc.property(seqArb, policyArb, ([seq, i], policy) => {
        const head = seq.slice(0, i);
        const proof = constructCurtail({
          pool: poolOf(head),
          remaining: seq.length - i,
          batchesUsed: 0,
          params: D.construct,
          compromisedErrorShare: D.compromisedErrorShare,
          policy,
        });
        if (proof === undefined) return;
        proved += 1;
        const full = fullOutcome(seq, policy);
        expect(proof.decided).toBe(full);
        const gate = constructGate({
          params: D.construct,
          compromisedErrorShare: D.compromisedErrorShare,
          policy,
          reps: 1,
          registered: { tasks: seq.length, pool: poolOf(head) },
          batches: [],
          curtailed: { remaining: seq.length - i },
        });
        expect(gate.outcome).toBe(full);
        expect(gate.curtailed?.ran).toBe(i);
        expect(gate.explain).toContain(`curtailed at ${i} of ${seq.length}: decided ${full}`);
      }),
      { numRuns: 150, seed: 17 },
    );
    expect(proved).toBeGreaterThan(5);
  });

  it('construct: the ends of each split decide it, as every split of a small remainder shows', () => {
    const arb = fc.tuple(
      fc.integer({ min: 0, max: 30 }),
      fc.integer({ min: 0, max: 30 }),
      fc.integer({ min: 0, max: 6 }),
      fc.integer({ min: 1, max: 6 }),
      policyArb,
    );
    fc.assert(
      fc.property(arb, ([pass, fail, errors, r, policy]) => {
        fc.pre(pass + fail + errors > 0);
        const pool = { k: pass, n: pass + fail, errors };
        const common = { params: D.construct, compromisedErrorShare: 0.05, policy };
        const proof = constructCurtail({ ...common, pool, remaining: r, batchesUsed: 0 });
        const outcomes = new Set<string>();
        for (let a = 0; a <= r; a++)
          for (let b = 0; a + b <= r; b++) {
            const c = r - a - b;
            const seq: Outcome[] = [
              ...Array<Outcome>(pass + a).fill('pass'),
              ...Array<Outcome>(fail + b).fill('fail'),
              ...Array<Outcome>(errors + c).fill('error'),
            ];
            outcomes.add(fullOutcome(seq, policy));
          }
        const only = [...outcomes][0];
        const brute = outcomes.size === 1 && only !== 'buy' && only !== 'PASS' ? only : undefined;
        expect(proof?.decided).toBe(brute);
      }),
      { numRuns: 150, seed: 17 },
    );
  });

  it('construct: three early oracle errors of 48 are COMPROMISED whatever follows; a PASS is never curtailed', () => {
    const policy = { batchTasks: 6, maxExtensions: 2 };
    const common = { params: D.construct, compromisedErrorShare: 0.05, policy, batchesUsed: 0 };
    const proof = constructCurtail({ ...common, pool: { k: 0, n: 0, errors: 3 }, remaining: 45 });
    expect(proof?.decided).toBe('COMPROMISED');
    expect(proof?.completions).toBe((46 * 47) / 2);
    expect(constructCurtail({ ...common, pool: { k: 46, n: 46, errors: 0 }, remaining: 2 })).toBeUndefined();
    expect(constructCurtail({ ...common, pool: { k: 0, n: 2, errors: 2 }, remaining: 46 })).toBeUndefined();
  });

  it('a curtailment the counts do not prove is bad input to the gate', () => {
    expect(() =>
      constructGate({
        params: D.construct,
        compromisedErrorShare: 0.05,
        policy: { batchTasks: 6, maxExtensions: 2 },
        reps: 1,
        registered: { tasks: 48, pool: { k: 20, n: 20, errors: 0 } },
        batches: [],
        curtailed: { remaining: 28 },
      }),
    ).toThrow(/curtailed/);
  });

  const PHASES = NullPhase.options;
  /** Each phase's head of trials and what remains of it: every phase present. */
  const HeadCounts = z.record(NullPhase, z.object({ k: z.number(), n: z.number(), remaining: z.number() }));
  type NullOutcome = 'pass' | 'fail' | 'na';

  function counts(seq: readonly NullOutcome[]) {
    const k = seq.filter((o) => o === 'pass').length;
    const na = seq.filter((o) => o === 'na').length;
    return { k, n: seq.length - na, notApplicable: na };
  }

  it('nulls at the ceiling: a curtailed KILL always equals the full sample’s decision', () => {
    const phaseArb = (na: boolean) =>
      fc
        .tuple(
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.double({ min: 0, max: na ? 1 : 0, noNaN: true }),
        )
        .chain(([pPass, pNa]) =>
          fc
            .double({ min: 0, max: 1, noNaN: true })
            .map((u): NullOutcome => (u < pNa ? 'na' : u < pNa + (1 - pNa) * pPass ? 'pass' : 'fail')),
        );
    const arb = fc
      .integer({ min: 1, max: 24 })
      .chain((r) =>
        fc.tuple(
          fc.constant(r),
          fc.tuple(
            ...PHASES.map((p) =>
              fc.array(phaseArb(p === 'null-random-args'), { minLength: r, maxLength: r }),
            ),
          ),
          fc.tuple(...PHASES.map(() => fc.integer({ min: 1, max: r }))),
          fc.constantFrom(50, 95),
        ),
      );
    fc.assert(
      fc.property(arb, ([r, seqs, cuts, percentile]) => {
        const full = nullBaselineGate({
          phases: Object.fromEntries(PHASES.map((p, i) => [p, counts(seqs[i] ?? [])])),
          signal: { source: 'ceiling' },
          ratio: D.nulls.ratio,
          percentile,
        });
        const heads = PHASES.map((_, i) => counts((seqs[i] ?? []).slice(0, cuts[i])));
        const proof = nullCurtail({
          phases: HeadCounts.parse(
            Object.fromEntries(PHASES.map((p, i) => [p, { ...heads[i], remaining: r - (cuts[i] ?? r) }])),
          ),
          ratio: D.nulls.ratio,
          percentile,
        });
        if (proof === undefined) return;
        expect(full.verdict).toBe('KILL');
        const curtailed = nullBaselineGate({
          phases: Object.fromEntries(PHASES.map((p, i) => [p, heads[i]])),
          signal: { source: 'ceiling' },
          ratio: D.nulls.ratio,
          percentile,
          curtailed: Object.fromEntries(PHASES.map((p, i) => [p, r - (cuts[i] ?? r)])),
        });
        expect(curtailed.verdict).toBe('KILL');
        expect(curtailed.outcome).toBe(full.outcome);
        expect(curtailed.explain).toContain('decided KILL, which no remaining outcome could change');
      }),
      { numRuns: 500, seed: 17 },
    );
  });

  it('nulls: PROCEED is never curtailed, and a claimed curtailment the counts do not prove throws', () => {
    const phases = {
      'null-no-tools': { k: 0, n: 4, remaining: 12 },
      'null-stubbed-empty': { k: 0, n: 16, remaining: 0 },
      'null-random-args': { k: 0, n: 16, remaining: 0 },
    };
    expect(nullCurtail({ phases, ratio: 0.5, percentile: 95 })).toBeUndefined();
    const kill = { ...phases, 'null-no-tools': { k: 8, n: 8, remaining: 8 } };
    expect(nullCurtail({ phases: kill, ratio: 0.5, percentile: 95 })?.decided).toBe('KILL');
    expect(() =>
      nullBaselineGate({
        phases: {
          'null-no-tools': { k: 1, n: 4 },
          'null-stubbed-empty': { k: 0, n: 16 },
          'null-random-args': { k: 0, n: 16 },
        },
        signal: { source: 'ceiling' },
        ratio: 0.5,
        percentile: 95,
        curtailed: { 'null-no-tools': 12 },
      }),
    ).toThrow(/curtailed/);
  });
});
