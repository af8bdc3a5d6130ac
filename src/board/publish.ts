import { createHash, type KeyObject } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { FitnessError } from '../core/errors.js';
import type { RunRecord } from '../record/index.js';
import { embeddedKey, verifyRun } from '../tape/check-signature.js';
import { RUN_FILES } from '../tape/file-names.js';
import { redactForPublication } from '../tape/publish-redact.js';
import { REDACTION_SCHEMA, type RedactionEntry } from '../tape/redaction.js';
import { signRedaction } from '../tape/redaction-sign.js';
import type { MarkerCounts } from '../tape/secret-shapes.js';
import { DsseEnvelope, keyId } from '../tape/signature.js';
import type { LoadedRun } from './load.js';
import { SitePaths } from './site-paths.js';

/** What the build found when it checked the run's signature against the run directory. */
export interface Verification {
  status: 'verified' | 'failed' | 'unsigned' | 'unreadable';
  keyid?: string;
  problems: string[];
  files: { path: string; status: string }[];
}

export interface PublishedFile {
  path: string;
  bytes: number;
  /** The published copy was redacted, so it differs from the signed bytes (redaction.json binds both). */
  redacted: boolean;
  /** Markers and media notes the copy received, by kind. */
  markers: MarkerCounts;
}

export interface PublishedRun {
  runId: string;
  files: PublishedFile[];
  verification: Verification;
  planes: { plane: 'wire' | 'agent' | 'judge'; path: string; bytes: number }[];
  /** The key the run's signature.json embeds (keys.json lists it), when the envelope can be read. */
  runSigner?: { keyid: string; publicKey: string };
}

const STANDARD = [
  RUN_FILES.record,
  RUN_FILES.suite,
  RUN_FILES.prereg,
  RUN_FILES.policy,
  RUN_FILES.rerun,
  RUN_FILES.rerunPolicy,
  RUN_FILES.wire,
  RUN_FILES.agent,
  RUN_FILES.judge,
  RUN_FILES.signature,
];
const PLANES = ['wire', 'agent', 'judge'] as const;

/** What publishing reads of a record: a run's or a rerun's. */
type Published = Pick<RunRecord, 'runId' | 'files' | 'signer'>;

/**
 * File I/O here is synchronous on purpose: a board of a thousand runs copies thousands of small
 * files, and a thread-pool round trip per file costs more than the copy.
 */
function fileSize(path: string): number | undefined {
  const s = lstatSync(path, { throwIfNoEntry: false });
  if (s?.isSymbolicLink())
    throw new FitnessError('BOARD_PUBLISH', `${path}: a symbolic link; the board never follows links`);
  return s?.isFile() ? s.size : undefined;
}

export async function verification(runDir: string, record?: Published): Promise<Verification> {
  if (fileSize(join(runDir, RUN_FILES.signature)) === undefined) {
    // The record says why when the run was recorded unsigned (an unusable publisher key).
    const why =
      record?.signer?.status === 'unsigned'
        ? `recorded unsigned: ${record.signer.reason}`
        : 'the run directory has no signature.json';
    return { status: 'unsigned', problems: [why], files: [] };
  }
  try {
    const check = await verifyRun(runDir);
    return {
      status: check.valid ? 'verified' : 'failed',
      keyid: check.keyid,
      problems: check.problems,
      files: check.files,
    };
  } catch (err) {
    return { status: 'unreadable', problems: [err instanceof Error ? err.message : String(err)], files: [] };
  }
}

/** What a published copy is: its bytes, and the markers redaction wrote into it (none: the original). */
function publishFile(src: string, dest: string, path: string, secrets: readonly string[]) {
  const original = readFileSync(src);
  const text = original.toString('utf8');
  const json = path.endsWith('.json') || path.endsWith('.jsonl');
  const copy = redactForPublication(text, secrets, json);
  const bytes = copy.text === text ? original : Buffer.from(copy.text, 'utf8');
  writeFileSync(dest, bytes);
  return { original, bytes, markers: copy.text === text ? {} : copy.markers };
}

