import { checkSecrets, parseTarget, sendsCredential, type Target } from '../connect/target.js';
import { UsageError } from '../core/errors.js';
import { defaultModels } from '../models/defaults.js';
import type { Env } from '../models/registry.js';
import { type Credential, PREREG_DEFAULTS } from '../record/prereg.js';
import type { ExplorablePolicy } from '../suite/explorable.js';
import { DEFAULT_MAX_SESSION_BYTES } from '../tape/writer.js';
import { freshSeed, RUN_DEFAULTS, type RunOptions } from './options.js';

/** The run's settings after defaults: what prereg.json registers, plus how the harness runs. */
export interface RunConfig {
  target: Target;
  env: Env;
  runnerSpec: string;
  judgeSpec: string;
  generator: { name: 'explore'; version: '2' } | { name: 'judge'; version: '1' };
  /** How the runner, judge and generator were chosen, in words the record carries (the `models` note). */
  modelsReason: string;
  /** True when none of them was named by a flag: the reason is then the same on every run with these keys. */
  modelsDefaulted: boolean;
  tasks: number;
  minTasks: number;
  minAdmissionRate: number;
  overGeneration: number;
  reps: { nulls: number; construct: number; drive: number };
  extension: { batchTasks: number; maxExtensions: number };
  construct: { threshold: number; alpha: number; detectableRate: number; power: number };
  nulls: { ratio: number; percentile: number };
  compromisedErrorShare: number;
  agentLimits: {
    maxSteps: number;
    maxOutputTokens: number;
    tokenBudgetPerTrial: number;
    trialTimeoutMs: number;
  };
  callTimeoutMs: number;
  seed: number;
  concurrency: number;
  allowDestructive: boolean;
  /** The explorable-tools policy (explore/2): asserted tools and whether to infer read-only ones. */
  policy: ExplorablePolicy;
  /** `--given NAME=VALUE` pairs, in the order given. */
  given: Record<string, string>;
  credential: Credential;
  screen: boolean;
  /** Exact curtailment (pre-registered): a phase stops when no remaining outcome could change its decision. */
  curtail: boolean;
  /** Stdio: start the next trials' server processes while the current ones run (not part of the policy). */
  serverPool: boolean;
  /** Pre-registered wall-clock budget of the whole run: VOID `budget_exhausted` when it runs out. */
  budgetMs: number;
  /** Bytes one session may write to a tape before its later lines are dropped (and the cut recorded). */
  tapeCapBytes: number;
}

function positive(name: string, value: number | undefined, fallback: number, min = 1): number {
  const v = value ?? fallback;
  if (!Number.isSafeInteger(v) || v < min)
    throw new UsageError(`${name} must be an integer ≥ ${min}, got ${v}`);
  return v;
}

