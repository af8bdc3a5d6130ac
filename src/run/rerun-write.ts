import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeError } from '../core/errors.js';
import { effectOfTapes } from '../findings/paired.js';
import { scrubRecord } from '../record/io.js';
import { publisherSigner } from '../record/publisher-signer.js';
import { RERUN_SCHEMA, RERUN_STATEMENT, type RerunPolicy, RerunRecord } from '../record/rerun.js';
import type { FileDigest } from '../record/surface.js';
import { RUN_FILES } from '../tape/file-names.js';
import { parseTape } from '../tape/reader.js';
import { listRunDir } from '../tape/run-files.js';
import { sha256File, signRun } from '../tape/signature.js';
import { PRODUCER, VERSION } from '../version.js';
import type { RunContext } from './context.js';
import type { readOriginal } from './rerun-original.js';
import { RunStop } from './stop.js';
import type { RunTally } from './tally.js';
import { closeTapes } from './tapes.js';

function agentRecords(dir: string) {
  return parseTape(readFileSync(join(dir, RUN_FILES.agent), 'utf8'), join(dir, RUN_FILES.agent)).records;
}

async function digests(dir: string): Promise<FileDigest[]> {
  const out: FileDigest[] = [];
  for (const path of [RUN_FILES.rerunPolicy, RUN_FILES.wire, RUN_FILES.agent, RUN_FILES.judge]) {
    try {
      out.push({ path, ...(await sha256File(join(dir, path))) });
    } catch {
      // Not written (a refused rerun has no policy): not listed.
    }
  }
  return out;
}

export interface RerunResult {
  dir: string;
  runId: string;
  record: RerunRecord;
  /** 0 MEASURED, 1 REFUSED, 3 VOID. */
  exitCode: number;
}

/** What was decided before the drive, for the record. */
export interface RerunDraft {
  ctx: RunContext;
  /** What the rerun's stages added: its own notes are the record's. */
  tally: RunTally;
  original: ReturnType<typeof readOriginal>;
  targetFrom: 'original' | 'flags';
  policy?: { doc: RerunPolicy; sha256: string; at: Date };
  surfaceDigest?: string;
  refused?: boolean;
  stop?: RunStop;
  signingKeyPath?: string;
}

/** The original a rerun names: its run, suite, surface and record file. */
export function rerunOf(original: ReturnType<typeof readOriginal>): RerunPolicy['rerunOf'] {
  return {
    runId: original.record.runId,
    suiteHash: original.suite.hash,
    surfaceDigest: original.surfaceDigest,
    recordSha256: original.recordSha256,
  };
}

/** The outcome part of the record: the effect, the surface refusal, or why the rerun is VOID. */
function outcomeOf(
  draft: RerunDraft,
): Pick<RerunRecord, 'outcome' | 'effect' | 'unpaired' | 'refusal' | 'void'> {
  const { ctx, original } = draft;
  if (draft.stop) return { outcome: 'VOID', void: { reason: draft.stop.reason, detail: draft.stop.detail } };
  if (draft.refused) {
    const now = draft.surfaceDigest;
    return {
      outcome: 'REFUSED',
      refusal: {
        reason: 'surface_changed',
        detail: `the server's surface changed since ${original.record.runId}: surface digest ${original.surfaceDigest} then, ${now ?? 'none (tools/list failed)'} now; a paired rerun needs the same surface`,
        originalDigest: original.surfaceDigest,
        ...(now === undefined ? {} : { currentDigest: now }),
      },
    };
  }
  const runnerKind = ctx.runner.provider === 'heuristic' ? 'lexical' : 'model';
  const alpha = draft.policy?.doc.alpha;
  if (alpha === undefined)
    return { outcome: 'VOID', void: { reason: 'crashed', detail: 'no rerun policy was written' } };
  const { effect, unpaired } = effectOfTapes(
    agentRecords(original.dir),
    agentRecords(ctx.dir),
    alpha,
    runnerKind,
  );
  if (effect === undefined)
    return { outcome: 'VOID', void: { reason: 'crashed', detail: 'no drive trial paired' } };
  return { outcome: 'MEASURED', effect, unpaired };
}

/** Closes the tapes, writes rerun.json (validated, scrubbed) and signs the rerun directory. */
export async function writeRerun(draft: RerunDraft, target: string): Promise<RerunResult> {
  const { ctx, original } = draft;
  // Append-only: the original's suite hash goes on each tape's end line, never stamped in after.
  const problems = await closeTapes(
    ctx.tapes,
    draft.stop ? 'VOID' : draft.refused ? 'REFUSED' : 'MEASURED',
    original.suite.hash,
  );
  if (problems.length > 0 && !draft.stop) draft.stop = new RunStop('crashed', problems.join('; '));
  let outcome: ReturnType<typeof outcomeOf>;
  try {
    outcome = outcomeOf(draft);
  } catch (err) {
    outcome = { outcome: 'VOID', void: { reason: 'crashed', detail: describeError(err) } };
  }
  const { key, signer } = publisherSigner(draft.signingKeyPath);
  const runnerKind = ctx.runner.provider === 'heuristic' ? 'lexical' : 'model';
  const record: RerunRecord = RerunRecord.parse(
    scrubRecord(
      {
        schema: RERUN_SCHEMA,
        runId: ctx.runId,
        rerunOf: rerunOf(original),
        ...outcome,
        startedAt: ctx.startedAt.toISOString(),
        endedAt: new Date().toISOString(),
        producer: { name: PRODUCER, version: VERSION },
        runner: ctx.runner.id,
        target: { kind: ctx.config.target.kind, description: target },
        targetFrom: draft.targetFrom,
        statement: RERUN_STATEMENT,
        ...(draft.policy
          ? {
              policy: {
                path: RUN_FILES.rerunPolicy,
                sha256: draft.policy.sha256,
                at: draft.policy.at.toISOString(),
              },
            }
          : {}),
        overrides: draft.policy?.doc.overrides ?? [],
        ...(draft.surfaceDigest === undefined ? {} : { surfaceDigest: draft.surfaceDigest }),
        notes: [
          ...draft.tally.ownNotes,
          ...(runnerKind === 'lexical'
            ? [
                {
                  id: 'lexical-agent',
                  text: 'The runner is the offline heuristic: the measured effect is the effect of the rewrites on a lexical agent (tool choice and argument filling by matching words), not on a language model.',
                },
              ]
            : []),
        ],
        files: await digests(ctx.dir),
        signer,
      },
      ctx.secrets,
    ),
  );
  const path = join(ctx.dir, RUN_FILES.rerun);
  writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`, { flag: 'wx' });
  if (key !== undefined) {
    const files = listRunDir(ctx.dir).files.filter((f) => f !== RUN_FILES.signature);
    try {
      await signRun(ctx.dir, ctx.runId, files, key, original.suite.hash);
    } catch (err) {
      ctx.progress(`signature: not written (${describeError(err)})`);
    }
  }
  ctx.progress(`record: ${path}`);
  const exitCode = record.outcome === 'MEASURED' ? 0 : record.outcome === 'REFUSED' ? 1 : 3;
  return { dir: ctx.dir, runId: ctx.runId, record, exitCode };
}
