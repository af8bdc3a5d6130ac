import { z } from 'zod';
import { NullPhase } from '../tape/phases.js';
import { TaskCount } from './clustered-gate.js';
import { Count, NonEmpty, OpenUnit, PositiveCount, Sha256, Threshold } from './common.js';
import { ExtensionPolicy, Pool } from './extension.js';
import { TapeRef } from './probe.js';
import { TRIAL_BUDGETS } from './trial-count.js';
import { WireEvidence } from './wire-evidence.js';

/*
 * What each gate function is called with: the one declaration of every gate's input. The gate
 * functions (src/gates) take these types, and each gate record stores the input it was decided on
 * (`input`), so `verify` calls the same function on the same stored input (docs/design.md §12).
 * The objects strip unknown keys: what is stored is exactly the fields the decision reads. The
 * ranges are the record's own; the gate functions still check them first, naming the bad argument.
 */

/** explore/2's ledger in numbers, as the structural gate reads it. */
export const ExplorationFigures = z.object({
  /** Tools on the surface, and how many the policy let exploration call. */
  tools: Count,
  explorable: Count,
  /** Explorable tools called at least once, calls made, and calls that errored. */
  toolsCalled: Count,
  calls: Count,
  errors: Count,
  /** Calls that gave a usable result (not an error, an error text, an empty or oversized result). */
  usable: Count.optional(),
  /** 1 when one of `calls` was the call the server asked for first (`prepare.ts`): it reads nothing. */
  prepared: Count.optional(),
  /** Required parameters (of any explorable tool) that only generated values could fill. */
  generatedOnly: z.array(NonEmpty).optional(),
  /** Answers set aside because they said the server holds nothing ("No projects yet"). */
  emptyState: Count.optional(),
  /** Errors that were results the client rejected against the output schema the tool declares. */
  invalidResults: Count.optional(),
  /** The tool exploration never called that the most errors named, and how many named it. */
  namedTool: NonEmpty.optional(),
  namedToolErrors: Count.optional(),
});
export type ExplorationFigures = z.infer<typeof ExplorationFigures>;

export const StructuralInput = z.object({
  /** tools/list succeeded. */
  surfaceListed: z.boolean(),
  toolCount: Count,
  /** Entries tools/list returned before malformed ones were left out (absent: not counted). */
  listedTools: Count.optional(),
  candidates: Count,
  /** Candidates rejected by an admission rule (screen deletions and surplus are not rejections). */
  rejected: Count,
  /** Of those, rejected as key-unstable: the same read-only plan answered differently again. */
  unstable: Count.optional(),
  registered: Count,
  /** Registered tasks that failed re-validation from their rendered content. */
  invalidTasks: z.array(z.object({ taskId: NonEmpty, detail: NonEmpty })),
  minAdmissionRate: Threshold,
  /** explore/2's ledger in numbers (absent for generators that do not explore). */
  exploration: ExplorationFigures.optional(),
});
export type StructuralInput = z.infer<typeof StructuralInput>;

/** One task as the answer_leak gate scans it. */
const LeakScanTask = z.object({
  taskId: NonEmpty,
  prompt: z.string(),
  /** The execution-grounded answer key. */
  answerKey: z.unknown(),
  /** Plan arguments as bound at admission, when any. */
  boundArguments: z.unknown().optional(),
});
export type LeakScanTask = z.infer<typeof LeakScanTask>;

/**
 * answer_leak's stored input: the sha256 of the canonical JSON of the scanned tasks (its input is
 * the suite's tasks, `LeakScanTask[]`). The answer keys stay out of the record: suite.json already
 * holds them, and `verify` scans suite.json's tasks after checking they are the ones digested here.
 */
export const AnswerLeakInput = z.object({ tasksSha256: Sha256 });

export const SuiteSizeInput = z.object({
  /** Tasks in the registered suite. */
  registered: Count,
  /** Admitted candidates the generation-time screen deleted (0 when no screen ran). */
  deletedByScreen: Count,
  minTasks: PositiveCount,
  /** The suite size the run registered (`--tasks`), when known. */
  requestedTasks: PositiveCount.optional(),
  /** Candidates the generator built, and explore/2's ledger in numbers (absent for generators that do not explore). */
  candidates: Count.optional(),
  exploration: ExplorationFigures.optional(),
  /** Candidates an admission rule rejected, and of those the key-unstable (absent in records before them). */
  rejected: Count.optional(),
  unstable: Count.optional(),
});
export type SuiteSizeInput = z.infer<typeof SuiteSizeInput>;

