import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { processScope } from '../connect/processes.js';
import { UsageError } from '../core/errors.js';
import { defaultSigningKeyPath, isInside } from '../tape/publisher.js';
import { resolveConfig } from './config.js';
import { createRunContext } from './context.js';
import { controlRun } from './control.js';
import { Driver } from './driver.js';
import type { RunEvent } from './events.js';
import { finishRun, type RunResult } from './finish.js';
import { modelPlanLine, resolveModels } from './models.js';
import type { RunOptions } from './options.js';
import { pipeline } from './pipeline.js';
import type { Ending } from './record.js';
import { stopFor, stopOf } from './stop.js';

export type { RunResult } from './finish.js';

/** The publisher key's path; a key inside the runs folder would be published with them, so it is refused. */
function publisherKeyPath(options: RunOptions, outDir: string): string {
  const path =
    options.signingKeyPath === undefined
      ? defaultSigningKeyPath()
      : resolve(options.cwd ?? process.cwd(), options.signingKeyPath);
  if (isInside(path, outDir))
    throw new UsageError(
      `--signing-key ${path}: inside the runs folder ${outDir}, where it would be published with the runs; keep it elsewhere`,
    );
  return path;
}

/** The pipeline, or the run's stop if that comes first: a stalled stage never holds up the VOID record. */
function untilStopped(run: Promise<Ending>, abort: AbortController): Promise<Ending> {
  const stopped = new Promise<Ending>((resolveStop) => {
    const onAbort = () => resolveStop({ stop: stopOf(abort.signal) });
    if (abort.signal.aborted) onAbort();
    else abort.signal.addEventListener('abort', onAbort, { once: true });
  });
  // Each stage's throw is its step's stop (driver.ts); this catches what falls between the steps.
  const ran = run.catch((err: unknown): Ending => ({ stop: stopFor(err, abort.signal) }));
  return Promise.race([ran, stopped]);
}

/** Tells the live display, once, that the run is stopping and which VOID record is being written. */
function reportStop(signal: AbortSignal, emit: (event: RunEvent) => void): void {
  signal.addEventListener(
    'abort',
    () => {
      const stop = stopOf(signal);
      emit({ type: 'stopping', reason: stop.reason, detail: stop.detail });
    },
    { once: true },
  );
}

/**
 * One measurement of one server, from connection to a SCORED, refused or VOID record, written with
 * its suite, pre-registration, three tapes and a signature. A crash, an abort, a dead target or
 * the run budget running out still leaves a VOID record naming what completed. Throws before the
 * run directory exists on bad options (a UsageError: unknown model, missing key, a flag that does
 * not apply, a secret too short to scrub), and otherwise only when no record can be written at all.
 */
export async function runFitness(options: RunOptions): Promise<RunResult> {
  const config = resolveConfig(options);
  const models = resolveModels(config);
  const outDir = resolve(options.cwd ?? process.cwd(), options.outDir ?? 'fitness-runs');
  const signingKeyPath = publisherKeyPath(options, outDir);
  const ctx = createRunContext({
    config,
    models,
    outDir,
    ...(options.progress ? { progress: options.progress } : {}),
    ...(options.onEvent ? { emit: options.onEvent } : {}),
  });
  const steps = new Driver(ctx);
  const control = controlRun({
    abort: ctx.abort,
    budgetMs: config.budgetMs,
    stage: () => steps.now(),
    handleSignals: options.handleSignals === true,
    signal: options.signal,
    progress: ctx.progress,
  });
  reportStop(ctx.abort.signal, ctx.emit);
  ctx.progress(`run ${ctx.runId}: ${ctx.dir}`);
  ctx.progress(modelPlanLine(config, models));
  const scope = `${ctx.runId}-${randomBytes(4).toString('hex')}`;
  const run = processScope.run(scope, () => pipeline(ctx, steps));
  try {
    const ending = await untilStopped(run, ctx.abort);
    if (ending.stop && !ctx.abort.signal.aborted) ctx.abort.abort(ending.stop);
    ctx.emit({ type: 'finishing' });
    return await finishRun({
      ctx,
      steps,
      ending,
      options: { signingKeyPath, ...(options.alongside ? { alongside: options.alongside } : {}) },
      control,
      pipeline: run,
      scope,
    });
  } finally {
    control.dispose();
  }
}
