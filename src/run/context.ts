import type { AgentModel } from '../agents/types.js';
import { StartLane } from '../connect/start-lane.js';
import { targetSecrets } from '../connect/target.js';
import type { RunConfig } from './config.js';
import type { RunEvent } from './events.js';
import type { RunModels } from './models.js';
import { createRunDir, serverSlug } from './run-dir.js';
import { stopOf } from './stop.js';
import { openTapes, type RunTapes } from './tapes.js';

/**
 * What every stage of a run is given, whatever the stage: its settings (the config, the models,
 * where the run is written) and its handles (tapes, secrets, abort, start lane, progress), never a
 * result. What a stage makes is its product (`products.ts`) and what it adds goes to its step's
 * tally; the driver keeps both, with the stages completed and the gates decided (`driver.ts`), so a
 * run stopped anywhere is recorded from them.
 */
export interface RunContext {
  readonly config: RunConfig;
  readonly runner: AgentModel;
  readonly judge: AgentModel;
  /**
   * Id, directory and slug change at most once, right after connecting (`nameRun`). The tapes keep
   * writing through their open files, but a tape's `path` is where it was opened: read a tape back
   * at `join(dir, RUN_FILES.…)`.
   */
  runId: string;
  dir: string;
  slug: string;
  readonly startedAt: Date;
  readonly tapes: RunTapes;
  readonly secrets: string[];
  readonly abort: AbortController;
  /** Stdio with `serverStarts: one-at-a-time`: the queue every fresh server process starts in. */
  readonly lane: StartLane | undefined;
  readonly progress: (line: string) => void;
  /** Typed progress events (the live display); never read back by the pipeline. */
  readonly emit: (event: RunEvent) => void;
}

export interface ContextInput {
  config: RunConfig;
  models: RunModels;
  /** Parent of the run directory. */
  outDir: string;
  /** The run's slug (default: the one its target gives, scrubbed of its secrets). */
  slug?: string;
  progress?: (line: string) => void;
  emit?: (event: RunEvent) => void;
}

/** A run's context with its directory created and its three tapes open, before it connects. */
export function createRunContext(input: ContextInput): RunContext {
  const { config, models } = input;
  const secrets = [...targetSecrets(config.target), ...models.secrets];
  const slug = input.slug ?? serverSlug(config.target, secrets);
  const startedAt = new Date();
  const { runId, dir } = createRunDir(input.outDir, slug, startedAt);
  return {
    config,
    runner: models.runner,
    judge: models.judge,
    runId,
    dir,
    slug,
    startedAt,
    tapes: openTapes(dir, config.target, config.runnerSpec, config.judgeSpec, secrets, config.tapeCapBytes),
    secrets,
    abort: new AbortController(),
    lane:
      config.target.kind === 'stdio' && config.serverStarts === 'one-at-a-time' ? new StartLane() : undefined,
    progress: input.progress ?? (() => {}),
    emit: input.emit ?? (() => {}),
  };
}

/** The session option that queues a fresh server process's start in the run's lane, if it has one. */
export function startLane(ctx: RunContext): { lane?: StartLane } {
  return ctx.lane === undefined ? {} : { lane: ctx.lane };
}

/** Throws the run's stop when it was aborted (Ctrl-C, target died, a fatal model fault). */
export function checkStop(ctx: RunContext): void {
  if (ctx.abort.signal.aborted) throw stopOf(ctx.abort.signal);
}
