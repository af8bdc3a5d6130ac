import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RerunRecord } from '../record/rerun.js';
import { RUN_FILES } from '../tape/file-names.js';
import { linksProblem, listRunDir } from '../tape/run-files.js';
import type { UnreadableRun } from './load.js';

/** A rerun directory whose rerun.json validated. */
export interface LoadedRerun {
  runDir: string;
  recordPath: string;
  record: RerunRecord;
}

function rerunDirs(root: string): string[] {
  if (existsSync(join(root, RUN_FILES.rerun))) return [root];
  let names: string[];
  try {
    names = readdirSync(root).sort();
  } catch {
    return [];
  }
  return names
    .map((n) => join(root, n))
    .filter((d) => !lstatSync(d).isSymbolicLink() && existsSync(join(d, RUN_FILES.rerun)));
}

/**
 * Every rerun under the given directories. A rerun is a paired experiment on its original's suite,
 * not a score: the board never makes a row of it, only shows it on its original's record page.
 */
export function loadReruns(roots: readonly string[]): { reruns: LoadedRerun[]; unreadable: UnreadableRun[] } {
  const reruns: LoadedRerun[] = [];
  const unreadable: UnreadableRun[] = [];
  for (const root of roots) {
    for (const runDir of rerunDirs(resolve(root))) {
      const recordPath = join(runDir, RUN_FILES.rerun);
      const links = linksProblem(listRunDir(runDir));
      if (links !== undefined) {
        unreadable.push({ path: runDir, reason: `refused, not published: ${links}` });
        continue;
      }
      try {
        const parsed = RerunRecord.safeParse(JSON.parse(readFileSync(recordPath, 'utf8')));
        if (parsed.success) reruns.push({ runDir, recordPath, record: parsed.data });
        else
          unreadable.push({ path: recordPath, reason: `RECORD_INVALID: ${parsed.error.issues[0]?.message}` });
      } catch (err) {
        unreadable.push({
          path: recordPath,
          reason: `RECORD_IO: ${err instanceof Error ? err.message : String(err)}`,
        });
      }
    }
  }
  return { reruns, unreadable };
}

/**
 * The reruns of each original on this board, by the original's run id. A rerun whose original is
 * not here is listed as unreadable: it is shown only with its original, never on its own.
 */
export function rerunsByOriginal(
  reruns: readonly LoadedRerun[],
  originals: ReadonlySet<string>,
  unreadable: UnreadableRun[],
): Map<string, LoadedRerun[]> {
  const byOriginal = new Map<string, LoadedRerun[]>();
  for (const rerun of reruns) {
    const of = rerun.record.rerunOf.runId;
    if (!originals.has(of)) {
      unreadable.push({
        path: rerun.recordPath,
        reason: `a rerun of ${of}, which is not on this board: a rerun is shown only with its original`,
      });
      continue;
    }
    byOriginal.set(of, [...(byOriginal.get(of) ?? []), rerun]);
  }
  return byOriginal;
}
