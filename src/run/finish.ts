import type { KeyObject } from 'node:crypto';
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { reapScope } from '../connect/processes.js';
import { describeError } from '../core/errors.js';
import { PRICE_TABLE } from '../models/prices.js';
import { buildCost } from '../record/build-cost.js';
import { scrubRecord, serializeRecord, writeRecordText } from '../record/io.js';
import type { RunRecord } from '../record/run.js';
import type { FileDigest } from '../record/surface.js';
import { defaultSigningKeyPath, publicKeyInfo } from '../tape/publisher.js';
import { listRunDir } from '../tape/run-files.js';
import { EventKind } from '../tape/schema.js';
import { loadOrCreateSigningKey, SIGNATURE_FILE, signRun } from '../tape/signature.js';
import { PRODUCER, VERSION } from '../version.js';
import { withAlongside } from './alongside.js';
import type { RunControl } from './control.js';
import type { RunOptions } from './options.js';
import { buildRecord, type Ending, fileDigests, modelId } from './record.js';
import { FILES } from './run-dir.js';
import { serverFaultsFromTape, truncationNotes } from './server-faults.js';
import { type RunState, RunStop } from './state.js';
import { closeTapes, stampConfigHash } from './tapes.js';

export interface RunResult {
  runId: string;
  dir: string;
  outcome: RunRecord['outcome'];
  record: RunRecord;
  /** 0 SCORED, 1 refused, 3 VOID. */
  exitCode: number;
}

export interface FinishInput {
  state: RunState;
  ending: Ending;
  options: Pick<RunOptions, 'signingKeyPath' | 'alongside'>;
  control: Pick<RunControl, 'hurried' | 'signals'>;
  /** The pipeline, possibly still unwinding after a stop: waited for, boundedly. */
  pipeline?: Promise<unknown>;
  /** The process scope of this run's servers (see src/connect/processes.ts). */
  scope?: string;
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
  const { state, control } = input;
  let ending = input.ending;
  const grace = () => (control.hurried ? 0 : SETTLE_MS);
  await within(state.session?.close(), control.hurried ? 500 : SETTLE_MS);
  await within(input.pipeline, grace());
  if (input.scope !== undefined) reapScope(input.scope);
  if (ending.stop) {
    state.tapes.wire.event(EventKind.runStop, {
      reason: ending.stop.reason,
      detail: ending.stop.detail,
      signals: [...control.signals],
      hurried: control.hurried,
    });
  }
  const draftOutcome = ending.stop
    ? 'VOID'
    : (state.gates.at(-1)?.outcome ?? (ending.score ? 'SCORED' : 'VOID'));
  const problems = await closeTapes(state.tapes, draftOutcome);
  if (problems.length > 0 && !ending.stop) ending = { stop: new RunStop('crashed', problems.join('; ')) };
  state.ownNotes.push(...truncationNotes(state.tapes));
  const failures: string[] = [];
  const hash = state.registration?.hash;
  if (hash !== undefined) {
    for (const file of [FILES.wire, FILES.agent, FILES.judge]) {
      try {
        stampConfigHash(join(state.dir, file), hash);
      } catch (err) {
        failures.push(`stamping ${file}: ${describeError(err)}`);
      }
    }
  }
  moveEvidence(state, input.options.alongside?.evidence, failures);
  const key = signingKey(input.options, state);
  const recordPath = join(state.dir, FILES.record);
  const endedAt = new Date();
  let text: string | undefined;
  if (failures.length === 0) {
    try {
      const record = withAlongside(
        buildRecord(state, ending, await fileDigests(state.dir), endedAt),
        input.options.alongside,
      );
      const faults = serverFaultsFromTape(join(state.dir, FILES.wire));
      if (faults !== undefined) record.serverFaults = faults;
      text = serializeRecord(scrubRecord(record, state.secrets), recordPath);
    } catch (err) {
      failures.push(`building or checking the record: ${describeError(err)}`);
    }
  }
  text ??= await voidRecordText(state, failures.join('; '), recordPath, endedAt);
  await writeRecordText(recordPath, text);
  const record = JSON.parse(text) as RunRecord;
  // The manifest is the complete list: every regular file the run directory holds.
  const files = listRunDir(state.dir).files.filter((f) => f !== SIGNATURE_FILE);
  if (key !== undefined) {
    try {
      await signRun(
        state.dir,
        state.runId,
        files,
        key,
        record.suite?.hash ?? record.identity.suiteHash ?? null,
      );
    } catch (err) {
      state.progress(`signature: not written (${describeError(err)}); the run is recorded unsigned`);
    }
  } else
    state.progress(`signature: none (${state.signer?.status === 'unsigned' ? state.signer.reason : '?'})`);
  const exitCode = record.outcome === 'SCORED' ? 0 : record.outcome === 'VOID' ? 3 : 1;
  state.progress(`record: ${recordPath}`);
  return { runId: state.runId, dir: state.dir, outcome: record.outcome, record, exitCode };
}

