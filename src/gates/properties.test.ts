import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PREREG_DEFAULTS as D } from '../record/prereg.js';
import { publishedVerdict } from '../stats/index.js';
import { constructStep } from './construct-step.js';
import { resolveExtension } from './extension.js';
import { nullBaselineGate } from './null-baseline.js';

describe('gate properties', () => {
  it('COMPROMISED exactly when errors / (n + errors) > 1/20, decided in exact integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 40 }), (n, errors) => {
        fc.pre(n + errors > 0);
        const d = constructStep({ k: n, n, errors }, D.construct, 0.05);
        expect(d.reason === 'compromised_oracle_errors').toBe(errors * 20 > n + errors);
      }),
    );
  });

  it('without COMPROMISED, the construct step is the published verdict of src/stats', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 300 })
          .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }))),
        ([n, k]) => {
          const d = constructStep({ k, n, errors: 0 }, D.construct, 0.05);
          const p = publishedVerdict({ k, n, ...D.construct });
          expect(d.verdict).toBe(p.published);
          expect(d.reason === 'downgraded_underpowered').toBe(p.downgraded);
        },
      ),
    );
  });

  it('the null gate kills exactly when 2·max(k)·nS ≥ kS·n (three phases at one n, so p95 is the max)', () => {
    const counts = fc
      .integer({ min: 1, max: 60 })
      .chain((n) =>
        fc.tuple(fc.constant(n), fc.array(fc.integer({ min: 0, max: n }), { minLength: 3, maxLength: 3 })),
      );
    const signal = fc
      .integer({ min: 1, max: 90 })
      .chain((ns) => fc.tuple(fc.constant(ns), fc.integer({ min: 1, max: ns })));
    fc.assert(
      fc.property(counts, signal, ([n, ks], [ns, kS]) => {
        const [a = 0, b = 0, c = 0] = ks;
        const g = nullBaselineGate({
          phases: {
            'null-no-tools': { k: a, n },
            'null-stubbed-empty': { k: b, n },
            'null-random-args': { k: c, n },
          },
          signal: { source: 'reference', counts: { k: kS, n: ns } },
          ratio: 0.5,
          percentile: 95,
        });
        expect(g.verdict === 'KILL').toBe(2 * Math.max(a, b, c) * ns >= kS * n);
        expect(g.verdict === 'KILL' || g.verdict === 'PROCEED').toBe(true);
      }),
    );
  });

  it('an extension ladder always ends within maxExtensions + 1 decisions', () => {
    const verdict = fc.constantFrom('PASS' as const, 'FAIL' as const, 'EXTEND' as const);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.array(verdict, { minLength: 6, maxLength: 6 }),
        (max, verdicts) => {
          const policy = { batchTasks: 6, maxExtensions: max };
          let used = 0;
          for (const v of verdicts) {
            const next = resolveExtension({ verdict: v, batchesUsed: used }, policy);
            if (next.action !== 'buy') {
              expect(used).toBeLessThanOrEqual(max);
              if (next.action === 'refuse')
                expect(next.outcome).toBe(max === 0 ? 'EXTEND_EXHAUSTED' : 'GATE_FAILED');
              return;
            }
            used = next.batch;
          }
          expect(used).toBeLessThanOrEqual(max);
        },
      ),
    );
  });
});
