import { z } from 'zod';
import { ClusteredInterval } from './clustered.js';
import { Amount, Count, NonEmpty, PositiveCount, StoredInterval } from './common.js';
import { REFS_PER_KIND, TapeRef } from './probe.js';

/** How a tool call failed, for per-tool attribution. */
export const FailureClass = z.enum([
  /** the tool answered with `isError: true` */
  'tool_error',
  /** a JSON-RPC error response */
  'protocol_error',
  /** the call timed out */
  'timeout',
  /** the request never got a response (pending on the tape) */
  'no_response',
  /** the transport failed under the call */
  'transport',
]);
export type FailureClass = z.infer<typeof FailureClass>;

export const ToolAttribution = z
  .looseObject({
    tool: NonEmpty,
    calls: Count,
    errors: Count,
    errorsByClass: z.partialRecord(FailureClass, Count),
    /** Nearest-rank percentiles over calls that got a response; absent when none did. */
    latencyMs: z.looseObject({ samples: PositiveCount, p50: Amount, p95: Amount }).optional(),
    /**
     * Wire lines of the failed calls (the first REFS_PER_KIND): the response line of an error, the
     * request line of a call that got no response. Absent on records written before refs were kept.
     */
    tapeRefs: z.array(TapeRef).max(REFS_PER_KIND).optional(),
  })
  .superRefine((t, ctx) => {
    const sum = Object.values(t.errorsByClass).reduce<number>((a, b) => a + (b ?? 0), 0);
    if (sum !== t.errors) {
      ctx.addIssue({
        code: 'custom',
        path: ['errors'],
        message: `expected the sum by class ${sum}, got ${t.errors}`,
      });
    }
    if (t.errors > t.calls) {
      ctx.addIssue({
        code: 'custom',
        path: ['errors'],
        message: `errors ${t.errors} exceed calls ${t.calls}`,
      });
    }
  });
export type ToolAttribution = z.infer<typeof ToolAttribution>;

/**
 * One task across its reps. pass^k and pass@k are over first-try success, the headline criterion:
 * pass^k when every rep succeeded on the first try, pass@k when at least one did.
 */
export const TaskScore = z
  .looseObject({
    taskId: NonEmpty,
    reps: PositiveCount,
    firstTry: Count,
    eventual: Count,
    passHatK: z.boolean(),
    passAtK: z.boolean(),
  })
  .superRefine((t, ctx) => {
    if (t.firstTry > t.eventual || t.eventual > t.reps) {
      ctx.addIssue({ code: 'custom', path: ['firstTry'], message: 'expected firstTry <= eventual <= reps' });
    }
    if (t.passHatK !== (t.firstTry === t.reps) || t.passAtK !== t.firstTry > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['passHatK'],
        message: 'pass^k / pass@k disagree with the counts',
      });
    }
  });
export type TaskScore = z.infer<typeof TaskScore>;

/**
 * A rate over trials: plain Wilson beside the task-clustered interval decisions use. `clustered`
 * is absent only on a record written before the method ("interval not clustered").
 */
export const RateBlock = z
  .looseObject({
    k: Count,
    n: PositiveCount,
    wilson: StoredInterval,
    clustered: ClusteredInterval.optional(),
  })
  .refine((r) => r.k <= r.n, { message: 'k must not exceed n', path: ['k'] })
  .refine((r) => r.clustered === undefined || r.clustered.tasks * r.clustered.m === r.n, {
    message: 'expected clustered tasks × m to equal n',
    path: ['clustered'],
  })
  .refine((r) => r.clustered === undefined || r.clustered.wilson.point === r.wilson.point, {
    message: 'expected the clustered point to equal the plain one',
    path: ['clustered', 'wilson', 'point'],
  });

export const TokenTotals = z.looseObject({
  input: Count,
  output: Count,
  cacheRead: Count,
  cacheWrite: Count,
  /** Trials whose usage was not reported: the totals are then a lower bound. */
  trialsWithoutUsage: Count,
});
export type TokenTotals = z.infer<typeof TokenTotals>;