/** A rate gate's registered parameters. */
const RateParams = z.object({
  threshold: Threshold,
  alpha: OpenUnit,
  detectableRate: OpenUnit,
  power: OpenUnit,
});
export type RateParams = z.infer<typeof RateParams>;

/** The clustered design a plan is for: what the construct trials are made of, and by whom. */
const PlanDesign = z.object({
  /** Tasks at the registered size. */
  registeredTasks: Count,
  /** Tasks one extension batch adds. */
  tasksPerBatch: Count,
  /** The runner's model id (the reference agent and the drive both run on it). */
  runner: NonEmpty,
});
export type PlanDesign = z.infer<typeof PlanDesign>;

export const PlanPowerInput = z.object({
  construct: RateParams,
  /** Construct trials at the registered size: tasks × construct reps. */
  registeredTrials: Count,
  /** Construct trials one extension batch adds: batchTasks × construct reps. */
  trialsPerBatch: Count,
  maxExtensions: Count,
  /**
   * The clustered design: tasks, tasks per batch and the runner. Absent only to decide again a record
   * planned before the design effect was stated (its gate record then has no `effective`).
   */
  design: PlanDesign.optional(),
});
export type PlanPowerInput = z.infer<typeof PlanPowerInput>;

/** The trials behind a rate, as counts: one null phase's, or a signal's. */
const RateCounts = z.object({
  k: Count,
  /** Applicable trials (for null-random-args: those whose randomised call differed from the agent's own). */
  n: Count,
  /**
   * null-random-args: trials whose randomised arguments equalled the agent's own call (every
   * argument-free tool), so they measured the real call. Counted in neither k nor n.
   */
  notApplicable: Count.optional(),
  /** Tape lines behind k (the passing answers), carried into the record as they are. */
  tapeRefs: z.array(TapeRef).optional(),
  /** Per task: k of its m counted trials (summing to k and n); the rate's clustered interval rests on them. */
  perTask: z.array(TaskCount).optional(),
});
export type RateCounts = z.infer<typeof RateCounts>;

/**
 * The signal the nulls are read against. The ceiling (S = 1) is used before any paid call; the
 * reference rate after construct; the first-try rate after the drive. Counts absent (or n = 0)
 * means the signal was not measured.
 */
const Signal = z.union([
  z.object({ source: z.literal('ceiling') }),
  z.object({ source: z.enum(['reference', 'first_try']), counts: RateCounts.optional() }),
]);
export type Signal = z.infer<typeof Signal>;

export const NullBaselineInput = z.object({
  phases: z.partialRecord(NullPhase, RateCounts),
  signal: Signal,
  /** Registered null ratio (0.5) and percentile (95). */
  ratio: Threshold,
  percentile: z.number().gt(0).max(100),
  /** Phases stopped early (ceiling only): each one's registered trials that never ran, re-proved here. */
  curtailed: z.partialRecord(NullPhase, Count).optional(),
});
export type NullBaselineInput = z.infer<typeof NullBaselineInput>;

export const ConstructInput = z.object({
  params: RateParams,
  compromisedErrorShare: OpenUnit,
  policy: ExtensionPolicy,
  /** Construct reps: every task, registered or from a batch, is driven this many times. */
  reps: PositiveCount,
  registered: z.object({ tasks: Count, pool: Pool }),
  /** Each bought batch, in order, with the pool after it was driven and pooled. */
  batches: z.array(z.object({ tasksAdded: Count, pool: Pool })),
  /** What the wire tape shows about the reference agent's calls. */
  wire: WireEvidence.optional(),
  /** The last step stopped early: its registered trials that never ran (re-proved here). */
  curtailed: z.object({ remaining: PositiveCount }).optional(),
  /** The final pool per task (m: completed trials), for the recorded clustered interval only. */
  perTask: z.array(TaskCount).optional(),
  /**
   * The pool's failed trials that ended because a per-trial limit ran out, by limit (`budgetEnded`
   * in src/record/trial-count.ts); absent on records written before it was kept.
   */
  budgetEnded: z.partialRecord(z.enum(TRIAL_BUDGETS), PositiveCount).optional(),
});
export type ConstructInput = z.infer<typeof ConstructInput>;
