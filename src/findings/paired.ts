import { z } from 'zod';
import { type TaskCounts, type TaskLevelTest, taskLevelTest, verdictOf } from '../record/paired-tasks.js';
import { REFS_PER_KIND, type TapeRef } from '../record/probe.js';
import type { MeasuredEffect } from '../record/rerun.js';
import { mcnemarExact } from '../stats/mcnemar.js';
import { wilson } from '../stats/wilson.js';
import { parseCorrId } from '../tape/corr-id.js';
import type { TapeRecord } from '../tape/reader.js';
import { EventKind } from '../tape/schema.js';

const DriveEnd = z.looseObject({ phase: z.literal('drive'), firstTry: z.boolean() });

/** One drive trial's first-try outcome and the agent-plane line of its end event. */
export interface DriveTrial {
  firstTry: boolean;
  line: number;
}

/**
 * Every drive trial's first-try outcome from an agent tape, keyed by its corr id (task id × rep):
 * the `fitness.trial` end event the drive wrote for it. The first event of a corr id counts.
 */
export function driveFirstTries(agent: readonly TapeRecord[]): Map<string, DriveTrial> {
  const out = new Map<string, DriveTrial>();
  for (const r of agent) {
    if (r.type !== 'event' || r.value.kind !== EventKind.trial) continue;
    const corr = r.value.corr_id;
    const parsed = DriveEnd.safeParse(r.value.raw);
    if (typeof corr !== 'string' || !parsed.success || out.has(corr)) continue;
    out.set(corr, { firstTry: parsed.data.firstTry, line: r.line });
  }
  return out;
}

export interface TrialPair {
  trial: string;
  original: DriveTrial;
  rewritten: DriveTrial;
}

export interface Pairing {
  pairs: TrialPair[];
  /** Trials one run has and the other does not: counted, never paired. */
  originalOnly: string[];
  rewrittenOnly: string[];
}

/** Pairs the two runs' drive trials by corr id, in the original's order. */
export function pairTrials(
  original: ReadonlyMap<string, DriveTrial>,
  rewritten: ReadonlyMap<string, DriveTrial>,
): Pairing {
  const pairs: TrialPair[] = [];
  const originalOnly: string[] = [];
  for (const [trial, o] of original) {
    const r = rewritten.get(trial);
    if (r === undefined) originalOnly.push(trial);
    else pairs.push({ trial, original: o, rewritten: r });
  }
  const rewrittenOnly = [...rewritten.keys()].filter((t) => !original.has(t));
  return { pairs, originalOnly, rewrittenOnly };
}

/**
 * The pairs grouped by task (the corr id's task id), in the original's order: each task's paired
 * reps and its first-try successes in each run. The unit of the rerun's test.
 */
export function pairedTasks(pairs: readonly TrialPair[]): TaskCounts[] {
  const byTask = new Map<string, TaskCounts>();
  for (const p of pairs) {
    const c = parseCorrId(p.trial);
    // A drive trial's corr id always names its task; anything else stands as its own unit.
    const taskId = c.kind === 'trial' ? c.taskId : p.trial;
    const t = byTask.get(taskId) ?? { taskId, reps: 0, original: 0, rewritten: 0 };
    byTask.set(taskId, {
      taskId,
      reps: t.reps + 1,
      original: t.original + (p.original.firstTry ? 1 : 0),
      rewritten: t.rewritten + (p.rewritten.firstTry ? 1 : 0),
    });
  }
  return [...byTask.values()];
}

const rate = (k: number, n: number) => {
  const w = wilson(k, n, 0.95);
  return {
    k,
    n,
    wilson: { point: w.point, lower: w.lower, upper: w.upper, confidence: w.confidence, z: w.z },
  };
};

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The task-level test in words: how many tasks moved each way, the sum and the exact p. */
function taskWords(t: TaskLevelTest): string {
  const sum = t.statistic > 0 ? `+${t.statistic}` : String(t.statistic);
  return `per task, first-try successes rose on ${t.rose} and fell on ${t.fell} of ${t.tasks} tasks (sum of differences ${sum}); exact sign-flip p = ${t.pValue.toPrecision(3)} over tasks at alpha ${t.alpha}`;
}

