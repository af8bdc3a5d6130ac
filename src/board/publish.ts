import { copyFileSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { FitnessError } from '../core/errors.js';
import type { RunRecord } from '../record/index.js';
import { verifyRun } from '../tape/check-signature.js';
import { Redactor, redactTapeText } from '../tape/redact.js';
import { SIGNATURE_FILE } from '../tape/signature.js';
import type { LoadedRun } from './load.js';

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
  /** Secrets were scrubbed from the published copy, so it differs from the signed bytes. */
  redacted: boolean;
}

export interface PublishedRun {
  runId: string;
  files: PublishedFile[];
  verification: Verification;
  planes: { plane: 'wire' | 'agent' | 'judge'; path: string; bytes: number }[];
}

const STANDARD = [
  'record.json',
  'suite.json',
  'prereg.json',
  'policy.json',
  'rerun.json',
  'rerun-policy.json',
  'wire.jsonl',
  'agent.jsonl',
  'judge.jsonl',
  SIGNATURE_FILE,
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
  if (fileSize(join(runDir, SIGNATURE_FILE)) === undefined) {
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

function publishFile(
  src: string,
  size: number,
  dest: string,
  secrets: readonly string[],
): { bytes: number; redacted: boolean } {
  const redactor = new Redactor(secrets);
  const copy = () => {
    copyFileSync(src, dest);
    return { bytes: size, redacted: false };
  };
  if (redactor.empty) return copy();
  const text = readFileSync(src, 'utf8');
  if (redactor.scrub(text) === text) return copy();
  // Tapes are scrubbed line by line as JSON (escaped forms included); other text files as text.
  const out = src.endsWith('.jsonl') ? redactTapeText(text, secrets) : redactor.scrub(text);
  writeFileSync(dest, out);
  return { bytes: Buffer.byteLength(out), redacted: out !== text };
}

/** The files a run publishes: the standard set that exists plus every file its record lists. */
function candidates(record: Published): string[] {
  return [...new Set([...STANDARD, ...record.files.map((f) => f.path)])];
}

/**
 * Copies a run's files to `<site>/runs/<run-id>/`, scrubbing known secrets from the published copy
 * (the signed originals are untouched), and records what the signature check found.
 */
export async function publishRun(
  run: Pick<LoadedRun, 'runDir' | 'recordPath'> & { record: Published },
  siteDir: string,
  secrets: readonly string[],
): Promise<PublishedRun> {
  const { record, runDir } = run;
  const outDir = join(siteDir, 'runs', record.runId);
  const files: PublishedFile[] = [];
  const made = new Set<string>();
  for (const path of candidates(record)) {
    const src = resolve(runDir, path);
    if (relative(runDir, src).startsWith('..')) {
      throw new FitnessError('BOARD_PUBLISH', `${run.recordPath}: file ${path} escapes the run directory`);
    }
    const size = fileSize(src);
    if (size === undefined) continue;
    const dest = join(outDir, path);
    if (!made.has(dirname(dest))) {
      mkdirSync(dirname(dest), { recursive: true });
      made.add(dirname(dest));
    }
    files.push({ path, ...publishFile(src, size, dest, secrets) });
  }
  const planes = PLANES.flatMap((plane) => {
    const f = files.find((x) => x.path === `${plane}.jsonl`);
    return f ? [{ plane, path: f.path, bytes: f.bytes }] : [];
  });
  return { runId: record.runId, files, verification: await verification(runDir, record), planes };
}
