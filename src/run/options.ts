import { randomInt } from 'node:crypto';
import type { Target, TargetInput } from '../connect/target.js';
import type { Env } from '../models/registry.js';
import type { ConformanceBlock } from '../record/conformance.js';
import type { Credential } from '../record/prereg.js';
import type { ServerPackage } from '../record/server-version.js';

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
  /**
   * Stdio targets: start the next trials' server processes (fresh, never reused, at most
   * `concurrency` idle) while the current trials run (default true).
   */
  serverPool?: boolean;
  /** Aborting it ends the run as VOID (`aborted`). */
  signal?: AbortSignal;
  /** Install SIGINT/SIGTERM handlers that abort the run (the CLI sets this). */
  handleSignals?: boolean;
  /** Progress lines (stderr in the CLI). */
  progress?: (line: string) => void;
  /**
   * The publisher's Ed25519 signing key (PKCS#8 PEM), created (mode 0600) on first use. Default
   * `$XDG_CONFIG_HOME/fitness-report/signing-key.pem` (else `~/.config/…`); never inside `outDir`.
   */
  signingKeyPath?: string;
  /**
   * Facts measured beside the run (the roster's conformance result, the npm package the server
   * came from): copied into the record as they are and never read by a gate, hygiene or the score.
   */
  alongside?: {
    conformance?: ConformanceBlock;
    package?: ServerPackage;
    /**
     * A folder of evidence made beside the run (the conformance suite's checks), moved into the run
     * directory under `as` before the record is written, so the signed manifest covers it.
     */
    evidence?: { from: string; as: string };
  };
}

export const RUN_DEFAULTS = { concurrency: 4, callTimeoutMs: 20_000, budgetMs: 7_200_000 } as const;

/** A run's seed when none is given: fresh and random, so each run is its own measurement (recorded in policy.json). */
export function freshSeed(): number {
  return randomInt(0, 2 ** 31);
}
