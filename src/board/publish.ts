import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { FitnessError } from '../cli/errors.js';
import type { RunRecord } from '../record/index.js';
import { Redactor, redactTapeText } from '../tape/redact.js';
import { SIGNATURE_FILE, verifyRun } from '../tape/signature.js';
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
  'wire.jsonl',
  'agent.jsonl',
  'judge.jsonl',
  SIGNATURE_FILE,
];
const PLANES = ['wire', 'agent', 'judge'] as const;

async function fileSize(path: string): Promise<number | undefined> {
  try {
    const s = await stat(path);
    return s.isFile() ? s.size : undefined;
  } catch {
    return undefined;
  }
}

export async function verification(runDir: string): Promise<Verification> {
  if ((await fileSize(join(runDir, SIGNATURE_FILE))) === undefined) {
    return { status: 'unsigned', problems: ['the run directory has no signature.json'], files: [] };
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

async function publishFile(
  src: string,
  dest: string,
  secrets: readonly string[],
): Promise<{ bytes: number; redacted: boolean }> {
  await mkdir(dirname(dest), { recursive: true });
  const redactor = new Redactor(secrets);
  if (redactor.empty) {
    await copyFile(src, dest);
    return { bytes: (await stat(dest)).size, redacted: false };
  }
  const text = await readFile(src, 'utf8');
  if (redactor.scrub(text) === text) {
    await copyFile(src, dest);
    return { bytes: (await stat(dest)).size, redacted: false };
  }
  // Tapes are scrubbed line by line as JSON (escaped forms included); other text files as text.
  const out = src.endsWith('.jsonl') ? redactTapeText(text, secrets) : redactor.scrub(text);
  await writeFile(dest, out);
  return { bytes: Buffer.byteLength(out), redacted: out !== text };
}

/** The files a run publishes: the standard set that exists plus every file its record lists. */
function candidates(record: RunRecord): string[] {
  return [...new Set([...STANDARD, ...record.files.map((f) => f.path)])];
}

/**
 * Copies a run's files to `<site>/runs/<run-id>/`, scrubbing known secrets from the published copy
 * (the signed originals are untouched), and records what the signature check found.
 */
export async function publishRun(
  run: LoadedRun,
  siteDir: string,
  secrets: readonly string[],
): Promise<PublishedRun> {
  const { record, runDir } = run;
  const outDir = join(siteDir, 'runs', record.runId);
  const files: PublishedFile[] = [];
  for (const path of candidates(record)) {
    const src = resolve(runDir, path);
    if (relative(runDir, src).startsWith('..')) {
      throw new FitnessError('BOARD_PUBLISH', `${run.recordPath}: file ${path} escapes the run directory`);
    }
    if ((await fileSize(src)) === undefined) continue;
    const done = await publishFile(src, join(outDir, path), secrets);
    files.push({ path, ...done });
  }
  const planes = PLANES.flatMap((plane) => {
    const f = files.find((x) => x.path === `${plane}.jsonl`);
    return f ? [{ plane, path: f.path, bytes: f.bytes }] : [];
  });
  return { runId: record.runId, files, verification: await verification(runDir), planes };
}
