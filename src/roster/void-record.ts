import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { noCost } from '../record/build-cost.js';
import { writeRecord } from '../record/io.js';
import type { VoidReason } from '../record/outcome.js';
import { publisherSigner } from '../record/publisher-signer.js';
import type { RunRecord } from '../record/run.js';
import { parseRunId } from '../record/run-id.js';
import type { FileDigest } from '../record/surface.js';
import type { VoidDetails } from '../record/void.js';
import { voidRecord } from '../record/void-record.js';
import { RUN_FILES } from '../tape/file-names.js';
import { listRunDir } from '../tape/run-files.js';
import { sha256File, signRun } from '../tape/signature.js';
import { PRODUCER, VERSION } from '../version.js';
import type { TryStart } from './protocol.js';

const MODEL_ID = /^(heuristic|[a-z][a-z0-9-]*:\S+)$/;
const modelId = (spec: string) =>
  MODEL_ID.test(spec) ? spec : `unresolved:${spec.replace(/\s+/g, '') || 'empty'}`;

async function digests(dir: string): Promise<FileDigest[]> {
  const out: FileDigest[] = [];
  for (const path of [RUN_FILES.prereg, RUN_FILES.suite, RUN_FILES.wire, RUN_FILES.agent, RUN_FILES.judge]) {
    if (existsSync(join(dir, path))) out.push({ path, ...(await sha256File(join(dir, path))) });
  }
  return out;
}

export interface DeadTry {
  runId: string;
  dir: string;
  start: TryStart;
  reason: VoidReason;
  detail: string;
  /** The record's note, when it is not the usual one (a stand-in written by another worker). */
  note?: string;
}

/**
 * The record of a try whose process died before it wrote one (killed, its machine lost): VOID with
 * what is known (the target, models, generator and the tapes it left), signed like any run. The
 * run's own pipeline would have written it; here nothing of it ran to completion, so nothing else
 * is claimed: no probes, no gates, no completed stages.
 */
export async function writeDeadRecord(t: DeadTry, signingKeyPath: string): Promise<RunRecord> {
  const now = new Date();
  const { key, signer } = publisherSigner(signingKeyPath);
  const parsed = parseRunId(t.runId);
  const startedAt = parsed?.startedAt ?? t.start.startedAt;
  const files = await digests(t.dir);
  const details: VoidDetails = {
    reason: t.reason,
    detail: t.detail,
    at: now.toISOString(),
    completed: { stages: [], gates: [], trials: {} },
  };
  const record = voidRecord(
    {
      runId: t.runId,
      probes: [],
      cost: noCost('the process running this try died before its usage was recorded'),
      notes: {
        own: [
          {
            id: 'died-try',
            text:
              t.note ??
              `This try's process ended before it wrote a record; the roster recorded it VOID from what it had started. Tape files it left: ${files.map((f) => f.path).join(', ') || 'none'}.`,
          },
        ],
        standing: [],
      },
      files,
      identity: {
        serverSlug: parsed?.slug ?? t.start.slug,
        target: t.start.target,
        credential: t.start.credential,
        startedAt,
        endedAt: new Date(Math.max(now.getTime(), Date.parse(startedAt))).toISOString(),
        producer: { name: PRODUCER, version: VERSION },
        runner: modelId(t.start.runner),
        judge: modelId(t.start.judge),
        generator: t.start.generator,
        screen: { recorded: false, limitation: 'the try died before its screen was recorded' },
        extensionProtocol: { statement: 'not registered: the try died before pre-registration was recorded' },
      },
      gates: [],
      ...(t.start.roster ? { roster: t.start.roster } : {}),
      signer,
    },
    details,
  );
  await writeRecord(join(t.dir, RUN_FILES.record), record);
  // The manifest is the complete list: every regular file the run directory holds.
  const listed = listRunDir(t.dir).files.filter((f) => f !== RUN_FILES.signature);
  if (key) await signRun(t.dir, t.runId, listed, key);
  return record;
}

const STAGED_MARKERS = [
  RUN_FILES.record,
  RUN_FILES.prereg,
  RUN_FILES.suite,
  RUN_FILES.wire,
  RUN_FILES.agent,
  RUN_FILES.judge,
];

/** Run directories directly inside a try's staging folder: any folder holding a run file. */
export function stagedRuns(stagingDir: string): string[] {
  if (!existsSync(stagingDir)) return [];
  return readdirSync(stagingDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && STAGED_MARKERS.some((f) => existsSync(join(stagingDir, d.name, f))))
    .map((d) => d.name)
    .sort();
}
