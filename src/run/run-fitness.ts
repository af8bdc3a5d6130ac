import { join, resolve } from 'node:path';
import type { AgentModel } from '../agents/types.js';
import { describeError } from '../cli/errors.js';
import { targetSecrets } from '../connect/target.js';
import { resolveModel } from '../models/registry.js';
import { writeRecord } from '../record/io.js';
import type { Outcome } from '../record/outcome.js';
import type { RunRecord } from '../record/run.js';
import { loadOrCreateSigningKey, signRun } from '../tape/signature.js';
import { withAlongside } from './alongside.js';
import { type RunConfig, resolveConfig } from './config.js';
import { connectStage, probeStage, surfaceStage } from './connect-stage.js';
import { freeGates } from './free-gates.js';
import { generateStage } from './generate-stage.js';
import type { RunOptions } from './options.js';
import { paidGates } from './paid-gates.js';
import { buildRecord, type Ending, fileDigests } from './record.js';
import { registerStage, screenStage } from './register-stage.js';
import { createRunDir, FILES, renameRunDir, reportedSlug, serverSlug } from './run-dir.js';
import { checkStop, type RunState, RunStop } from './state.js';
import { closeTapes, openTapes, stampConfigHash } from './tapes.js';

export interface RunResult {
  runId: string;
  dir: string;
  outcome: Outcome;
  record: RunRecord;
  /** 0 SCORED, 1 refused, 3 VOID. */
  exitCode: number;
}

function model(spec: string, config: RunConfig, secrets: string[]): AgentModel {
  try {
    const resolved = resolveModel(spec, { env: config.env });
    secrets.push(...resolved.secrets);
    return { model: resolved.model, id: resolved.id, provider: resolved.provider };
  } catch (err) {
    throw new RunStop('crashed', describeError(err));
  }
}

async function pipeline(state: RunState): Promise<Ending> {
  const { config } = state;
  state.runner = model(config.runnerSpec, config, state.secrets);
  state.judge = model(config.judgeSpec, config, state.secrets);
  for (const tape of Object.values(state.tapes)) tape.addSecrets(state.secrets);
  await connectStage(state);
  nameRun(state);
  await probeStage(state);
  await surfaceStage(state);
  checkStop(state);
  const generated = await generateStage(state);
  await screenStage(state, generated);
  registerStage(state, generated);
  if (!freeGates(state)) return {};
  checkStop(state);
  const score = await paidGates(state);
  return score ? { score } : {};
}

/**
 * The run id rule. A run directory is created before connecting, with the slug the target alone
 * gives (`serverSlug`): the wire tape records the handshake from its first frame, and a target that
 * never answers still leaves a VOID record there, under that URL-based id. Once an HTTP server has
 * answered `initialize`, the run is renamed to the slug of its self-reported `serverInfo.name`
 * (`reportedSlug`), so its runs on other ports are attempts of one server on the board. A stdio
 * run, a name that slugifies to nothing, or a rename that cannot happen keeps the first id.
 */
function nameRun(state: RunState): void {
  const slug = reportedSlug(state.config.target, state.session?.serverInfo);
  if (slug === undefined || slug === state.slug) return;
  const moved = renameRunDir(state.dir, slug, state.startedAt);
  if (moved === undefined) {
    state.ownNotes.push({
      id: 'run-id-from-url',
      text: `The server reported a name (slug ${slug}) but the run directory could not take it; the run keeps its URL-based id and is not linked to other runs of that name.`,
    });
    return;
  }
  state.slug = slug;
  state.runId = moved.runId;
  state.dir = moved.dir;
  state.progress(`run ${moved.runId}: ${moved.dir} (named by the server's reported name)`);
}

function listenForSignals(abort: AbortController): () => void {
  const onSignal = (name: string) => () => abort.abort(new RunStop('aborted', `interrupted by ${name}`));
  const int = onSignal('SIGINT');
  const term = onSignal('SIGTERM');
  process.once('SIGINT', int);
  process.once('SIGTERM', term);
  return () => {
    process.off('SIGINT', int);
    process.off('SIGTERM', term);
  };
}

/**
 * One measurement of one server, from connection to a SCORED, refused or VOID record, written with
 * its suite, pre-registration, three tapes and a signature. A crash, an abort or a dead target
 * still leaves a VOID record naming what completed. Throws only before the run directory exists
 * (bad options) or when the directory already exists.
 */
export async function runFitness(options: RunOptions): Promise<RunResult> {
  const config = resolveConfig(options);
  const startedAt = new Date();
  const slug = serverSlug(config.target);
  const outDir = resolve(options.cwd ?? process.cwd(), options.outDir ?? 'fitness-runs');
  const { runId, dir } = createRunDir(outDir, slug, startedAt);
  const abort = new AbortController();
  // A caller that aborts with a RunStop (the roster's job timeout) names its own reason.
  const forward = () =>
    abort.abort(
      options.signal?.reason instanceof RunStop
        ? options.signal.reason
        : new RunStop('aborted', 'the run was aborted'),
    );
  options.signal?.addEventListener('abort', forward, { once: true });
  // A signal aborted before the call fires no event: the run still stops at its first check.
  if (options.signal?.aborted) forward();
  const unlisten = options.handleSignals ? listenForSignals(abort) : () => {};
  const secrets = targetSecrets(config.target);
  const state: RunState = {
    config,
    runId,
    dir,
    slug,
    startedAt,
    tapes: openTapes(dir, config.target, config.runnerSpec, config.judgeSpec, secrets),
    secrets,
    abort,
    progress: options.progress ?? (() => {}),
    stages: [],
    trials: {},
    gates: [],
    probes: [],
    usage: [],
    results: [],
    ownNotes: [],
  };
  state.progress(`run ${runId}: ${dir}`);
  let ending: Ending;
  try {
    ending = await pipeline(state);
  } catch (err) {
    const stop = abort.signal.reason instanceof RunStop ? abort.signal.reason : undefined;
    ending = { stop: err instanceof RunStop ? err : (stop ?? new RunStop('crashed', describeError(err))) };
  } finally {
    options.signal?.removeEventListener('abort', forward);
  }
  try {
    return await finish(state, ending, options);
  } finally {
    unlisten();
  }
}

async function finish(state: RunState, ending: Ending, options: RunOptions): Promise<RunResult> {
  await state.session?.close().catch(() => {});
  const draftOutcome = ending.stop
    ? 'VOID'
    : (state.gates.at(-1)?.outcome ?? (ending.score ? 'SCORED' : 'VOID'));
  const problems = await closeTapes(state.tapes, draftOutcome);
  if (problems.length > 0 && !ending.stop) ending = { stop: new RunStop('crashed', problems.join('; ')) };
  const hash = state.registration?.hash;
  if (hash !== undefined)
    for (const file of [FILES.wire, FILES.agent, FILES.judge]) stampConfigHash(join(state.dir, file), hash);
  const built = buildRecord(state, ending, await fileDigests(state.dir), new Date());
  const record = withAlongside(built, options.alongside);
  await writeRecord(join(state.dir, FILES.record), record, { secrets: state.secrets });
  const key = loadOrCreateSigningKey(options.signingKeyPath ?? join(state.dir, '..', '.signing-key.pem'));
  const files = [FILES.record, ...record.files.map((f) => f.path)];
  await signRun(state.dir, state.runId, files, key);
  const exitCode = record.outcome === 'SCORED' ? 0 : record.outcome === 'VOID' ? 3 : 1;
  state.progress(`record: ${join(state.dir, FILES.record)}`);
  return { runId: state.runId, dir: state.dir, outcome: record.outcome, record, exitCode };
}
