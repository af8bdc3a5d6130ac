import type { RunRecord } from '../../src/record/run.js';
import { noCounts, type PhaseCounts } from '../../src/record/trial-count.js';
import { NullPhase, type Phase } from '../../src/tape/phases.js';

/**
 * Each phase's counts as the record stores them, in the words of `trial-count.ts`: the last null
 * gate's rates (random-args applicable and not applicable apart; a phase with no applicable trial
 * is 0 of 0 with its not-applicable count), construct's pooled sample and its oracle errors, and
 * the drive's first try. A phase the record holds no counts for is absent.
 */
export function recordPhaseCounts(record: RunRecord): Partial<Record<Phase, PhaseCounts>> {
  const out: Partial<Record<Phase, PhaseCounts>> = {};
  const nulls = record.gates.filter((g) => g.gate === 'null_baseline').at(-1);
  if (nulls?.gate === 'null_baseline') {
    for (const phase of NullPhase.options) {
      const rate = nulls.nullRates[phase];
      const none = nulls.notMeasured?.[phase];
      if (rate)
        out[phase] = {
          ...noCounts(),
          passed: rate.k,
          failed: rate.n - rate.k,
          notApplicable: rate.notApplicable ?? 0,
        };
      else if (none) out[phase] = { ...noCounts(), notApplicable: none.notApplicable };
    }
  }
  const construct = record.gates.find((g) => g.gate === 'construct');
  if (construct?.gate === 'construct')
    out.construct = {
      ...noCounts(),
      passed: construct.k,
      failed: construct.n - construct.k,
      errors: construct.errors,
    };
  const first = record.score?.firstTry;
  if (first) out.drive = { ...noCounts(), passed: first.k, failed: first.n - first.k };
  return out;
}
