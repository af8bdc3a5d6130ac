import type { TrialCount } from '../../../record/trial-count.js';
import type { Story, TrialStory } from './viewer-run.js';

/** Two runs of one server side by side (a rerun, another attempt): per phase, then per trial. */
export interface PhaseRow {
  phase: string;
  a?: { passed: number; trials: number; ms: number };
  b?: { passed: number; trials: number; ms: number };
}

export interface TrialDiff {
  corr: string;
  a?: TrialCount;
  b?: TrialCount;
}

export function comparePhases(a: Story, b: Story): PhaseRow[] {
  const names = [...new Set([...a.phases.map((p) => p.phase), ...b.phases.map((p) => p.phase)])];
  const side = (s: Story, phase: string) => {
    const p = s.phases.find((x) => x.phase === phase);
    return p === undefined
      ? undefined
      : // Of the trials its rate counts, as the record counts them.
        { passed: p.counts.passed, trials: p.counts.passed + p.counts.failed, ms: p.endMs - p.startMs };
  };
  return names.map((phase) => {
    const row: PhaseRow = { phase };
    const sa = side(a, phase);
    const sb = side(b, phase);
    if (sa) row.a = sa;
    if (sb) row.b = sb;
    return row;
  });
}

/** Trials (matched by corr id) whose result differs between the runs, or that only one run has. */
export function trialDiffs(a: Story, b: Story): TrialDiff[] {
  const index = (s: Story) =>
    new Map<string, TrialStory>(s.phases.flatMap((p) => p.trials.map((t) => [t.corr, t])));
  const ia = index(a);
  const ib = index(b);
  const out: TrialDiff[] = [];
  for (const corr of new Set([...ia.keys(), ...ib.keys()])) {
    const ta = ia.get(corr)?.count;
    const tb = ib.get(corr)?.count;
    if (ta === tb && ia.has(corr) && ib.has(corr)) continue;
    const d: TrialDiff = { corr };
    if (ta !== undefined) d.a = ta;
    if (tb !== undefined) d.b = tb;
    out.push(d);
  }
  return out;
}
