import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FitnessError, UsageError } from '../core/errors.js';
import { onStopSignals } from '../core/signals.js';
import { fetchPublishedRun } from '../run/fetch-run.js';
import { RUN_FILES } from '../tape/file-names.js';
import type { CommandIO } from './command.js';

/** A published run's address (http or https), not a directory. */
export const isUrl = (t: string) => /^https?:\/\//i.test(t);

/** A local run directory: one with a record.json (a rerun directory has no rate of its own); else a usage error. */
export function localRunDir(path: string): string {
  if (!existsSync(path)) throw new UsageError(`${path}: no such run directory`);
  if (!statSync(path).isDirectory()) throw new UsageError(`${path}: not a directory (give a run directory)`);
  if (!existsSync(join(path, RUN_FILES.record)))
    throw new UsageError(`${path}: not a run directory (no record.json)`);
  return path;
}

/**
 * Runs `use` over run directories: a local directory as it is, a published run's URL fetched into a
 * temporary folder within verify's fetch limits. Every fetched folder is removed on every way out;
 * a stop signal (SIGINT, SIGTERM, SIGHUP) stops a fetch under way. Names in a published run that
 * cannot all be files of one folder make it a run that does not verify (COMPARE_UNVERIFIED).
 */
export async function withRunDirs<T>(
  targets: readonly string[],
  io: CommandIO,
  use: (dirs: string[]) => Promise<T>,
  command = 'compare',
): Promise<T> {
  const abort = new AbortController();
  const unsubscribe = onStopSignals((sig) => {
    io.err(`fitness-report ${command}: ${sig}: stopping; removing the fetched copies`);
    abort.abort(sig);
  }, 'once');
  const fetched: string[] = [];
  try {
    const dirs: string[] = [];
    for (const target of targets) {
      if (!isUrl(target)) {
        dirs.push(target);
        continue;
      }
      try {
        const dir = await fetchPublishedRun(target, { signal: abort.signal });
        fetched.push(dir);
        dirs.push(dir);
      } catch (err) {
        if (err instanceof FitnessError && err.code === 'VERIFY_CLASH')
          throw new FitnessError(
            'COMPARE_UNVERIFIED',
            `${target} does not verify, so it is not compared: ${err.message}`,
          );
        throw err;
      }
    }
    return await use(dirs);
  } finally {
    for (const dir of fetched) rmSync(dir, { recursive: true, force: true });
    unsubscribe();
  }
}
