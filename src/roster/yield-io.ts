import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describeError } from '../core/errors.js';
import { readRecord } from '../record/io.js';
import { readSuiteFile } from '../suite/read-suite.js';
import { RUN_FILES } from '../tape/file-names.js';
import { RosterStore } from './store.js';
import { CorpusServer, missingRow, type YieldRow, yieldRow } from './yield.js';

export { SPLITS, splitGoalLines, yieldTable } from './yield.js';

/**
 * The yield rows of a corpus run folder (docs/corpus.md): for each named server, its last attempt's
 * last try in the roster's work list, its record read through the record schema and its suite
 * through the suite schema. The I/O edge of `yield.ts`.
 */
export async function readYieldRows(
  runsDir: string,
  servers: Readonly<Record<string, unknown>>,
  names: readonly string[],
): Promise<YieldRow[]> {
  const storePath = join(runsDir, 'roster.sqlite');
  const store = existsSync(storePath) ? new RosterStore(storePath) : undefined;
  try {
    const tries = store?.tries() ?? [];
    const jobs = store?.jobs() ?? [];
    const rows: YieldRow[] = [];
    for (const name of names) {
      const corpus = CorpusServer.parse(servers[name]);
      const keys = new Set(jobs.filter((j) => j.entry === name).map((j) => j.key));
      const last = tries.filter((t) => keys.has(t.job_key) && t.run_dir).at(-1);
      if (!last?.run_dir) {
        rows.push(missingRow(name, corpus, store ? 'not run' : 'no roster.sqlite'));
        continue;
      }
      try {
        const record = await readRecord(join(last.run_dir, RUN_FILES.record));
        const suite = readSuiteFile(last.run_dir);
        rows.push(yieldRow(name, corpus, record, 'suite' in suite ? suite.suite : undefined));
      } catch (err) {
        rows.push(missingRow(name, corpus, describeError(err)));
      }
    }
    return rows;
  } finally {
    store?.close();
  }
}
