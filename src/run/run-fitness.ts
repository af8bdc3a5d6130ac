import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { processScope } from '../connect/processes.js';
import { describeError, UsageError } from '../core/errors.js';
import { defaultSigningKeyPath, isInside } from '../tape/publisher.js';
import { Redactor } from '../tape/redact.js';
import { resolveConfig } from './config.js';
import { connect, probeStage, survey } from './connect-stage.js';
import { checkStop, createRunContext, type RunContext } from './context.js';
import { controlRun } from './control.js';
import type { RunEvent } from './events.js';
import { findingsStage } from './findings-stage.js';
import { finishRun, type RunResult } from './finish.js';
import { freeGates } from './free-gates.js';
import { propose } from './generate-stage.js';
import { modelPlanLine, resolveModels } from './models.js';
import type { RunOptions } from './options.js';
import { calibrate, drive } from './paid-gates.js';
import { policyStage } from './policy-stage.js';
import type { Connected, Screened } from './products.js';
import type { Ending } from './record.js';
import { admitAndScreen, registerStage } from './register-stage.js';
import { renameRunDir, reportedSlug } from './run-dir.js';
import { RunStop, stopOf } from './stop.js';

export type { RunResult } from './finish.js';

/** Each stage takes the product of the one before; a refusal ends the run with the gates so far. */
async function pipeline(ctx: RunContext): Promise<Ending> {
  const connected = await connect(ctx);
  nameRun(ctx, connected);
  // Beside generation where they cannot touch it (probesBeside); the trials wait for them either way.
  const probing = probesBeside(ctx) ? probeStage(ctx, connected) : undefined;
  if (probing === undefined) await probeStage(ctx, connected);
  const screened = await generate(ctx, connected).finally(() => probing?.catch(() => undefined));
  await probing;
  return measure(ctx, screened);
}

/**
 * The protocol probes run beside generation only where they cannot touch what it measures: over
 * stdio each probe exchange starts a server process of its own and calls no tool, so what
 * generation sees is what it would see without the probes; an HTTP server is shared with the run
 * (and probed with malformed requests), so there the probes run first, alone. At concurrency 1
 * nothing runs beside anything, and with `serverStarts: one-at-a-time` neither: a probe's process
 * starting beside generation's would be the overlapping start that mode exists to prevent.
 */
function probesBeside(ctx: RunContext): boolean {
  const { concurrency, target, serverStarts } = ctx.config;
  return concurrency > 1 && target.kind === 'stdio' && serverStarts !== 'one-at-a-time';
}

/** The surface, the policy, generation, admission and the screen. */
async function generate(ctx: RunContext, connected: Connected): Promise<Screened> {
  const surveyed = await survey(ctx, connected);
  checkStop(ctx);
  const policed = policyStage(ctx, surveyed);
  const screened = await admitAndScreen(ctx, await propose(ctx, policed));
  checkStop(ctx);
  return screened;
}

/** Registration, the gates cheapest first, the drive and its findings. */
async function measure(ctx: RunContext, screened: Screened): Promise<Ending> {
  const registered = registerStage(ctx, screened);
  if (!freeGates(ctx, registered)) return {};
  checkStop(ctx);
  const calibrated = await calibrate(ctx, registered);
  if (calibrated === undefined) return {};
  const found = await findingsStage(ctx, await drive(ctx, calibrated));
  return found.score ? { score: found.score } : {};
}

/**
 * The run id rule. A run directory is created before connecting, with the slug the target alone
 * gives (`serverSlug`): the wire tape records the handshake from its first frame, and a target that
 * never answers still leaves a VOID record there. Once the server has answered `initialize`, the
 * run is renamed to the slug of its self-reported `serverInfo.name` (`reportedSlug`, scrubbed of
 * every known secret first), so its runs over stdio and HTTP, on other ports or other data
 * directories, are attempts of one server on the board. A name that slugifies to nothing, or a
 * rename that cannot happen, keeps the first id.
 */
function nameRun(ctx: RunContext, connected: Connected): void {
  const slug = reportedSlug(
    ctx.config.target,
    connected.main.session.serverInfo,
    new Redactor(ctx.secrets),
    ctx.secrets,
  );
  if (slug === undefined || slug === ctx.slug) return;
  const moved = renameRunDir(ctx.dir, slug, ctx.startedAt);
  if (moved === undefined) {
    ctx.ownNotes.push({
      id: 'run-id-from-target',
      text: `The server reported a name (slug ${slug}) but the run directory could not take it; the run keeps the id its target gave and is not linked to other runs of that name.`,
    });
    return;
  }
  ctx.slug = slug;
  ctx.runId = moved.runId;
  ctx.dir = moved.dir;
  ctx.progress(`run ${moved.runId}: ${moved.dir} (named by the server's reported name)`);
}

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

/** What the run is doing now, for a budget that runs out mid-way. */
function stageNow(ctx: RunContext): string {
  const last = ctx.stages.at(-1);
  return last === undefined ? 'the connection' : `the stage after ${last}`;
}

/** The pipeline, or the run's stop if that comes first: a stalled stage never holds up the VOID record. */
function untilStopped(run: Promise<Ending>, abort: AbortController): Promise<Ending> {
  const stopped = new Promise<Ending>((resolveStop) => {
    const onAbort = () => resolveStop({ stop: stopOf(abort.signal) });
    if (abort.signal.aborted) onAbort();
    else abort.signal.addEventListener('abort', onAbort, { once: true });
  });
  const ran = run.catch((err: unknown): Ending => {
    const reason = abort.signal.reason;
    if (err instanceof RunStop) return { stop: err };
    if (reason instanceof RunStop) return { stop: reason };
    return { stop: new RunStop('crashed', describeError(err)) };
  });
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
  const control = controlRun({
    abort: ctx.abort,
    budgetMs: config.budgetMs,
    stage: () => stageNow(ctx),
    handleSignals: options.handleSignals === true,
    signal: options.signal,
    progress: ctx.progress,
  });
  reportStop(ctx.abort.signal, ctx.emit);
  ctx.progress(`run ${ctx.runId}: ${ctx.dir}`);
  ctx.progress(modelPlanLine(config, models));
  const scope = `${ctx.runId}-${randomBytes(4).toString('hex')}`;
  const run = processScope.run(scope, () => pipeline(ctx));
  try {
    const ending = await untilStopped(run, ctx.abort);
    if (ending.stop && !ctx.abort.signal.aborted) ctx.abort.abort(ending.stop);
    ctx.emit({ type: 'finishing' });
    return await finishRun({
      ctx,
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
