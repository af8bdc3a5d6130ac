import { z } from 'zod';
import { canonicalJson, sha256Hex } from '../core/canonical.js';
import { Count, IsoTime, NonEmpty, OpenUnit, PositiveCount, Sha256, StoredInterval, Unit } from './common.js';
import { ParameterProposal } from './findings.js';
import {
  RERUN_VERDICTS,
  TASK_LEVEL_METHOD,
  TaskLevelTest,
  TRIAL_LEVEL_TEST,
  verdictOf,
} from './paired-tasks.js';
import { REFS_PER_KIND, TapeRef } from './probe.js';
import { RunId } from './run-id.js';
import { Signer } from './signer.js';
import { FileDigest } from './surface.js';

export const RERUN_SCHEMA = 'fitness-report.rerun/1';
export const RERUN_POLICY_SCHEMA = 'fitness-report.rerun-policy/1';

/** The registered alpha of the paired test (the task-level sign-flip test), pre-registered in every rerun policy. */
export const RERUN_ALPHA = 0.05;

/** What a rerun repeats and what it takes as it stands from the original: said in every record. */
export const RERUN_STATEMENT =
  "Re-run: the drive only (the same registered tasks, reps, seed, runner and agent limits, over the same server), with the proposed descriptions shown to the runner in place of the server's. Not re-run: generation, admission, the screen and the validity gates (structural, answer_leak, suite_size, plan_power, null_baseline, construct): they decide whether the suite measures the server, and the suite is the same bytes (same suite hash) over the same surface (same surface digest), so the original's decisions stand for it; the descriptions change only what the runner reads.";

/** One tool as the rerun's runner was shown it, and the proposals it came from. */
export const Override = z.looseObject({
  tool: NonEmpty,
  /** The description the runner read instead of the server's. */
  description: NonEmpty,
  /** The server's own description (absent when the tool had none). */
  serverDescription: z.string().optional(),
  /** Parameter docs (and renames) shown in place of the schema's; the server receives its own names. */
  parameters: z.array(ParameterProposal),
  /** The proposals (tool, generator) this came from, and the finding ids they answer. */
  proposals: z
    .array(z.looseObject({ tool: NonEmpty, generator: NonEmpty, answers: z.array(NonEmpty) }))
    .min(1),
});
export type Override = z.infer<typeof Override>;

/** What the rerun pairs with: the original run, its suite and its surface. */
export const RerunOf = z.looseObject({
  runId: RunId,
  suiteHash: Sha256,
  surfaceDigest: Sha256,
  /** sha256 of the original's record.json bytes as read (the original is never modified). */
  recordSha256: Sha256,
});

/**
 * rerun-policy.json: written and hashed before the first model call of the rerun. It fixes the
 * pairing, the test (the task-level method; the trial-level McNemar on a policy made before it) and its alpha, the runner and the limits (all from the original's policy), and
 * the override, so no part of the measured effect can be chosen after seeing an outcome.
 */
export const RerunPolicy = z.looseObject({
  schema: z.literal(RERUN_POLICY_SCHEMA),
  rerunOf: RerunOf,
  runner: NonEmpty,
  seed: z.int(),
  repsDrive: PositiveCount,
  agentLimits: z.looseObject({}),
  /** The original's drive trials, by corr id: the pairs. */
  trials: z.array(NonEmpty).min(1),
  pairing: z.literal('per trial: task id × rep'),
  test: z.enum([TASK_LEVEL_METHOD, TRIAL_LEVEL_TEST]),
  alpha: OpenUnit,
  overrides: z.array(Override).min(1),
  statement: NonEmpty,
  writtenAt: IsoTime,
});
export type RerunPolicy = z.infer<typeof RerunPolicy>;

export function serializeRerunPolicy(policy: RerunPolicy): string {
  return `${canonicalJson(RerunPolicy.parse(policy))}\n`;
}

export function rerunPolicySha256(policy: RerunPolicy): string {
  return sha256Hex(serializeRerunPolicy(policy));
}

export const RateWithInterval = z.looseObject({ k: Count, n: PositiveCount, wilson: StoredInterval });

/**
 * The paired measured effect: both first-try rates, the task-level test the verdict follows, and the
 * exact McNemar test on the trial pairs as a description (trials of one task are not independent).
 * `taskLevel` is absent only on a rerun made before the method, whose verdict followed McNemar.
 */
