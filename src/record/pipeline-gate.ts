import { z } from 'zod';
import { NonEmpty, Unit } from './common.js';
import type { CompareResult } from './compare.js';
import { ExitCode } from './exit-code.js';
import type { Outcome } from './outcome.js';
import type { RateBlock } from './score.js';

/**
 * `run --baseline … --fail-on regression --fail-under P`: whether a pipeline should fail, decided
 * from what the run and the comparison already state (docs/ci.md, "A gate for a pipeline"). Pure:
 * the run's report, the comparison (or why there is none) and the thresholds in, the decision out.
 */

/** What `--fail-on` can name. */
export const FAIL_ON = ['regression'] as const;
export const FailOn = z.enum(FAIL_ON);
export type FailOn = z.infer<typeof FailOn>;

/** The thresholds a pipeline asked for; absent: not asked. */
export interface GateThresholds {
  failOn?: FailOn;
  /** The clustered lower bound of the first-try rate must be at least this (0..1). */
  failUnder?: number;
}

/** The baseline as the gate reads it: compared (measured or refused), or not compared at all and why. */
export type BaselineComparison = { compared: CompareResult } | { unavailable: string };

/** The decision, as `run --json` prints it under `gate`. */
export const PipelineGate = z.object({
  failOn: FailOn.optional(),
  failUnder: Unit.optional(),
  /** What the command exits with: the run's own code, or 1 when a threshold failed on a SCORED run. */
  exitCode: ExitCode,
  /** One line per threshold the run failed. */
  failures: z.array(NonEmpty),
  /** One line per threshold that was not judged, or a comparison that was refused. */
  notes: z.array(NonEmpty),
});
export type PipelineGate = z.infer<typeof PipelineGate>;

/** The slice of the run's report (`RunReport`) the gate reads. */
interface GatedRun {
  outcome: Outcome;
  exitCode: ExitCode;
  firstTry?: z.infer<typeof RateBlock> | undefined;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const points = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x * 100).toFixed(1)} points`;

/** `--fail-on regression`: a failure only on a `worse` verdict; a refused comparison is a note. */
function regression(
  baseline: BaselineComparison | undefined,
  failOn: boolean,
): { fail?: string; note?: string } {
  if (baseline === undefined) return {};
  if ('unavailable' in baseline)
    return failOn
      ? { fail: `baseline: ${baseline.unavailable}` }
      : { note: `baseline not compared: ${baseline.unavailable}` };
  const r = baseline.compared;
  if (r.refusal !== undefined)
    return {
      note: `baseline not compared (${r.refusal.reason}): ${r.refusal.detail}; a refusal to compare, not a regression`,
    };
  const m = r.measured;
  if (m?.verdict !== 'worse' || !failOn) return {};
  const design =
    m.test.design === 'paired' ? 'paired sign-flip test over tasks' : 'unpaired Newcombe interval';
  return {
    fail: `regression: worse than baseline ${r.a.runId} (${design}, p = ${String(Number(m.test.pValue.toPrecision(4)))} at alpha ${m.test.alpha}; B − A ${points(m.difference.estimate)})`,
  };
}

/** `--fail-under P`: the record's clustered lower bound (plain Wilson when the record has none) against P. */
function underThreshold(run: GatedRun, p: number): string | undefined {
  const first = run.firstTry;
  if (first === undefined) return undefined;
  const lower = first.clustered?.wilson.lower ?? first.wilson.lower;
  const which = first.clustered ? 'clustered' : 'plain Wilson';
  return lower < p
    ? `fail-under: first-try ${which} lower bound ${pct(lower)} is below ${pct(p)}`
    : undefined;
}

/**
 * Should the pipeline fail? A run that is not SCORED keeps its own exit code (a refusal is a refusal,
 * VOID is VOID) and no threshold is judged. A SCORED run exits 1 when the comparison's verdict is
 * `worse` under `--fail-on regression` (or the baseline could not be verified or fetched, so no
 * regression can be ruled out), or when its clustered lower bound is below `--fail-under`; a
 * comparison refused for what the two runs are (another runner, another server…) is a note.
 */
export function gateDecision(
  run: GatedRun,
  baseline: BaselineComparison | undefined,
  thresholds: GateThresholds,
): PipelineGate {
  const asked = {
    ...(thresholds.failOn === undefined ? {} : { failOn: thresholds.failOn }),
    ...(thresholds.failUnder === undefined ? {} : { failUnder: thresholds.failUnder }),
  };
  if (run.exitCode !== 0 || run.outcome !== 'SCORED') {
    const judged = thresholds.failOn !== undefined || thresholds.failUnder !== undefined;
    return {
      ...asked,
      exitCode: run.exitCode,
      failures: [],
      notes: judged ? [`the run is ${run.outcome}: its own exit code stands, no threshold is judged`] : [],
    };
  }
  const r = regression(baseline, thresholds.failOn === 'regression');
  const under = thresholds.failUnder === undefined ? undefined : underThreshold(run, thresholds.failUnder);
  const failures = [r.fail, under].filter((s): s is string => s !== undefined);
  return {
    ...asked,
    exitCode: failures.length > 0 ? 1 : 0,
    failures,
    notes: r.note === undefined ? [] : [r.note],
  };
}
