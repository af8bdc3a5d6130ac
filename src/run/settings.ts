import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { UsageError } from '../core/errors.js';
import { formatPath } from '../core/issues.js';
import { Credential, PREREG_DEFAULTS } from '../record/prereg.js';
import { DEFAULT_MAX_SESSION_BYTES } from '../tape/session-cap.js';

const d = PREREG_DEFAULTS;

/** A run's seed when none is given: fresh and random, so each run is its own measurement (recorded in policy.json). */
export function freshSeed(): number {
  return randomInt(0, 2 ** 31);
}

/**
 * An integer ≥ min; the message names the value, the caller names the setting (a key or a flag).
 * A value that is not a number at all keeps zod's own words (`expected number, received string`).
 */
function atLeast(min: number) {
  const error = (issue: { input?: unknown }) =>
    typeof issue.input === 'number' ? `must be an integer ≥ ${min}, got ${issue.input}` : undefined;
  return z.int({ error }).min(min, { error });
}

const Given = z.record(z.string(), z.string());

export const GeneratorName = z.enum(['explore/2', 'judge/1']);
export type GeneratorName = z.infer<typeof GeneratorName>;

/**
 * Every setting of a run, once: its name in `RunOptions`, its default (DESIGN §4), its range and
 * what it means. Unset fields take the default. The CLI's flag table (`src/cli/run-flags.ts`) is
 * typed against these keys and shows these defaults; `resolveConfig` reads through this schema.
 */
export const SettingsFields = z.object({
  runner: z.string().min(1).optional().describe('the runner model: provider:model or heuristic'),
  judge: z.string().min(1).optional().describe('the judge model: provider:model or heuristic'),
  generator: GeneratorName.optional().describe('the task generator'),
  tasks: atLeast(1).default(d.tasks).describe('registered suite size'),
  reps: z
    .object({
      nulls: atLeast(1).default(d.reps.nulls).describe('trials per task per null phase'),
      construct: atLeast(1).default(d.reps.construct).describe('reference trials per task'),
      drive: atLeast(1).default(d.reps.drive).describe('runner trials per task'),
    })
    .prefault({})
    .describe('trials per task in each phase'),
  extensions: atLeast(0).default(d.extension.maxExtensions).describe('registered extension batches'),
  batchTasks: atLeast(1).default(d.extension.batchTasks).describe('tasks per extension batch'),
  seed: z
    .int({
      error: (issue) =>
        typeof issue.input === 'number' ? `must be an integer, got ${issue.input}` : undefined,
    })
    .default(freshSeed)
    .describe('seed of every random choice'),
  concurrency: atLeast(1).default(4).describe('trials, read-only explore/admit calls, screen calls at once'),
  allowDestructive: z.boolean().default(false).describe('let exploration, tasks and trials call every tool'),
  readOnly: z
    .array(z.string())
    .default([])
    .describe('tools the owner asserts are read-only: explorable, recorded as an assertion'),
  inferReadOnly: z
    .boolean()
    .default(true)
    .describe('infer read-only tools from name and description when the hint is absent'),
  given: Given.default({}).describe('given context: values prompts may name, never answer keys'),
  credential: Credential.optional().describe('whose credential the target is sent'),
  maxSteps: atLeast(1).default(d.agentLimits.maxSteps).describe('model steps per trial'),
  maxOutputTokens: atLeast(1)
    .default(d.agentLimits.maxOutputTokens)
    .describe('output tokens of one model call'),
  tokenBudget: atLeast(1).default(d.agentLimits.tokenBudgetPerTrial).describe('tokens per trial'),
  trialTimeoutMs: atLeast(1).default(d.agentLimits.trialTimeoutMs).describe('wall time per trial in ms'),
  callTimeoutMs: atLeast(1)
    .default(20_000)
    .describe("wait for one tool call's answer, in ms: an unanswered call past it is a timeout"),
  budgetMs: atLeast(1)
    .default(7_200_000)
    .describe('wall-clock budget of the whole run (ms, pre-registered): VOID budget_exhausted when hit'),
  tapeCapBytes: atLeast(64 * 1024)
    .default(DEFAULT_MAX_SESSION_BYTES)
    .describe('bytes one session may write to a tape; past it, its lines are dropped and the cut recorded'),
  screen: z.boolean().default(true).describe('run the generation-time null screen'),
  curtail: z
    .boolean()
    .default(true)
    .describe('stop a phase early where no remaining outcome could change its decision (pre-registered)'),
  serverPool: z
    .boolean()
    .default(true)
    .describe(
      "stdio: start the next trials' server processes (fresh, at most `concurrency` idle) while the current trials run",
    ),
  outDir: z
    .string()
    .min(1)
    .optional()
    .describe('parent of the run directory (default fitness-runs under cwd)'),
  signingKeyPath: z
    .string()
    .min(1)
    .optional()
    .describe("the publisher's Ed25519 signing key (PKCS#8 PEM), created mode 0600 on first use"),
});

/** What a caller may give (every field optional). */
export type SettingsInput = z.input<typeof SettingsFields>;

/**
 * The settings after defaults, in the names the run (and prereg.json / policy.json) use. The one
 * place where a setting's option name and its registered name differ (`extensions` →
 * `extension.maxExtensions`, `tokenBudget` → `agentLimits.tokenBudgetPerTrial`, `readOnly` →
 * `policy.asserted` …).
 */
export const RunSettings = SettingsFields.transform((s) => ({
  tasks: s.tasks,
  minTasks: d.minTasks,
  minAdmissionRate: d.minAdmissionRate,
  overGeneration: d.overGeneration,
  reps: s.reps,
  extension: { batchTasks: s.batchTasks, maxExtensions: s.extensions },
  construct: { ...d.construct },
  nulls: { ...d.nulls },
  compromisedErrorShare: d.compromisedErrorShare,
  agentLimits: {
    maxSteps: s.maxSteps,
    maxOutputTokens: s.maxOutputTokens,
    tokenBudgetPerTrial: s.tokenBudget,
    trialTimeoutMs: s.trialTimeoutMs,
  },
  callTimeoutMs: s.callTimeoutMs,
  seed: s.seed,
  concurrency: s.concurrency,
  allowDestructive: s.allowDestructive,
  /** The explorable-tools policy (explore/2): asserted tools and whether to infer read-only ones. */
  policy: {
    asserted: [...new Set(s.readOnly)],
    infer: s.inferReadOnly,
    allowDestructive: s.allowDestructive,
  },
  /** `--given NAME=VALUE` pairs, in the order given. */
  given: s.given,
  screen: s.screen,
  curtail: s.curtail,
  serverPool: s.serverPool,
  budgetMs: s.budgetMs,
  tapeCapBytes: s.tapeCapBytes,
}));
export type Settings = z.output<typeof RunSettings>;

/** A settings fault as one line, naming the setting as `name` says (an option key, or a flag in the CLI). */
export function settingsFault(error: z.ZodError, name: (path: readonly PropertyKey[]) => string): UsageError {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  return new UsageError(`${name(path)} ${issue?.message ?? 'is invalid'}`);
}

/** The settings of `options` after defaults; a bad value is a usage fault naming its option. */
export function resolveSettings(options: SettingsInput): Settings {
  const parsed = RunSettings.safeParse(options);
  if (!parsed.success) throw settingsFault(parsed.error, (path) => formatPath(path) || 'options');
  return parsed.data;
}
