import { hostname } from 'node:os';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { FitnessError, messageOf } from '../core/errors.js';
import { TryStart } from './protocol.js';
import { alive } from './spawn.js';

/**
 * The roster's work list: one SQLite database in the runs folder. A job is one entry × attempt
 * (its key never changes); each time a job's process runs is a try. A try that died is kept (its
 * VOID record is on the board) and the job runs again as a new try; a finished job never runs again.
 */

export const JobState = z.enum(['queued', 'running', 'done', 'failed']);
export type JobState = z.infer<typeof JobState>;
export const TryState = z.enum(['running', 'finished', 'died', 'interrupted', 'error']);
export type TryState = z.infer<typeof TryState>;

const JobRow = z.object({
  key: z.string(),
  entry: z.string(),
  attempt: z.int(),
  position: z.int(),
  state: JobState,
  detail: z.string().nullable(),
});
export type JobRow = z.infer<typeof JobRow>;

const TryRow = z.object({
  job_key: z.string(),
  try: z.int(),
  state: TryState,
  pid: z.int().nullable(),
  host: z.string(),
  staging_dir: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  start_info: z.string().nullable(),
  run_id: z.string().nullable(),
  run_dir: z.string().nullable(),
  outcome: z.string().nullable(),
  detail: z.string().nullable(),
});
export type TryRow = z.infer<typeof TryRow> & { start?: TryStart };

const SCHEMA = `
CREATE TABLE IF NOT EXISTS roster (id INTEGER PRIMARY KEY CHECK (id = 1), file TEXT NOT NULL, created_at TEXT NOT NULL,
  owner_pid INTEGER, owner_host TEXT);
CREATE TABLE IF NOT EXISTS jobs (key TEXT PRIMARY KEY, entry TEXT NOT NULL, attempt INTEGER NOT NULL,
  position INTEGER NOT NULL, state TEXT NOT NULL, detail TEXT, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tries (job_key TEXT NOT NULL REFERENCES jobs(key), try INTEGER NOT NULL, state TEXT NOT NULL,
  pid INTEGER, host TEXT NOT NULL, staging_dir TEXT NOT NULL, started_at TEXT NOT NULL, ended_at TEXT, start_info TEXT,
  run_id TEXT, run_dir TEXT, outcome TEXT, detail TEXT, PRIMARY KEY (job_key, try));
`;

/** The stable key of one entry × attempt. */
export function jobKey(entry: string, attempt: number): string {
  return `${entry}#${attempt}`;
}

const now = () => new Date().toISOString();

export class RosterStore {
  private readonly db: Database.Database;

