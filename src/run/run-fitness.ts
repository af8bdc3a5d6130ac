import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { processScope } from '../connect/processes.js';
import { targetSecrets } from '../connect/target.js';
import { describeError, UsageError } from '../core/errors.js';
import { defaultSigningKeyPath, isInside } from '../tape/publisher.js';
import { Redactor } from '../tape/redact.js';
import { resolveConfig } from './config.js';
import { connectStage, probeStage, surfaceStage } from './connect-stage.js';
import { controlRun } from './control.js';
import type { RunEvent } from './events.js';
import { findingsStage } from './findings-stage.js';
import { finishRun, type RunResult } from './finish.js';
import { freeGates } from './free-gates.js';
import { generateStage } from './generate-stage.js';
import { modelPlanLine, resolveModels } from './models.js';
import type { RunOptions } from './options.js';
import { paidGates } from './paid-gates.js';
import { policyStage } from './policy-stage.js';
import type { Ending } from './record.js';
import { registerStage, screenStage } from './register-stage.js';
import { createRunDir, renameRunDir, reportedSlug, serverSlug } from './run-dir.js';
import { checkStop, type RunState, RunStop } from './state.js';
import { openTapes } from './tapes.js';

export type { RunResult } from './finish.js';

async function pipeline(state: RunState): Promise<Ending> {
  await connectStage(state);
  nameRun(state);
  await probeStage(state);
  await surfaceStage(state);
  checkStop(state);
  policyStage(state);
  const generated = await generateStage(state);
  await screenStage(state, generated);
  checkStop(state);
  registerStage(state, generated);
  if (!freeGates(state)) return {};
  checkStop(state);
  const score = await paidGates(state);
  state.findings = await findingsStage(state);
  return score ? { score } : {};
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
function nameRun(state: RunState): void {
  const slug = reportedSlug(
    state.config.target,
    state.session?.serverInfo,
    new Redactor(state.secrets),
    state.secrets,
  );
  if (slug === undefined || slug === state.slug) return;
  const moved = renameRunDir(state.dir, slug, state.startedAt);
  if (moved === undefined) {
    state.ownNotes.push({
      id: 'run-id-from-target',
      text: `The server reported a name (slug ${slug}) but the run directory could not take it; the run keeps the id its target gave and is not linked to other runs of that name.`,
    });
    return;
  }
  state.slug = slug;
  state.runId = moved.runId;
  state.dir = moved.dir;
  state.progress(`run ${moved.runId}: ${moved.dir} (named by the server's reported name)`);
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
function stageNow(state: RunState): string {
  const last = state.stages.at(-1);
  return last === undefined ? 'the connection' : `the stage after ${last}`;
}

/** The pipeline, or the run's stop if that comes first: a stalled stage never holds up the VOID record. */
function untilStopped(run: Promise<Ending>, abort: AbortController): Promise<Ending> {
  const stopped = new Promise<Ending>((resolveStop) => {
    const onAbort = () => {
      const reason = abort.signal.reason;
      resolveStop({
        stop: reason instanceof RunStop ? reason : new RunStop('aborted', 'the run was aborted'),
      });
    };
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
      const stop =
        signal.reason instanceof RunStop ? signal.reason : new RunStop('aborted', 'the run was aborted');
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
  const progress = options.progress ?? (() => {});
  const emit = options.onEvent ?? (() => {});
  const startedAt = new Date();
  const secrets = [...targetSecrets(config.target), ...models.secrets];
  const slug = serverSlug(config.target, secrets);
  const outDir = resolve(options.cwd ?? process.cwd(), options.outDir ?? 'fitness-runs');
  const signingKeyPath = publisherKeyPath(options, outDir);
  const { runId, dir } = createRunDir(outDir, slug, startedAt);
  const abort = new AbortController();
  const state: RunState = {
    config,
    runId,
    dir,
    slug,
    startedAt,
    tapes: openTapes(dir, config.target, config.runnerSpec, config.judgeSpec, secrets, config.tapeCapBytes),
    secrets,
    abort,
    progress,
    emit,
    runner: models.runner,
    judge: models.judge,
    stages: [],
    trials: {},
    gates: [],
    probes: [],
    usage: [],
    results: [],
    ownNotes: [],
  };
  const control = controlRun({
    abort,
    budgetMs: config.budgetMs,
    stage: () => stageNow(state),
    handleSignals: options.handleSignals === true,
    signal: options.signal,
    progress,
  });
  reportStop(abort.signal, emit);
  progress(`run ${runId}: ${dir}`);
  progress(modelPlanLine(config, models));
  const scope = `${runId}-${randomBytes(4).toString('hex')}`;
  const run = processScope.run(scope, () => pipeline(state));
  try {
    const ending = await untilStopped(run, abort);
    if (ending.stop && !abort.signal.aborted) abort.abort(ending.stop);
    emit({ type: 'finishing' });
    return await finishRun({
      state,
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
