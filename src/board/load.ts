import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FitnessError } from '../core/errors.js';
import { parseRecord } from '../record/index.js';
import type { RunRecord } from '../record/run.js';
import { RUN_FILES } from '../tape/file-names.js';
import { linksProblem, listRunDir } from '../tape/run-files.js';

/** A run directory whose record validated (migrated to the current schema when it was older). */
export interface LoadedRun {
  runDir: string;
  recordPath: string;
  record: RunRecord;
}

/** A record the board could not read: listed on the board with its path and reason, never dropped. */
export interface UnreadableRun {
  path: string;
  reason: string;
}

export interface LoadedRuns {
  runs: LoadedRun[];
  unreadable: UnreadableRun[];
}

/** Files only a run directory holds: a directory with one of them but no record is a run we cannot read. */
const RUN_ONLY_FILES = [
  RUN_FILES.prereg,
  RUN_FILES.suite,
  RUN_FILES.wire,
  RUN_FILES.agent,
  RUN_FILES.judge,
  RUN_FILES.signature,
];

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Run directories under `root`: the root itself when it holds a record, else its children. */
function runDirs(root: string): { dirs: string[]; unreadable: UnreadableRun[] } {
  if (!isDir(root)) return { dirs: [], unreadable: [{ path: root, reason: 'not a directory' }] };
  if (existsSync(join(root, RUN_FILES.record))) return { dirs: [root], unreadable: [] };
  const dirs: string[] = [];
  const unreadable: UnreadableRun[] = [];
  for (const name of readdirSync(root).sort()) {
    const dir = join(root, name);
    if (lstatSync(dir).isSymbolicLink()) {
      if (isDir(dir))
        unreadable.push({
          path: dir,
          reason: `refused: ${name} is a symbolic link; the board never follows links`,
        });
      continue;
    }
    if (!isDir(dir)) continue;
    if (existsSync(join(dir, RUN_FILES.record))) dirs.push(dir);
    // A rerun is read by reruns.ts and shown only with its original, never as a row.
    else if (existsSync(join(dir, RUN_FILES.rerun))) continue;
    else if (RUN_ONLY_FILES.some((f) => existsSync(join(dir, f)))) {
      unreadable.push({
        path: join(dir, RUN_FILES.record),
        reason: 'missing: the run wrote other files but no record (it may have crashed or still be running)',
      });
    }
  }
  return { dirs, unreadable };
}

/**
 * Reads and validates one record (migrating older schemas). Synchronous on purpose: a board of a
 * thousand small records builds faster without a thread-pool round trip per file.
 */
function readOne(path: string) {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
    throw new Error(`RECORD_IO: cannot read: ${code ?? String(err)}`);
  }
  return parseRecord(text, path);
}

function reasonOf(err: unknown): string {
  if (err instanceof FitnessError) {
    // The record module prefixes its messages with the path, which the board prints beside it.
    const source = typeof err.details?.source === 'string' ? `${err.details.source}: ` : '';
    const text = err.message.startsWith(source) ? err.message.slice(source.length) : err.message;
    return `${err.code}: ${text}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/** Reads every record under the given directories; validation and migration happen in readRecord. */
export async function loadRuns(roots: readonly string[]): Promise<LoadedRuns> {
  const runs: LoadedRun[] = [];
  const unreadable: UnreadableRun[] = [];
  const seen = new Map<string, string>();
  for (const root of roots) {
    const found = runDirs(resolve(root));
    unreadable.push(...found.unreadable);
    for (const runDir of found.dirs) {
      const recordPath = join(runDir, RUN_FILES.record);
      // A link in a run directory could publish any file on this machine (a key, /etc/passwd).
      const links = linksProblem(listRunDir(runDir));
      if (links !== undefined) {
        unreadable.push({ path: runDir, reason: `refused, not published: ${links}` });
        continue;
      }
      try {
        const record = readOne(recordPath);
        const earlier = seen.get(record.runId);
        if (earlier !== undefined) {
          unreadable.push({
            path: recordPath,
            reason: `duplicate run id ${record.runId}: already read from ${earlier}`,
          });
          continue;
        }
        seen.set(record.runId, recordPath);
        runs.push({ runDir, recordPath, record });
      } catch (err) {
        unreadable.push({ path: recordPath, reason: reasonOf(err) });
      }
    }
  }
  return { runs, unreadable };
}
