import type { KeyObject } from 'node:crypto';
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { reapScope } from '../connect/processes.js';
import { sha256Hex } from '../core/canonical.js';
import { describeError } from '../core/errors.js';
import { outcomeOf } from '../gates/ladder.js';
import { PRICE_TABLE } from '../models/prices.js';
import { buildCost } from '../record/build-cost.js';
import { parseRecord, scrubRecord, serializeRecord, writeRecordText } from '../record/io.js';
import { publisherSigner } from '../record/publisher-signer.js';
import { type RunReport, runReport } from '../record/result.js';
import type { RunRecord } from '../record/run.js';
import type { Signer } from '../record/signer.js';
import type { FileDigest } from '../record/surface.js';
import { voidRecord } from '../record/void-record.js';
import { RUN_FILES } from '../tape/file-names.js';
import type { Stage } from '../tape/phases.js';
import { listRunDir } from '../tape/run-files.js';
import { EventKind } from '../tape/schema.js';
import { signRun } from '../tape/signature.js';
import { PRODUCER, VERSION } from '../version.js';
import type { RunContext } from './context.js';
import type { RunControl } from './control.js';
import type { Driver } from './driver.js';
import type { RunOptions } from './options.js';
import { atMostScreened } from './products.js';
import { buildRecord, type Ending, endingOf, fileDigests, type RecordSource } from './record.js';
import { serverFaultsFromTape, truncationNotes } from './server-faults.js';
import { RunStop } from './stop.js';
import type { Tally } from './tally.js';
import { closeTapes } from './tapes.js';

export interface RunResult {
  runId: string;
  dir: string;
  outcome: RunRecord['outcome'];
  record: RunRecord;
  /** 0 SCORED, 1 refused, 3 VOID. */
  exitCode: number;
  /** What `run --json` prints: the outcome, its block and rate from the record, where it is and its sha256. */
  report: RunReport;
}

export interface FinishInput {
  ctx: RunContext;
  /** The stages the run completed, the products it reached, the gates it decided and its tallies (`driver.ts`). */
  steps: Steps;
  ending: Ending;
  options: Pick<RunOptions, 'signingKeyPath' | 'alongside'>;
  control: Pick<RunControl, 'hurried' | 'signals'>;
  /** The pipeline, possibly still unwinding after a stop: waited for, boundedly. */
  pipeline?: Promise<unknown>;
  /** The process scope of this run's servers (see src/connect/processes.ts). */
  scope?: string;
}

/** What the driver kept of a run: the stages completed, the products reached, the gates decided, the tallies. */
type Steps = Pick<Driver, 'stages' | 'reached' | 'gates' | 'tally'>;

/** What the run's record is built from: its settings, and what the driver kept. */
function recordSource(ctx: RunContext, { stages, reached, gates, tally }: Steps): RecordSource {
  const { trials, usage, ownNotes } = tally;
  return { ...ctx, stages, reached, gates, trials, usage, ownNotes };
}

/** How long a stopped pipeline may take to unwind (sessions closed, calls failing) before the record is written anyway. */
const SETTLE_MS = 5000;

