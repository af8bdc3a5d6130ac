import { plain } from '../core/escape/terminal.js';
import type { CompareResult } from '../record/compare.js';
import { type BaselineComparison, gateDecision, type PipelineGate } from '../record/pipeline-gate.js';
import type { RunReport } from '../record/result.js';
import { compareFitnessRuns } from '../run/compare.js';
import type { CommandIO } from './command.js';
import { compareText } from './compare-render.js';
import { describeError, FitnessError } from './errors.js';
import type { GateSettings } from './gate-flags.js';
import { withRunDirs } from './run-source.js';

/** The gate's part of `run`'s output: the comparison and the decision, each absent when not asked for. */
export interface GatedRun {
  comparison?: CompareResult;
  gate?: PipelineGate;
}

/**
 * The baseline (A) compared with the new run (B) by the compare job, both verified first. A baseline
 * that does not verify, or a published one that cannot be fetched, is `unavailable` with its one
 * line; anything else thrown is a crash.
 */
async function compareBaseline(
  baseline: string,
  runDir: string,
  gate: GateSettings,
  io: CommandIO,
): Promise<BaselineComparison> {
  try {
    const compared = await withRunDirs(
      [baseline],
      io,
      ([dir]) => compareFitnessRuns(dir ?? baseline, runDir, gate.compare),
      'run',
    );
    return { compared };
  } catch (err) {
    if (!(err instanceof FitnessError)) throw err;
    return { unavailable: describeError(err) };
  }
}

/** What a person reads of the decision: a line per failure and note, or that every threshold held. */
function gateLines(g: PipelineGate): string[] {
  const asked = [
    ...(g.failOn === undefined ? [] : [`fail-on ${g.failOn}`]),
    ...(g.failUnder === undefined ? [] : [`fail-under ${g.failUnder}`]),
  ];
  return [
    ...g.failures.map((f) => `gate: FAIL ${f}`),
    ...g.notes.map((n) => `gate: ${n}`),
    ...(asked.length > 0 && g.failures.length === 0 && g.exitCode === 0
      ? [`gate: pass (${asked.join(', ')})`]
      : []),
  ];
}

/**
 * After the run: compares it with `--baseline` when given, decides the gate, and prints both on
 * `human` (stdout, or stderr under --json). Nothing when no gate flag was given.
 */
export async function judgeRun(
  gate: GateSettings,
  run: { dir: string; report: RunReport },
  io: CommandIO,
  human: (line: string) => void,
): Promise<GatedRun> {
  const asked = gate.baseline !== undefined || Object.keys(gate.thresholds).length > 0;
  if (!asked) return {};
  const baseline =
    gate.baseline === undefined ? undefined : await compareBaseline(gate.baseline, run.dir, gate, io);
  if (baseline !== undefined && 'compared' in baseline)
    for (const line of compareText(baseline.compared)) human(line);
  const decision = gateDecision(run.report, baseline, gate.thresholds);
  for (const line of gateLines(decision)) human(plain(line));
  return {
    ...(baseline !== undefined && 'compared' in baseline ? { comparison: baseline.compared } : {}),
    gate: decision,
  };
}
