import { z } from 'zod';
import { Count, NonEmpty, OpenUnit, PositiveCount, Sha256, Unit } from './common.js';
import { Outcome } from './outcome.js';
import { ModelId } from './prereg.js';
import { RunId } from './run-id.js';
import { RateBlock } from './score.js';

export const COMPARE_SCHEMA = 'fitness-report.compare/1';

/** The task-level test of a paired comparison (the rerun's test, with A and B in place of the runs). */
export const COMPARE_PAIRED_METHOD =
  'exact sign-flip permutation test over tasks, two-sided; d = B - A first-try successes per task';

/** The interval of the difference, and the unpaired comparison's test by its inversion. */
export const NEWCOMBE_METHOD =
  "Newcombe's hybrid score interval (method 10, Newcombe 1998) on each rate's Wilson limits at its effective sample size";

/** What a comparison concludes about B against A. */
export const COMPARE_VERDICTS = ['better', 'worse', 'no detectable change'] as const;
export const CompareVerdict = z.enum(COMPARE_VERDICTS);
export type CompareVerdict = z.infer<typeof CompareVerdict>;

/** Why two runs are not compared; each reason has its one-line detail in the document. */
export const CompareRefusalReason = z.enum([
  /** The same run id twice: nothing to compare. */
  'same_run',
  /** The records were written under different schema versions. */
  'record_version',
  /** A run is VOID: it has no measurement. */
  'void',
  /** Different server names and different surface digests: two servers, not one measured twice. */
  'different_servers',
  'runner',
  'generator',
  /** The runs registered different alphas, so no one level decides the test. */
  'alpha',
  /** A run was refused by a gate: it has no first-try rate. */
  'not_scored',
]);
export type CompareRefusalReason = z.infer<typeof CompareRefusalReason>;

/** One run as the comparison reads it: who it is, and its first-try rate as its record states it. */
export const ComparedRun = z.object({
  runId: RunId,
  /** The record's schema as written (a migrated record names the version it was written in). */
  recordSchema: NonEmpty,
  outcome: Outcome,
  /** The server's reported name (serverInfo.name), or its slug when none was reported. */
  serverName: z.string(),
  surfaceDigest: Sha256.optional(),
  suiteHash: Sha256.optional(),
  runner: ModelId,
  /** The generator chip (`explore/2`), or `generator not recorded`. */
  generator: NonEmpty,
  /** The alpha the run pre-registered (prereg.json's construct alpha); absent on a VOID run without one. */
  alpha: OpenUnit.optional(),
  /** The record's first-try block as stored (plain Wilson and the task-clustered interval); SCORED only. */
  firstTry: RateBlock.optional(),
});
export type ComparedRun = z.infer<typeof ComparedRun>;

/** One task of a paired comparison: first-try successes over its reps in each run. */
export const TaskFlip = z.object({
  taskId: NonEmpty,
  reps: PositiveCount,
  a: Count,
  b: Count,
  /** b − a. */
  difference: z.int(),
});
export type TaskFlip = z.infer<typeof TaskFlip>;

/** Same suite hash and runner: each task is a pair, and the task-level sign-flip test decides. */
export const PairedTest = z.object({
  design: z.literal('paired'),
  method: z.literal(COMPARE_PAIRED_METHOD),
  /** Tasks in both runs with the same reps: the pairs. */
  tasks: PositiveCount,
  nonZero: Count,
  rose: Count,
  fell: Count,
  /** Σ (b − a) over the paired tasks. */
  statistic: z.int(),
  pValue: Unit,
  alpha: OpenUnit,
  rejects: z.boolean(),
  /** Tasks of one run only (an extension batch bought by one run), or with different reps: never paired. */
  unpairedTasks: z.object({ aOnly: Count, bOnly: Count }),
  /** The trial-level McNemar test is not shown: trials of one task are not independent. */
  statement: NonEmpty,
});

/** Different suites of one server: the difference's interval decides, and its inversion gives p. */
export const UnpairedTest = z.object({
  design: z.literal('unpaired'),
  method: z.literal(NEWCOMBE_METHOD),
  pValue: Unit,
  alpha: OpenUnit,
  /** The 1 − alpha interval of the difference excludes 0. */
  rejects: z.boolean(),
  statement: NonEmpty,
});