/**
 * The measured effect of the rewrites on the paired trials: both first-try rates with Wilson 95%
 * intervals, the task-level sign-flip test the verdict follows, and the exact McNemar test on the
 * discordant trial pairs as a description, all at the pre-registered alpha. Undefined when nothing
 * paired. Pure: `verify` calls it again on the two runs' tapes.
 */
export function measuredEffect(
  pairing: Pairing,
  alpha: number,
  runnerKind: 'lexical' | 'model',
): MeasuredEffect | undefined {
  const { pairs } = pairing;
  if (pairs.length === 0) return undefined;
  const bPairs = pairs.filter((p) => p.original.firstTry && !p.rewritten.firstTry);
  const cPairs = pairs.filter((p) => !p.original.firstTry && p.rewritten.firstTry);
  const test = mcnemarExact(bPairs.length, cPairs.length, alpha);
  const original = rate(pairs.filter((p) => p.original.firstTry).length, pairs.length);
  const rewritten = rate(pairs.filter((p) => p.rewritten.firstTry).length, pairs.length);
  const taskLevel = taskLevelTest(pairedTasks(pairs), alpha);
  const verdict = verdictOf(taskLevel.rejects, taskLevel.statistic);
  const who =
    runnerKind === 'lexical'
      ? 'a lexical agent (the offline heuristic runner, not a language model)'
      : 'this runner model';
  const numbers = `${taskWords(taskLevel)}. First try ${original.k}/${pairs.length} (${pct(original.wilson.point)}) → ${rewritten.k}/${pairs.length} (${pct(rewritten.wilson.point)}); trial-level McNemar, a description only (reps of one task are not independent): b = ${test.firstOnly}, c = ${test.secondOnly}, p = ${test.pValue.toPrecision(3)}`;
  const words =
    verdict === 'no measurable effect'
      ? `no measurable effect on ${who}`
      : `the rewrites ${verdict === 'improved' ? 'helped' : 'hurt'} ${who}`;
  const discordant = [...bPairs, ...cPairs].sort((x, y) => x.original.line - y.original.line);
  const refs = (pick: (p: TrialPair) => DriveTrial, plane: 'agent'): TapeRef[] =>
    discordant.slice(0, REFS_PER_KIND).map((p) => `${plane}:${pick(p).line}`);
  return {
    pairs: pairs.length,
    original,
    rewritten,
    taskLevel,
    mcnemar: {
      b: test.firstOnly,
      c: test.secondOnly,
      discordant: test.discordant,
      pValue: test.pValue,
      alpha,
      rejects: test.rejects,
    },
    verdict,
    statement: `${words}: ${numbers}.`,
    runnerKind,
    evidence: { original: refs((p) => p.original, 'agent'), rewritten: refs((p) => p.rewritten, 'agent') },
  };
}

/**
 * The measured effect from the two runs' agent tapes alone: what the rerun records and what
 * `verify` re-derives, with the same functions.
 */
export function effectOfTapes(
  original: readonly TapeRecord[],
  rewritten: readonly TapeRecord[],
  alpha: number,
  runnerKind: 'lexical' | 'model',
): { effect?: MeasuredEffect; unpaired: { originalOnly: number; rewrittenOnly: number } } {
  const pairing = pairTrials(driveFirstTries(original), driveFirstTries(rewritten));
  const effect = measuredEffect(pairing, alpha, runnerKind);
  return {
    ...(effect === undefined ? {} : { effect }),
    unpaired: { originalOnly: pairing.originalOnly.length, rewrittenOnly: pairing.rewrittenOnly.length },
  };
}