/** Applies the DESIGN §4 defaults; a bad value is a usage fault naming the flag. */
export function resolveConfig(options: RunOptions): RunConfig {
  const target = parseTarget(options.target);
  const env = options.env ?? {};
  const defaults = defaultModels(env);
  const runnerSpec = options.runner ?? defaults.runner;
  const judgeSpec = options.judge ?? defaults.judge;
  const generatorText = options.generator ?? (judgeSpec === 'heuristic' ? 'explore/2' : defaults.generator);
  const generator =
    generatorText === 'judge/1'
      ? ({ name: 'judge', version: '1' } as const)
      : ({ name: 'explore', version: '2' } as const);
  const d = PREREG_DEFAULTS;
  const seed = options.seed ?? freshSeed();
  if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed must be an integer, got ${seed}`);
  checkSecrets(target);
  const credential = resolveCredential(options.credential ?? target.credential, target);
  return {
    target,
    env,
    runnerSpec,
    judgeSpec,
    generator,
    modelsReason: modelsReason(options, defaults, {
      runnerSpec,
      judgeSpec,
      generator: `${generator.name}/${generator.version}`,
    }),
    modelsDefaulted:
      options.runner === undefined && options.judge === undefined && options.generator === undefined,
    tasks: positive('--tasks', options.tasks, d.tasks),
    minTasks: d.minTasks,
    minAdmissionRate: d.minAdmissionRate,
    overGeneration: d.overGeneration,
    reps: {
      nulls: positive('--reps-nulls', options.reps?.nulls, d.reps.nulls),
      construct: positive('--reps-construct', options.reps?.construct, d.reps.construct),
      drive: positive('--reps-drive', options.reps?.drive, d.reps.drive),
    },
    extension: {
      batchTasks: positive('--batch-tasks', options.batchTasks, d.extension.batchTasks),
      maxExtensions: positive('--extensions', options.extensions, d.extension.maxExtensions, 0),
    },
    construct: { ...d.construct },
    nulls: { ...d.nulls },
    compromisedErrorShare: d.compromisedErrorShare,
    agentLimits: {
      maxSteps: positive('--max-steps', options.maxSteps, d.agentLimits.maxSteps),
      maxOutputTokens: positive(
        '--max-output-tokens',
        options.maxOutputTokens,
        d.agentLimits.maxOutputTokens,
      ),
      tokenBudgetPerTrial: positive('--token-budget', options.tokenBudget, d.agentLimits.tokenBudgetPerTrial),
      trialTimeoutMs: positive('--trial-timeout', options.trialTimeoutMs, d.agentLimits.trialTimeoutMs),
    },
    callTimeoutMs: positive('callTimeoutMs', options.callTimeoutMs, RUN_DEFAULTS.callTimeoutMs),
    seed,
    concurrency: positive('--concurrency', options.concurrency, RUN_DEFAULTS.concurrency),
    allowDestructive: options.allowDestructive ?? false,
    policy: {
      asserted: [...new Set(options.readOnly ?? [])],
      infer: options.inferReadOnly ?? true,
      allowDestructive: options.allowDestructive ?? false,
    },
    given: { ...(options.given ?? {}) },
    credential,
    screen: options.screen ?? true,
    curtail: options.curtail ?? true,
    serverPool: options.serverPool ?? true,
    budgetMs: positive('--budget', options.budgetMs, RUN_DEFAULTS.budgetMs),
    tapeCapBytes: positive('--tape-cap', options.tapeCapBytes, DEFAULT_MAX_SESSION_BYTES, 64 * 1024),
  };
}

/**
 * Why these models: the defaults' reason when no flag named one, else what each flag gave and what
 * the rest defaulted to, so a `--runner` run never claims its runner defaulted to the heuristic.
 */
function modelsReason(
  options: RunOptions,
  defaults: ReturnType<typeof defaultModels>,
  chosen: { runnerSpec: string; judgeSpec: string; generator: string },
): string {
  if (options.runner === undefined && options.judge === undefined && options.generator === undefined)
    return defaults.reason;
  const basis = defaults.runner === 'heuristic' ? 'no model API key configured' : 'a model API key is set';
  const part = (what: string, value: string, flag: string, given: boolean) =>
    given ? `${what} ${value} given with ${flag}` : `${what} ${value} by default (${basis})`;
  const generatorBasis =
    options.generator !== undefined
      ? 'given with --generator'
      : chosen.judgeSpec === 'heuristic'
        ? 'by default (the judge is the offline heuristic, so no judge model writes tasks)'
        : 'by default';
  return [
    part('runner', chosen.runnerSpec, '--runner', options.runner !== undefined),
    part('judge', chosen.judgeSpec, '--judge', options.judge !== undefined),
    `generator ${chosen.generator} ${generatorBasis}`,
  ].join('; ');
}

/**
 * The credential stamp follows what is sent: nothing secret sent is `anonymous`; a credential sent
 * (a secret header, URL userinfo, a secret env value) needs the caller to say whose it is, because
 * a free key and the owner's key can see different surfaces. Stating `anonymous` while sending one
 * would publish a false stamp.
 */
function resolveCredential(stated: Credential | undefined, target: Target): Credential {
  const sends = sendsCredential(target);
  if (stated === undefined && !sends) return 'anonymous';
  if (stated === undefined)
    throw new UsageError(
      'the target is sent a credential (a --header, --secret-env or URL userinfo): say whose it is with --credential free-key or --credential owner-key',
    );
  if (stated === 'anonymous' && sends)
    throw new UsageError(
      '--credential anonymous, but the target is sent a credential (a --header, --secret-env or URL userinfo): use free-key or owner-key, or send no credential',
    );
  return stated;
}