/** B − A with its 1 − alpha interval (Newcombe), on effective sample sizes when both records have them. */
export const Difference = z
  .object({
    method: z.literal(NEWCOMBE_METHOD),
    estimate: z.number().min(-1).max(1),
    lower: z.number().min(-1).max(1),
    upper: z.number().min(-1).max(1),
    confidence: OpenUnit,
    /** `clustered`: each rate's task-clustered limits; `plain`: Wilson over trials (a record without them). */
    basis: z.enum(['clustered', 'plain']),
  })
  .refine((d) => d.lower <= d.estimate && d.estimate <= d.upper, {
    message: 'expected lower <= estimate <= upper',
    path: ['estimate'],
  });
export type Difference = z.infer<typeof Difference>;

/** A gate whose verdict differs between the runs (absent in one run: it never ran there). */
export const GateChange = z.object({ gate: NonEmpty, a: NonEmpty.optional(), b: NonEmpty.optional() });
export type GateChange = z.infer<typeof GateChange>;

/** A probe whose result differs: pass, fail, or could not check (absent: not run). */
export const ProbeState = z.enum(['pass', 'fail', 'could not check']);
export type ProbeState = z.infer<typeof ProbeState>;
export const ProbeChange = z.object({ id: NonEmpty, a: ProbeState.optional(), b: ProbeState.optional() });
export type ProbeChange = z.infer<typeof ProbeChange>;

/** The tool surfaces: their digests and, where both records list per-tool digests, what changed. */
export const SurfaceDelta = z.object({
  same: z.boolean(),
  a: Sha256.optional(),
  b: Sha256.optional(),
  /** By name; `changed`: same name, another digest of its name, description, schemas and annotations. */
  tools: z
    .object({ added: z.array(NonEmpty), removed: z.array(NonEmpty), changed: z.array(NonEmpty) })
    .optional(),
  /** Why `tools` is absent: a record without per-tool digests. */
  toolsNotRecorded: NonEmpty.optional(),
});
export type SurfaceDelta = z.infer<typeof SurfaceDelta>;

/** What the comparison measured, present exactly when it was not refused. */
export const Measured = z
  .object({
    difference: Difference,
    test: z.discriminatedUnion('design', [PairedTest, UnpairedTest]),
    verdict: CompareVerdict,
    /** Paired comparisons: every paired task whose first-try successes differ. */
    flips: z.array(TaskFlip),
  })
  .superRefine((m, ctx) => {
    const want: CompareVerdict = !m.test.rejects
      ? 'no detectable change'
      : (m.test.design === 'paired' ? m.test.statistic : m.difference.estimate) > 0
        ? 'better'
        : 'worse';
    if (m.verdict !== want)
      ctx.addIssue({ code: 'custom', path: ['verdict'], message: `expected ${want}, from the test` });
    if (m.test.design === 'unpaired' && m.test.rejects !== (m.difference.lower > 0 || m.difference.upper < 0))
      ctx.addIssue({
        code: 'custom',
        path: ['test', 'rejects'],
        message: 'expected: the interval excludes 0',
      });
    if (m.test.design === 'unpaired' && m.flips.length > 0)
      ctx.addIssue({ code: 'custom', path: ['flips'], message: 'an unpaired comparison pairs no task' });
  });
export type Measured = z.infer<typeof Measured>;

/** `fitness-report compare A B` and the library's compareRuns: B (the newer run) against A (the baseline). */
export const CompareResult = z
  .object({
    schema: z.literal(COMPARE_SCHEMA),
    a: ComparedRun,
    b: ComparedRun,
    refusal: z.object({ reason: CompareRefusalReason, detail: NonEmpty }).optional(),
    measured: Measured.optional(),
    gates: z.array(GateChange),
    probes: z.array(ProbeChange),
    surface: SurfaceDelta,
  })
  .refine((r) => (r.refusal === undefined) !== (r.measured === undefined), {
    message: 'expected exactly one of refusal and measured',
    path: ['measured'],
  });
export type CompareResult = z.infer<typeof CompareResult>;