export const Money = z.looseObject({
  kind: z.enum(['total', 'floor']),
  usd: Amount,
  reasons: z.array(NonEmpty),
});

/** A completed task is one whose check passed on at least one rep (eventual success). */
export const PerCompletedTask = z.union([
  z
    .looseObject({
      completedTasks: PositiveCount,
      /** All tokens the drive used (input, output, cache reads and writes) per completed task. */
      tokens: Amount,
      cost: Money.optional(),
      costMissing: NonEmpty.optional(),
    })
    .refine((p) => (p.cost === undefined) !== (p.costMissing === undefined), {
      message: 'expected exactly one of cost and costMissing',
      path: ['cost'],
    }),
  z.looseObject({ completedTasks: z.literal(0), why: NonEmpty }),
]);
export type PerCompletedTask = z.infer<typeof PerCompletedTask>;

/**
 * No task was completed: the union's second member. TypeScript does not narrow the union on
 * `completedTasks === 0` (the first member's count is a number), but the schema does: its count is
 * at least 1.
 */
export function noTaskCompleted(p: PerCompletedTask): p is Extract<PerCompletedTask, { completedTasks: 0 }> {
  return p.completedTasks === 0;
}

/**
 * Whether the drive's runner answers the same conversation the same way every time, and why. The
 * offline heuristic runner (`heuristic`) has no randomness, so its reps of a task are identical
 * unless the server answers differently. A language model (`sampled`) is called at its provider's
 * default temperature: no runner is pinned at temperature 0, so none is counted deterministic.
 */
export const RunnerDeterminism = z
  .looseObject({
    deterministic: z.boolean(),
    basis: z.enum(['heuristic', 'sampled']),
  })
  .refine((d) => d.deterministic === (d.basis === 'heuristic'), {
    message: 'expected deterministic exactly when the basis is the heuristic runner',
    path: ['deterministic'],
  });
export type RunnerDeterminism = z.infer<typeof RunnerDeterminism>;

/** The runner's determinism from its model id (the heuristic's id is `heuristic`). */
export function runnerDeterminism(runner: string): RunnerDeterminism {
  return runner === 'heuristic'
    ? { deterministic: true, basis: 'heuristic' }
    : { deterministic: false, basis: 'sampled' };
}

/** The drive's score; present on a record exactly when the outcome is SCORED. */
export const ScoreBlock = z
  .looseObject({
    /** First-try success over trials, with its Wilson 95% interval: the published number. */
    firstTry: RateBlock,
    eventual: RateBlock,
    tasks: PositiveCount,
    reps: PositiveCount,
    /** Whether the reps could differ through the runner at all (absent on a record made before it was recorded). */
    runnerDeterminism: RunnerDeterminism.optional(),
    passHatK: z.looseObject({ k: Count, n: PositiveCount }),
    passAtK: z.looseObject({ k: Count, n: PositiveCount }),
    perTask: z.array(TaskScore),
    tools: z.array(ToolAttribution),
    tokens: TokenTotals,
    perCompletedTask: PerCompletedTask,
  })
  .superRefine((s, ctx) => {
    if (s.perTask.length !== s.tasks) {
      ctx.addIssue({
        code: 'custom',
        path: ['perTask'],
        message: `expected ${s.tasks} tasks, got ${s.perTask.length}`,
      });
    }
    const trials = s.perTask.reduce((a, t) => a + t.reps, 0);
    const first = s.perTask.reduce((a, t) => a + t.firstTry, 0);
    if (trials !== s.firstTry.n || first !== s.firstTry.k) {
      ctx.addIssue({
        code: 'custom',
        path: ['firstTry'],
        message: `expected ${first}/${trials} from the tasks, got ${s.firstTry.k}/${s.firstTry.n}`,
      });
    }
  });
export type ScoreBlock = z.infer<typeof ScoreBlock>;