/** Evidence made beside the run joins its directory before the record and signature are written. */
function moveEvidence(
  state: RunState,
  evidence: { from: string; as: string } | undefined,
  failures: string[],
) {
  if (evidence === undefined || !existsSync(evidence.from)) return;
  try {
    renameSync(evidence.from, join(state.dir, evidence.as));
  } catch (err) {
    failures.push(`moving ${evidence.as} into the run: ${describeError(err)}`);
  }
}

/**
 * The publisher key, with the record's signer set from it. A key that cannot be loaded or created
 * never blocks the record: the run is recorded unsigned, and its record and a note say why.
 */
function signingKey(options: FinishInput['options'], state: RunState): KeyObject | undefined {
  const path = options.signingKeyPath ?? defaultSigningKeyPath();
  try {
    const key = loadOrCreateSigningKey(path);
    state.signer = { status: 'signed', keyid: publicKeyInfo(key).fingerprint };
    return key;
  } catch (err) {
    const reason = `the signing key could not be used: ${describeError(err)}`;
    state.signer = { status: 'unsigned', reason };
    state.ownNotes.push({ id: 'unsigned', text: `This run is not signed: ${reason}.` });
    return undefined;
  }
}

/**
 * A VOID record naming why the full record could not be written. It is built from the parts that
 * cannot themselves fail (what completed, the files present), scrubbed and validated like any
 * record; if even that does not validate, a last-resort record with no free text at all is written.
 */
async function voidRecordText(state: RunState, why: string, path: string, endedAt: Date): Promise<string> {
  const detail = `the record could not be written as it stood (${why})`;
  let files: FileDigest[] = [];
  try {
    files = await fileDigests(state.dir);
  } catch {
    files = [];
  }
  try {
    const bare: RunState = {
      ...state,
      gates: [],
      probes: [],
      usage: [],
      ownNotes: [{ id: 'record-failed', text: detail }],
      registration: undefined,
      suiteFile: undefined,
      preregSha: undefined,
      surface: undefined,
      findings: undefined,
    };
    const record = buildRecord(bare, { stop: new RunStop('crashed', detail) }, files, endedAt);
    return serializeRecord(scrubRecord(record, state.secrets), path);
  } catch {
    return serializeRecord(lastResort(state, endedAt), path);
  }
}

function lastResort(state: RunState, endedAt: Date): RunRecord {
  const at = endedAt.toISOString();
  return {
    schema: 'fitness-report.run/2',
    runId: state.runId,
    outcome: 'VOID',
    probes: [],
    cost: buildCost([], PRICE_TABLE),
    notes: { own: [], standing: [] },
    files: [],
    identity: {
      serverSlug: state.slug,
      target: {
        kind: state.config.target.kind,
        description: 'not recorded: the record could not be written',
      },
      credential: state.config.credential,
      startedAt: state.startedAt.toISOString(),
      endedAt: at,
      producer: { name: PRODUCER, version: VERSION },
      runner: modelId(state.runner?.id, state.config.runnerSpec),
      judge: modelId(state.judge?.id, state.config.judgeSpec),
      generator: state.config.generator,
      screen: { recorded: false, limitation: 'the record could not be written' },
      extensionProtocol: { recorded: false, limitation: 'the record could not be written' },
    },
    gates: [],
    ...(state.signer ? { signer: state.signer } : {}),
    void: {
      reason: 'crashed',
      detail: 'the record could not be written; see the tapes',
      at,
      completed: { stages: [...state.stages], gates: [], trials: {} },
    },
  };
}