/** The files a run publishes: the standard set that exists plus every file its record lists. */
function candidates(record: Published): string[] {
  return [...new Set([...STANDARD, ...record.files.map((f) => f.path)])];
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The run signer's key as its envelope carries it, when the envelope can be read. */
function envelopeKey(bytes: Buffer | undefined): { keyid: string; publicKey: string } | undefined {
  if (bytes === undefined) return undefined;
  try {
    const env = DsseEnvelope.safeParse(JSON.parse(bytes.toString('utf8')));
    const sig = env.success ? env.data.signatures[0] : undefined;
    if (sig === undefined) return undefined;
    return { keyid: keyId(embeddedKey(sig.publicKey, RUN_FILES.signature)), publicKey: sig.publicKey };
  } catch {
    return undefined;
  }
}

/**
 * Copies a run's files to `<site>/runs/<run-id>/` as redacted copies (known secrets exactly,
 * secret-shaped strings as markers, media as size notes; the signed originals are untouched),
 * keeps the run's own `signature.json` verbatim, and writes `redaction.json`, signed by the board
 * builder's key, binding every copy to the original the signature covers.
 */
export async function publishRun(
  run: Pick<LoadedRun, 'runDir' | 'recordPath'> & { record: Published },
  siteDir: string,
  secrets: readonly string[],
  boardKey: KeyObject,
): Promise<PublishedRun> {
  const { record, runDir } = run;
  const outDir = join(siteDir, ...SitePaths.run(record.runId));
  const files: PublishedFile[] = [];
  const entries: RedactionEntry[] = [];
  const made = new Set<string>();
  let envelopeBytes: Buffer | undefined;
  for (const path of candidates(record)) {
    const src = resolve(runDir, path);
    if (relative(runDir, src).startsWith('..')) {
      throw new FitnessError('BOARD_PUBLISH', `${run.recordPath}: file ${path} escapes the run directory`);
    }
    if (fileSize(src) === undefined) continue;
    const dest = join(outDir, path);
    if (!made.has(dirname(dest))) {
      mkdirSync(dirname(dest), { recursive: true });
      made.add(dirname(dest));
    }
    if (path === RUN_FILES.signature) {
      envelopeBytes = readFileSync(src);
      writeFileSync(dest, envelopeBytes);
      files.push({ path, bytes: envelopeBytes.length, redacted: false, markers: {} });
      continue;
    }
    const copy = publishFile(src, dest, path, secrets);
    const redacted = copy.bytes !== copy.original;
    files.push({ path, bytes: copy.bytes.length, redacted, markers: copy.markers });
    entries.push({
      path,
      bytes: copy.bytes.length,
      sha256: sha256(copy.bytes),
      original: {
        bytes: copy.original.length,
        sha256: redacted ? sha256(copy.original) : sha256(copy.bytes),
      },
      markers: copy.markers,
    });
  }
  const signedBy = envelopeKey(envelopeBytes);
  const redaction = signRedaction(
    {
      schema: REDACTION_SCHEMA,
      runId: record.runId,
      original:
        envelopeBytes === undefined
          ? null
          : { envelopeSha256: sha256(envelopeBytes), keyid: signedBy?.keyid ?? 'unreadable' },
      files: entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    },
    boardKey,
  );
  const redactionText = `${JSON.stringify(redaction, null, 2)}\n`;
  writeFileSync(join(outDir, RUN_FILES.redaction), redactionText);
  files.push({
    path: RUN_FILES.redaction,
    bytes: Buffer.byteLength(redactionText),
    redacted: false,
    markers: {},
  });
  const planes = PLANES.flatMap((plane) => {
    const f = files.find((x) => x.path === `${plane}.jsonl`);
    return f ? [{ plane, path: f.path, bytes: f.bytes }] : [];
  });
  return {
    runId: record.runId,
    files,
    verification: await verification(runDir, record),
    planes,
    ...(signedBy ? { runSigner: signedBy } : {}),
  };
}
