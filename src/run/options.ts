import type { Target, TargetInput } from '../connect/target.js';
import type { Env } from '../models/registry.js';
import type { ConformanceBlock } from '../record/conformance.js';
import type { RosterLink } from '../record/roster-link.js';
import type { ServerPackage } from '../record/server-version.js';
import type { RunEvent } from './events.js';
import type { SettingsInput } from './settings.js';

/**
 * Everything `fitness-report run` can be told: the settings (`SettingsFields` in settings.ts: their
 * names, defaults, ranges and meanings, docs/design.md §4; unset fields take the defaults), the target, and
 * the runtime handles below, which are not settings and never registered.
 */
export interface RunOptions extends SettingsInput {
  target: Target | TargetInput;
  /** Resolves `outDir`, `signingKeyPath` and a relative stdio `cwd`. Default `process.cwd()`. */
  cwd?: string;
  /** Where model keys and base URLs are read from (never process.env behind the caller's back). */
  env?: Env;
  /** Aborting it ends the run as VOID (`aborted`). */
  signal?: AbortSignal;
  /** Install handlers of the stop signals (SIGINT, SIGTERM, SIGHUP) that abort the run (the CLI sets this). */
  handleSignals?: boolean;
  /** Progress lines (stderr in the CLI). */
  progress?: (line: string) => void;
  /** Typed progress events (phase, trials, model calls, stopping) for a live display; the lines above are unchanged by it. */
  onEvent?: (event: RunEvent) => void;
  /**
   * Facts measured beside the run (the roster's conformance result, the npm package the server
   * came from): copied into the record as they are and never read by a gate, hygiene or the score.
   */
  alongside?: {
    conformance?: ConformanceBlock;
    package?: ServerPackage;
    /** The roster job the run was measured for (its entry, attempt and try). */
    roster?: RosterLink;
    /**
     * A folder of evidence made beside the run (the conformance suite's checks), moved into the run
     * directory under `as` before the record is written, so the signed manifest covers it.
     */
    evidence?: { from: string; as: string };
  };
}
