import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { sha256Hex } from '../../core/canonical.js';
import { FitnessError, messageOf } from '../../core/errors.js';
import { readRecord } from '../../record/io.js';
import { RUN_FILES } from '../../tape/file-names.js';

/**
 * With PostgreSQL, finished runs reach one place as rows: every file of a settled run directory
 * (record, pre-registration, suite, tapes, signature, conformance evidence), inserted in one
 * transaction, keyed by run id. The board is built from them (`board --from postgres://…`), which
 * writes the same directories back and verifies them like any other.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS fitness_runs (
  run_id TEXT PRIMARY KEY, roster_id TEXT, job_key TEXT, try INTEGER, outcome TEXT NOT NULL,
  record JSONB NOT NULL, published_at TIMESTAMPTZ NOT NULL DEFAULT now());
CREATE TABLE IF NOT EXISTS fitness_run_files (
  run_id TEXT NOT NULL REFERENCES fitness_runs(run_id) ON DELETE CASCADE, path TEXT NOT NULL,
  sha256 TEXT NOT NULL, content BYTEA NOT NULL, PRIMARY KEY (run_id, path));
`;

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path) : [path];
  });
}

export class ResultsTable {
  private readonly pool: pg.Pool;
  private ready: Promise<void> | undefined;

  constructor(url: string) {
    this.pool = new pg.Pool({ connectionString: url, max: 2 });
    this.pool.on('error', () => {});
  }

  private schema(): Promise<void> {
    this.ready ??= this.pool.query(SCHEMA).then(() => {});
    return this.ready;
  }

  /** Publishes a settled run directory; a run id already there is left as it is (idempotent). */
  async publish(
    runDir: string,
    meta: { rosterId?: string; jobKey?: string; try?: number },
  ): Promise<boolean> {
    await this.schema();
    const record = await readRecord(join(runDir, RUN_FILES.record));
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const inserted = await client.query(
        `INSERT INTO fitness_runs (run_id, roster_id, job_key, try, outcome, record) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (run_id) DO NOTHING`,
        [record.runId, meta.rosterId ?? null, meta.jobKey ?? null, meta.try ?? null, record.outcome, record],
      );
      if (inserted.rowCount === 1) {
        for (const file of filesOf(runDir)) {
          const content = readFileSync(file);
          await client.query(
            'INSERT INTO fitness_run_files (run_id, path, sha256, content) VALUES ($1, $2, $3, $4)',
            [record.runId, relative(runDir, file).split('\\').join('/'), sha256Hex(content), content],
          );
        }
      }
      await client.query('COMMIT');
      return inserted.rowCount === 1;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw new FitnessError(
        'RESULTS_WRITE',
        `results table: cannot publish ${record.runId}: ${messageOf(err)}`,
      );
    } finally {
      client.release();
    }
  }

  /** Writes the stored runs (one roster's, or all) as run directories under `out`; returns them. */
  async materialise(out: string, rosterId?: string): Promise<string[]> {
    await this.schema();
    const runs = await this.pool.query(
      rosterId === undefined
        ? 'SELECT run_id FROM fitness_runs ORDER BY run_id'
        : 'SELECT run_id FROM fitness_runs WHERE roster_id = $1 ORDER BY run_id',
      rosterId === undefined ? [] : [rosterId],
    );
    const dirs: string[] = [];
    for (const row of z.array(z.object({ run_id: z.string() })).parse(runs.rows)) {
      const files = await this.pool.query(
        'SELECT path, sha256, content FROM fitness_run_files WHERE run_id = $1',
        [row.run_id],
      );
      const dir = join(out, row.run_id);
      for (const f of z
        .array(z.object({ path: z.string(), sha256: z.string(), content: z.instanceof(Buffer) }))
        .parse(files.rows)) {
        if (f.path.split('/').includes('..') || f.path.startsWith('/'))
          throw new FitnessError('RESULTS_READ', `results table: ${row.run_id}: unsafe path ${f.path}`);
        if (sha256Hex(f.content) !== f.sha256)
          throw new FitnessError(
            'RESULTS_READ',
            `results table: ${row.run_id}/${f.path}: stored digest does not match`,
          );
        mkdirSync(dirname(join(dir, f.path)), { recursive: true });
        writeFileSync(join(dir, f.path), f.content);
      }
      dirs.push(dir);
    }
    return dirs;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