function within(promise: Promise<unknown> | undefined, ms: number): Promise<void> {
  if (promise === undefined || ms <= 0) return Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Ends a run, whatever happened to it: the sessions are closed and every server process of the run
 * reaped (bounded, shorter once hurried), the tapes closed with their end lines, then the record
 * written and the run signed. Any failure while building, checking or writing the record (or
 * loading the signing key) still leaves a VOID record that names the failure, closed tapes and a
 * signature; only a file system that refuses every write can leave no record, and that is thrown.
 */
export async function finishRun(input: FinishInput): Promise<RunResult> {
  const { ctx } = input;
  const ending = await settle(input);
  const failures: string[] = [];
  moveEvidence(ctx, input.options.alongside?.evidence, failures);
  const { key, signer } = signingKey(input.options, input.steps.tally);
  const recordPath = join(ctx.dir, RUN_FILES.record);
  const endedAt = new Date();
  let text = failures.length === 0 ? await recordText(input, ending, signer, endedAt, failures) : undefined;
  text ??= await voidRecordText(input, signer, failures.join('; '), recordPath, endedAt);
  await writeRecordText(recordPath, text);
  // What was written, read back through the record's schema (never a cast).
  const record = parseRecord(text, recordPath);
  await sign(ctx, key, signer, record);
  const report = runReport(record, { dir: ctx.dir, recordPath, recordSha256: sha256Hex(text) });
  ctx.progress(`record: ${recordPath}`);
  return {
    runId: ctx.runId,
    dir: ctx.dir,
    outcome: record.outcome,
    record,
    exitCode: report.exitCode,
    report,
  };
}

/**
 * The main session closed, the pipeline given time to unwind, the run's processes reaped, the stop
 * on the wire and the tapes closed: the ending, VOID when a tape could not be closed.
 */
async function settle(input: FinishInput): Promise<Ending> {
  const { ctx, control, steps } = input;
  const grace = () => (control.hurried ? 0 : SETTLE_MS);
  await within(steps.reached.connect?.main.session.close(), control.hurried ? 500 : SETTLE_MS);
  await within(input.pipeline, grace());
  if (input.scope !== undefined) reapScope(input.scope);
  const { stop } = input.ending;
  if (stop) {
    ctx.tapes.wire.event(EventKind.runStop, {
      reason: stop.reason,
      detail: stop.detail,
      signals: [...control.signals],
      hurried: control.hurried,
    });
  }
  const draftOutcome = outcomeOf(steps.gates, endingOf(input.ending));
  const suiteHash = steps.reached.register?.registration.hash;
  const problems = await closeTapes(ctx.tapes, draftOutcome, suiteHash);
  for (const note of truncationNotes(ctx.tapes)) steps.tally.addNote(note);
  if (problems.length > 0 && !stop) return { stop: new RunStop('crashed', problems.join('; ')) };
  return input.ending;
}

/** The full record, scrubbed and checked; undefined (the failure noted) when it cannot be built. */
async function recordText(
  input: FinishInput,
  ending: Ending,
  signer: Signer,
  endedAt: Date,
  failures: string[],
): Promise<string | undefined> {
  const { ctx, steps } = input;
  const recordPath = join(ctx.dir, RUN_FILES.record);
  try {
    const record = buildRecord(
      recordSource(ctx, steps),
      ending,
      await fileDigests(ctx.dir),
      endedAt,
      signer,
      {
        serverFaults: serverFaultsFromTape(ctx.tapes.wire.text(), join(ctx.dir, RUN_FILES.wire)),
        alongside: input.options.alongside,
      },
    );
    return serializeRecord(scrubRecord(record, ctx.secrets), recordPath);
  } catch (err) {
    failures.push(`building or checking the record: ${describeError(err)}`);
    return undefined;
  }
}

/** The manifest is the complete list: every regular file the run directory holds. */
async function sign(ctx: RunContext, key: KeyObject | undefined, signer: Signer, record: RunRecord) {
  if (key === undefined) {
    ctx.progress(`signature: none (${signer.status === 'unsigned' ? signer.reason : '?'})`);
    return;
  }
  const files = listRunDir(ctx.dir).files.filter((f) => f !== RUN_FILES.signature);
  try {
    await signRun(ctx.dir, ctx.runId, files, key, record.suite?.hash ?? record.identity.suiteHash ?? null);
  } catch (err) {
    ctx.progress(`signature: not written (${describeError(err)}); the run is recorded unsigned`);
  }
}

/** Evidence made beside the run joins its directory before the record and signature are written. */
function moveEvidence(
  ctx: RunContext,
  evidence: { from: string; as: string } | undefined,
  failures: string[],
) {
  if (evidence === undefined || !existsSync(evidence.from)) return;
  try {
    renameSync(evidence.from, join(ctx.dir, evidence.as));
  } catch (err) {
    failures.push(`moving ${evidence.as} into the run: ${describeError(err)}`);
  }
}

/**
 * The publisher key, with the record's signer set from it. A key that cannot be loaded or created
 * never blocks the record: the run is recorded unsigned, and its record and a note say why.
 */
function signingKey(
  options: FinishInput['options'],
  tally: Tally,
): { key: KeyObject | undefined; signer: Signer } {
  const { key, signer } = publisherSigner(options.signingKeyPath);
  if (signer.status === 'unsigned')
    tally.addNote({ id: 'unsigned', text: `This run is not signed: ${signer.reason}.` });
  return { key, signer };
}

/**
 * A VOID record naming why the full record could not be written. It is built from the parts that
 * cannot themselves fail (what completed, the files present, the policy, the exploration ledger
 * and the screen counts of the product reached), scrubbed and validated like any record; if even
 * that does not validate, a last-resort record with no free text at all is written.
 */
async function voidRecordText(
  input: Pick<FinishInput, 'ctx' | 'steps'>,
  signer: Signer,
  why: string,
  path: string,
  endedAt: Date,
): Promise<string> {
  const { ctx, steps } = input;
  const detail = `the record could not be written as it stood (${why})`;
  let files: FileDigest[] = [];
  try {
    files = await fileDigests(ctx.dir);
  } catch {
    files = [];
  }
  try {
    const bare: RecordSource = {
      ...recordSource(ctx, steps),
      reached: atMostScreened(steps.reached),
      gates: [],
      usage: [],
      ownNotes: [{ id: 'record-failed', text: detail }],
    };
    // The server's surface is left out too: it is the server's own text, and may be what failed.
    const { surface: _left, ...record } = buildRecord(
      bare,
      { stop: new RunStop('crashed', detail) },
      files,
      endedAt,
      signer,
    );
    return serializeRecord(scrubRecord(record, ctx.secrets), path);
  } catch {
    return serializeRecord(lastResort(ctx, steps.stages, signer, endedAt), path);
  }
}

function lastResort(ctx: RunContext, stages: readonly Stage[], signer: Signer, endedAt: Date): RunRecord {
  const at = endedAt.toISOString();
  return voidRecord(
    {
      runId: ctx.runId,
      probes: [],
      cost: buildCost([], PRICE_TABLE),
      notes: { own: [], standing: [] },
      files: [],
      identity: {
        serverSlug: ctx.slug,
        target: {
          kind: ctx.config.target.kind,
          description: 'not recorded: the record could not be written',
        },
        credential: ctx.config.credential,
        startedAt: ctx.startedAt.toISOString(),
        endedAt: at,
        producer: { name: PRODUCER, version: VERSION },
        runner: ctx.runner.id,
        judge: ctx.judge.id,
        generator: ctx.config.generator,
        screen: { recorded: false, limitation: 'the record could not be written' },
        extensionProtocol: { recorded: false, limitation: 'the record could not be written' },
      },
      gates: [],
      signer,
    },
    {
      reason: 'crashed',
      detail: 'the record could not be written; see the tapes',
      at,
      completed: { stages: [...stages], gates: [], trials: {} },
    },
  );
}
