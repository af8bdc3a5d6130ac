import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { DEFAULTS as SESSION_DEFAULTS } from '../connect/session-types.js';
import { UsageError } from '../core/errors.js';
import { formatPath } from '../core/issues.js';
import { Credential, PREREG_DEFAULTS } from '../record/prereg.js';
import { DEFAULT_MAX_SESSION_BYTES } from '../tape/session-cap.js';
import { durationText, MAX_WAIT_MS, sizeText } from './duration.js';

const d = PREREG_DEFAULTS;

/** A run's seed when none is given: fresh and random, so each run is its own measurement (recorded in policy.json). */
export function freshSeed(): number {
  return randomInt(0, 2 ** 31);
}

const HOUR = 3_600_000;

/**
 * The largest value of every count, size and duration setting, for the CLI flags, a roster's `run`
 * settings and the library alike (`--help` shows each). Each is far above any useful run and below
 * what would wedge one: a run's work grows with tasks × reps, every trial in flight holds a server
 * process, one session's tape is read back whole by verify and the board, and a Node timer longer
 * than 24.8 days fires at once.
 */
export const SETTING_MAX = {
  /** A suite of 1000 tasks is days of model calls at the default reps. */
  tasks: 1000,
  /** Trials per task in one phase (each of nulls, construct, drive). */
  reps: 100,
  /** Extension batches after the registered suite. */
  extensions: 20,
  batchTasks: 1000,
  /** Trials at once: each stdio trial is a server process of its own. */
  concurrency: 64,
  maxSteps: 1000,
  maxOutputTokens: 1_000_000,
  tokenBudget: 100_000_000,
  trialTimeoutMs: MAX_WAIT_MS,
  callTimeoutMs: MAX_WAIT_MS,
  connectTimeoutMs: MAX_WAIT_MS,
  budgetMs: 7 * 24 * HOUR,
  tapeCapBytes: 1024 ** 3,
} as const;

/**
 * An integer from min to max; the message names the value and the bound it broke (in `show`'s
 * unit when given: `at most 168h`), the caller names the setting (a key or a flag). A value that
 * is not a number at all keeps zod's own words (`expected number, received string`).
 */
export function between(min: number, max: number, show?: (n: number) => string) {
  const said = (n: number) => (show ? show(n) : String(n));
  const bound = (words: string, n: number) =>
    show ? `${words} ${show(n)}` : `an integer ${words === 'at least' ? '≥' : '≤'} ${n}`;
  const message = (words: string, n: number) => (issue: { input?: unknown }) =>
    typeof issue.input === 'number' ? `must be ${bound(words, n)}, got ${said(issue.input)}` : undefined;
  const low = message('at least', min);
  return z
    .int({ error: low })
    .min(min, { error: low })
    .max(max, { error: message('at most', max) });
}

const M = SETTING_MAX;
const count = (min: number, key: Exclude<keyof typeof M, 'budgetMs' | 'tapeCapBytes'>) =>
  between(min, M[key]);

const Given = z.record(z.string(), z.string());

export const GeneratorName = z.enum(['explore/2', 'judge/1']);
export type GeneratorName = z.infer<typeof GeneratorName>;

/**
 * How a stdio server's fresh processes start (one per trial): `ahead` (the default), side by side
 * and while earlier trials run (at most `concurrency` idle); `one-at-a-time`, each once the one
 * before it has answered its first request, so processes sharing one data store never initialise it
 * at once (about 2.5 times the wall time of a run of a fast server, measured on two cores); `on-connect`,
 * each when its trial starts, side by side.
 */
export const ServerStarts = z.enum(['ahead', 'one-at-a-time', 'on-connect']);
export type ServerStarts = z.infer<typeof ServerStarts>;

/**
 * Every setting of a run, once: its name in `RunOptions`, its default (docs/design.md §4), its range and
 * what it means. Unset fields take the default. The CLI's flag table (`src/cli/run-flags.ts`) is
 * typed against these keys and shows these defaults; `resolveConfig` reads through this schema.
 */
export const SettingsFields = z.object({
  runner: z.string().min(1).optional().describe('the runner model: provider:model or heuristic'),
  judge: z.string().min(1).optional().describe('the judge model: provider:model or heuristic'),
  generator: GeneratorName.optional().describe('the task generator'),
  tasks: count(1, 'tasks').default(d.tasks).describe('registered suite size'),
  reps: z
    .object({
      nulls: count(1, 'reps').default(d.reps.nulls).describe('trials per task per null phase'),
      construct: count(1, 'reps').default(d.reps.construct).describe('reference trials per task'),
      drive: count(1, 'reps').default(d.reps.drive).describe('runner trials per task'),
    })
    .prefault({})
    .describe('trials per task in each phase'),
  extensions: count(0, 'extensions')
    .default(d.extension.maxExtensions)
    .describe('registered extension batches'),
  batchTasks: count(1, 'batchTasks').default(d.extension.batchTasks).describe('tasks per extension batch'),
  seed: z
    .int({
      error: (issue) =>
        typeof issue.input === 'number' ? `must be an integer, got ${issue.input}` : undefined,
    })
    .default(freshSeed)
    .describe('seed of every random choice'),
  concurrency: count(1, 'concurrency')
    .default(4)
    .describe('trials, read-only explore/admit calls, screen calls at once'),
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
  maxSteps: count(1, 'maxSteps').default(d.agentLimits.maxSteps).describe('model steps per trial'),
  maxOutputTokens: count(1, 'maxOutputTokens')
    .default(d.agentLimits.maxOutputTokens)
    .describe('output tokens of one model call'),
  tokenBudget: count(1, 'tokenBudget')
    .default(d.agentLimits.tokenBudgetPerTrial)
    .describe(
      'tokens per trial; a construct refusal that would have passed had the trials it cut short passed is INDETERMINATE reference_out_of_budget',
    ),
  trialTimeoutMs: count(1, 'trialTimeoutMs')
    .default(d.agentLimits.trialTimeoutMs)
    .describe('wall time per trial in ms'),
  callTimeoutMs: count(1, 'callTimeoutMs')
    .default(20_000)
    .describe("wait for one tool call's answer, in ms: an unanswered call past it is a timeout"),
  connectTimeoutMs: count(1, 'connectTimeoutMs')
    .default(SESSION_DEFAULTS.connectTimeoutMs)
    .describe(
      'wait for the server to start, answer the handshake and list its tools, in ms: past it the run is VOID timeout; no protocol probe request waits longer',
    ),
  budgetMs: between(1000, M.budgetMs, durationText)
    .default(7_200_000)
    .describe('wall-clock budget of the whole run (ms, pre-registered): VOID budget_exhausted when hit'),
  tapeCapBytes: between(64 * 1024, M.tapeCapBytes, sizeText)
    .default(DEFAULT_MAX_SESSION_BYTES)
    .describe('bytes one session may write to a tape; past it, its lines are dropped and the cut recorded'),
  screen: z.boolean().default(true).describe('run the generation-time null screen'),
  curtail: z
    .boolean()
    .default(true)
    .describe('stop a phase early where no remaining outcome could change its decision (pre-registered)'),
  serverStarts: ServerStarts.default('ahead').describe(
    "stdio: how each trial's fresh server process starts (one-at-a-time | ahead | on-connect)",
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
  connectTimeoutMs: s.connectTimeoutMs,
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
  serverStarts: s.serverStarts,
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