  constructor(readonly path: string) {
    try {
      this.db = new Database(path);
    } catch (err) {
      throw new FitnessError(
        'ROSTER_STATE',
        `${path}: cannot open the roster's work list (${messageOf(err)})`,
      );
    }
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  /** The roster file this work list belongs to, and whether it holds any job yet. */
  info(): { file?: string; jobs: number } {
    const row = z
      .object({ file: z.string() })
      .optional()
      .parse(this.db.prepare('SELECT file FROM roster WHERE id = 1').get());
    const jobs = z.object({ n: z.int() }).parse(this.db.prepare('SELECT COUNT(*) AS n FROM jobs').get()).n;
    return { ...(row ? { file: row.file } : {}), jobs };
  }

  /** Takes the work list for this process; a live owner on this host is a fault (one roster at a time). */
  claim(file: string): void {
    const host = hostname();
    const take = this.db.transaction(() => {
      const row = z
        .object({ owner_pid: z.int().nullable(), owner_host: z.string().nullable() })
        .optional()
        .parse(this.db.prepare('SELECT owner_pid, owner_host FROM roster WHERE id = 1').get());
      if (row?.owner_pid && row.owner_host === host && row.owner_pid !== process.pid && alive(row.owner_pid))
        throw new FitnessError(
          'ROSTER_BUSY',
          `${this.path}: another roster process (pid ${row.owner_pid}) is running this work list`,
        );
      this.db
        .prepare(
          `INSERT INTO roster (id, file, created_at, owner_pid, owner_host) VALUES (1, ?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET owner_pid = excluded.owner_pid, owner_host = excluded.owner_host`,
        )
        .run(file, now(), process.pid, host);
    });
    take();
  }

  release(): void {
    this.db.prepare('UPDATE roster SET owner_pid = NULL WHERE id = 1 AND owner_pid = ?').run(process.pid);
  }

  /** Adds the jobs a roster asks for; existing keys are left exactly as they are. */
  plan(jobs: readonly { entry: string; attempt: number; position: number }[]): number {
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO jobs (key, entry, attempt, position, state, updated_at) VALUES (?, ?, ?, ?, 'queued', ?)`,
    );
    let added = 0;
    this.db.transaction(() => {
      for (const j of jobs)
        added += insert.run(jobKey(j.entry, j.attempt), j.entry, j.attempt, j.position, now()).changes;
    })();
    return added;
  }

  jobs(): JobRow[] {
    return z
      .array(JobRow)
      .parse(
        this.db
          .prepare('SELECT key, entry, attempt, position, state, detail FROM jobs ORDER BY attempt, position')
          .all(),
      );
  }

  tries(key?: string): TryRow[] {
    const rows =
      key === undefined
        ? this.db.prepare('SELECT * FROM tries ORDER BY job_key, try').all()
        : this.db.prepare('SELECT * FROM tries WHERE job_key = ? ORDER BY try').all(key);
    return z
      .array(TryRow)
      .parse(rows)
      .map((r) => {
        const start = r.start_info === null ? undefined : TryStart.safeParse(JSON.parse(r.start_info));
        return start?.success ? { ...r, start: start.data } : r;
      });
  }

  setJob(key: string, state: JobState, detail?: string): void {
    this.db
      .prepare('UPDATE jobs SET state = ?, detail = ?, updated_at = ? WHERE key = ?')
      .run(state, detail ?? null, now(), key);
  }

  /** The next try of a job, recorded as running before its process starts. */
  startTry(key: string, stagingDirOf: (n: number) => string): { n: number; stagingDir: string } {
    const next = z
      .object({ n: z.int().nullable() })
      .parse(this.db.prepare('SELECT MAX(try) AS n FROM tries WHERE job_key = ?').get(key));
    const n = (next.n ?? 0) + 1;
    const stagingDir = stagingDirOf(n);
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO tries (job_key, try, state, host, staging_dir, started_at) VALUES (?, ?, 'running', ?, ?, ?)`,
        )
        .run(key, n, hostname(), stagingDir, now());
      this.setJob(key, 'running');
    })();
    return { n, stagingDir };
  }

  setTryPid(key: string, n: number, pid: number): void {
    this.db.prepare('UPDATE tries SET pid = ? WHERE job_key = ? AND try = ?').run(pid, key, n);
  }

  setTryStart(key: string, n: number, start: TryStart): void {
    this.db
      .prepare('UPDATE tries SET start_info = ? WHERE job_key = ? AND try = ?')
      .run(JSON.stringify(start), key, n);
  }

  endTry(
    key: string,
    n: number,
    state: Exclude<TryState, 'running'>,
    run: { runId?: string; runDir?: string; outcome?: string; detail?: string },
  ): void {
    this.db
      .prepare(
        'UPDATE tries SET state = ?, ended_at = ?, run_id = ?, run_dir = ?, outcome = ?, detail = ? WHERE job_key = ? AND try = ?',
      )
      .run(
        state,
        now(),
        run.runId ?? null,
        run.runDir ?? null,
        run.outcome ?? null,
        run.detail ?? null,
        key,
        n,
      );
  }

  close(): void {
    this.db.close();
  }
}