export const MeasuredEffect = z
  .looseObject({
    pairs: PositiveCount,
    original: RateWithInterval,
    rewritten: RateWithInterval,
    taskLevel: TaskLevelTest.optional(),
    mcnemar: z.looseObject({
      /** Pairs that succeeded first try in the original only. */
      b: Count,
      /** Pairs that succeeded first try with the rewrites only. */
      c: Count,
      discordant: Count,
      pValue: Unit,
      alpha: OpenUnit,
      rejects: z.boolean(),
    }),
    verdict: z.enum(RERUN_VERDICTS),
    /** The verdict in words, with whose behaviour it describes (a lexical agent offline). */
    statement: NonEmpty,
    /** `lexical` when the runner is the offline heuristic: the effect is on a lexical agent. */
    runnerKind: z.enum(['lexical', 'model']),
    /** The agent-plane lines of the first discordant pairs, in each run. */
    evidence: z.looseObject({
      original: z.array(TapeRef).max(REFS_PER_KIND),
      rewritten: z.array(TapeRef).max(REFS_PER_KIND),
    }),
  })
  .superRefine((e, ctx) => {
    if (e.mcnemar.discordant !== e.mcnemar.b + e.mcnemar.c)
      ctx.addIssue({ code: 'custom', path: ['mcnemar', 'discordant'], message: 'expected b + c' });
    if (e.original.n !== e.pairs || e.rewritten.n !== e.pairs)
      ctx.addIssue({ code: 'custom', path: ['pairs'], message: 'both rates are over the pairs' });
    if (e.original.k - e.rewritten.k !== e.mcnemar.b - e.mcnemar.c)
      ctx.addIssue({
        code: 'custom',
        path: ['mcnemar'],
        message: 'k(original) − k(rewritten) must equal b − c',
      });
    const t = e.taskLevel;
    const decides = t
      ? verdictOf(t.rejects, t.statistic)
      : verdictOf(e.mcnemar.rejects, e.mcnemar.c - e.mcnemar.b);
    if (e.verdict !== decides)
      ctx.addIssue({
        code: 'custom',
        path: ['verdict'],
        message: `expected ${decides}, from the ${t ? 'task-level test' : 'McNemar test (made before the task-level test)'}`,
      });
    if (t === undefined) return;
    const sum = (pick: (p: TaskLevelTest['perTask'][number]) => number) =>
      t.perTask.reduce((a, p) => a + pick(p), 0);
    if (
      sum((p) => p.reps) !== e.pairs ||
      sum((p) => p.original) !== e.original.k ||
      sum((p) => p.rewritten) !== e.rewritten.k
    )
      ctx.addIssue({
        code: 'custom',
        path: ['taskLevel', 'perTask'],
        message: 'the per-task counts must sum to the pairs and both rates',
      });
    if (t.alpha !== e.mcnemar.alpha)
      ctx.addIssue({
        code: 'custom',
        path: ['taskLevel', 'alpha'],
        message: 'expected the alpha of the rerun',
      });
  });
export type MeasuredEffect = z.infer<typeof MeasuredEffect>;

export const RerunOutcome = z.enum(['MEASURED', 'REFUSED', 'VOID']);

/** rerun.json: a paired experiment on the original's registered suite, never a second score. */
export const RerunRecord = z
  .looseObject({
    schema: z.literal(RERUN_SCHEMA),
    runId: RunId,
    rerunOf: RerunOf,
    outcome: RerunOutcome,
    startedAt: IsoTime,
    endedAt: IsoTime,
    producer: z.looseObject({ name: NonEmpty, version: NonEmpty }),
    runner: NonEmpty,
    target: z.looseObject({ kind: z.enum(['stdio', 'http']), description: NonEmpty }),
    /** Where the target came from: the original's recorded argv/URL, or flags given to the rerun. */
    targetFrom: z.enum(['original', 'flags']),
    statement: NonEmpty,
    policy: z.looseObject({ path: NonEmpty, sha256: Sha256, at: IsoTime }).optional(),
    overrides: z.array(Override),
    /** The surface the rerun listed (equal to the original's, or the refusal says how it differs). */
    surfaceDigest: Sha256.optional(),
    effect: MeasuredEffect.optional(),
    /** Trials of the original with no partner in the rerun (or the reverse): counted, never paired. */
    unpaired: z.looseObject({ originalOnly: Count, rewrittenOnly: Count }).optional(),
    refusal: z
      .looseObject({
        reason: z.enum(['surface_changed']),
        detail: NonEmpty,
        originalDigest: Sha256,
        currentDigest: Sha256.optional(),
      })
      .optional(),
    void: z.looseObject({ reason: NonEmpty, detail: NonEmpty }).optional(),
    notes: z.array(z.looseObject({ id: NonEmpty, text: NonEmpty })),
    files: z.array(FileDigest),
    signer: Signer.optional(),
  })
  .superRefine((r, ctx) => {
    const want = { MEASURED: 'effect', REFUSED: 'refusal', VOID: 'void' } as const;
    for (const [outcome, key] of Object.entries(want)) {
      if ((r.outcome === outcome) !== (r[key] !== undefined))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `present exactly when the outcome is ${outcome}`,
        });
    }
  });
export type RerunRecord = z.infer<typeof RerunRecord>;
