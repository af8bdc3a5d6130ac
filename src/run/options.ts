import type { Target, TargetInput } from '../connect/target.js';
import type { Env } from '../models/registry.js';
import type { Credential } from '../record/prereg.js';

/** Everything `fitness-report run` can be told. Unset fields take the DESIGN §4 defaults. */
export interface RunOptions {
  target: Target | TargetInput;
  /** Parent of the run directory. Default `fitness-runs` under `cwd`. */
  outDir?: string;
  cwd?: string;
  /** Where model keys and base URLs are read from (never process.env behind the caller's back). */
  env?: Env;
  runner?: string;
  judge?: string;
  generator?: 'explore/2' | 'judge/1';
  tasks?: number;
  reps?: { nulls?: number; construct?: number; drive?: number };
  /** Registered extension batches (maxExtensions). */
  extensions?: number;
  batchTasks?: number;
  seed?: number;
  concurrency?: number;
  allowDestructive?: boolean;
  /** Tools the owner asserts are read-only (`--read-only`): explorable, recorded as an assertion. */
  readOnly?: string[];
  /** Infer read-only tools from name and description when the hint is absent (default true). */
  inferReadOnly?: boolean;
  /** Given context (`--given NAME=VALUE`): values prompts may name, never answer keys. */
  given?: Record<string, string>;
  credential?: Credential;
  maxSteps?: number;
  maxOutputTokens?: number;
  tokenBudget?: number;
  trialTimeoutMs?: number;
  /** Deadline of one tools/call (an unanswered call past it is a timeout). Default 20 s. */
  callTimeoutMs?: number;
  /** Pre-registered wall-clock budget of the whole run in ms (default 2 h): VOID `budget_exhausted` when hit. */
  budgetMs?: number;
  /** Bytes one session may write to a tape (default 64 MB); past it, its lines are dropped and the cut recorded. */
  tapeCapBytes?: number;
  /** Run the generation-time null screen (default true). */
  screen?: boolean;
  /** Stop a phase early where no remaining outcome could change its decision (default true; pre-registered). */
  curtail?: boolean;
  /** Aborting it ends the run as VOID (`aborted`). */
  signal?: AbortSignal;
  /** Install SIGINT/SIGTERM handlers that abort the run (the CLI sets this). */
  handleSignals?: boolean;
  /** Progress lines (stderr in the CLI). */
  progress?: (line: string) => void;
  /** Ed25519 signing key (PEM); created on first use. Default `<outDir>/.signing-key.pem`. */
  signingKeyPath?: string;
}

export const RUN_DEFAULTS = { concurrency: 4, callTimeoutMs: 20_000, seed: 1, budgetMs: 7_200_000 } as const;
