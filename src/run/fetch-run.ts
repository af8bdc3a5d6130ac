import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { errorCode, FitnessError, messageOf } from '../core/errors.js';
import { mapLimit } from '../core/pool.js';
import { RUN_FILES } from '../tape/file-names.js';
import { type Cap, FetchBudget, getBounded, getBytes } from './fetch-get.js';
import { type FetchLimits, fetchLimits } from './fetch-limits.js';
import { findClash, listedNames, manifestNames, redactionNames, safePath } from './fetch-names.js';

/** The published file list a site writes beside each run (board publish), when present. */
export const PUBLISHED_FILES = 'files.json';

export interface FetchRunOptions {
  /** Overrides of DEFAULT_FETCH_LIMITS (src/run/fetch-limits.ts): byte caps, file count, deadlines. */
  limits?: Partial<FetchLimits>;
  /** Stops the fetch (Ctrl-C): it fails with VERIFY_FETCH and its folder is removed. */
  signal?: AbortSignal;
  /** Where the temporary folder is made (default the system's temporary directory). */
  tempParent?: string;
}

/** The index files, fetched first and whole: they name the rest. */
const INDEXES = [
  { file: RUN_FILES.signature, names: manifestNames, keep: true, what: "signature.json's manifest" },
  { file: RUN_FILES.redaction, names: redactionNames, keep: true, what: 'redaction.json' },
  { file: PUBLISHED_FILES, names: listedNames, keep: false, what: "the site's files.json" },
] as const;
const INDEX_FILES = new Set<string>(INDEXES.map((i) => i.file));

function baseOf(siteUrl: string): URL {
  try {
    return new URL(siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`);
  } catch {
    throw new FitnessError('USAGE', `${siteUrl}: not a URL`);
  }
}

function fileUrl(base: URL, name: string): URL {
  return new URL(name.split('/').map(encodeURIComponent).join('/'), base);
}

/** Fetches the index files into `dir`; returns every name they give, refused past the file cap. */
async function readIndexes(base: URL, dir: string, budget: FetchBudget): Promise<string[]> {
  const names = new Set<string>([RUN_FILES.record]);
  const cap: Cap = { bytes: budget.limits.indexBytes, what: 'the limit for an index file' };
  const kept: string[] = [];
  for (const index of INDEXES) {
    const bytes = await getBytes(new URL(index.file, base), cap, budget);
    if (bytes === undefined) continue;
    if (index.keep) {
      writeFileSync(join(dir, index.file), bytes);
      kept.push(index.file);
    }
    const listed = index.names(bytes);
    for (const name of listed) names.add(name);
    if (names.size > budget.limits.files)
      throw new FitnessError(
        'VERIFY_FETCH',
        `${base.href}: more files than the limit of ${budget.limits.files.toLocaleString('en-US')} (${index.what} names ${listed.length.toLocaleString('en-US')}); none fetched`,
      );
  }
  const wanted = [...names].filter((name) => !INDEX_FILES.has(name) && safePath(name));
  const clash = findClash([...kept, ...wanted]);
  if (clash !== undefined) throw new FitnessError('VERIFY_CLASH', `${base.href}: ${clash}`);
  return wanted;
}

/** A file that cannot be made where its name says: a clash the names check missed, or the disk. */
function writeError(url: URL, name: string, err: unknown): FitnessError {
  const code = errorCode(err);
  if (code === 'EEXIST' || code === 'EISDIR' || code === 'ENOTDIR')
    return new FitnessError(
      'VERIFY_CLASH',
      `${url.href}: '${name}' clashes with another file's name (${code})`,
    );
  return new FitnessError('VERIFY_FETCH', `${url.href}: cannot write '${name}' (${messageOf(err)})`);
}

/** Streams one file to disk under `dir`; a file the site does not have (404) is left out. */
async function copyFile(base: URL, dir: string, name: string, budget: FetchBudget): Promise<void> {
  const url = fileUrl(base, name);
  const path = join(dir, name);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    mkdirSync(dirname(path), { recursive: true });
    handle = await open(path, 'wx');
  } catch (err) {
    throw writeError(url, name, err);
  }
  let found = false;
  try {
    const cap: Cap = { bytes: budget.limits.fileBytes, what: 'the per-file limit' };
    found = await getBounded(url, cap, budget, async (chunk) => {
      for (let at = 0; at < chunk.byteLength; ) at += (await handle.write(chunk, at)).bytesWritten;
    });
  } finally {
    await handle.close();
  }
  if (!found) rmSync(path, { force: true });
}

/**
 * Copies a published run (`<site>/runs/<run-id>/`) into a fresh temporary directory: its
 * signature and redaction.json, every file the manifest or redaction.json names, and every file the
 * site's own list names (so a file the site publishes beyond the manifest is seen). The copy is
 * then verified like any run directory; the caller removes it.
 *
 * Bounded by `options.limits` (defaults in src/run/fetch-limits.ts): byte caps per file and in all,
 * a file count, requests in flight, and deadlines per request and in all. A fetch past any of them,
 * or stopped by `options.signal`, fails with VERIFY_FETCH naming the URL and the limit; names that
 * cannot all be files of one folder fail with VERIFY_CLASH. Either way the folder is removed.
 */
export async function fetchPublishedRun(siteUrl: string, options: FetchRunOptions = {}): Promise<string> {
  const base = baseOf(siteUrl);
  const limits = fetchLimits(options.limits);
  const dir = mkdtempSync(join(options.tempParent ?? tmpdir(), 'fr-verify-'));
  const budget = new FetchBudget(limits, options.signal);
  try {
    const names = await readIndexes(base, dir, budget);
    await mapLimit(
      names,
      budget.limits.concurrency,
      (name) => copyFile(base, dir, name, budget),
      budget.signal,
    );
    budget.throwIfStopped(base);
    return dir;
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  } finally {
    budget.close();
  }
}
