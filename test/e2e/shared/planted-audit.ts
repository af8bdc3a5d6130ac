/**
 * `fitness-report audit` (every planted-outcome server through the real pipeline, offline, default
 * registrations) run once per vitest invocation and shared by the e2e files that assert on those
 * runs, instead of each file repeating them.
 *
 * Vitest forks run test files in separate processes, possibly at the same time. The global setup
 * (global-setup.ts) provides one empty directory per invocation; the first file to ask takes a lock
 * in it (an atomic mkdir) and runs the audit for real; any other file waits for the result file it
 * publishes (written whole, then renamed into place). A file run on its own still runs the audit
 * itself. Consumers only read the runs: none may write into a run directory.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { z } from 'zod';
import { AuditFile } from '../../../src/audit/summary.js';
import type { CommandIO } from '../../../src/cli/command.js';
import { main } from '../../../src/cli/main.js';
import { readRecord } from '../../../src/record/io.js';
import type { RunRecord } from '../../../src/record/run.js';
import { KEEP, PLANTED_AUDIT_DIR } from './keys.js';

const PlantedAudit = z.object({
  /** The audit command's exit code. */
  exitCode: z.number().int(),
  /** What it printed on stdout: the table, then the closing line. */
  lines: z.array(z.string()),
  /** Its --out directory: audit.json and one run directory per planted run. */
  out: z.string(),
});
export type PlantedAudit = z.infer<typeof PlantedAudit>;

const Failed = z.object({ error: z.string() });

const RESULT = 'result.json';
const FAILED = 'failed.json';
const LOCK = 'lock';
const OWNER = 'pid';
const POLL_MS = 250;
const WAIT_MS = 20 * 60_000;

/** By directory: a reused worker process must not serve a watch-mode rerun the previous runs. */
const audits = new Map<string, Promise<PlantedAudit>>();

/** The shared audit: run here when no other file has started it, else awaited from the one that did. */
export function plantedAudit(): Promise<PlantedAudit> {
  const dir = inject(PLANTED_AUDIT_DIR);
  let audit = audits.get(dir);
  if (audit === undefined) {
    audit = obtain(dir);
    audits.set(dir, audit);
  }
  return audit;
}

/** One planted run of the shared audit (its `PLANTED` id), with its record read back from disk. */
export async function auditedRun(id: string): Promise<{ dir: string; record: RunRecord }> {
  const { out } = await plantedAudit();
  const summaries = AuditFile.parse(JSON.parse(readFileSync(join(out, 'audit.json'), 'utf8')));
  const dir = summaries.find((s) => s.id === id)?.dir;
  if (dir === undefined) throw new Error(`the shared audit made no run for ${id}`);
  return { dir, record: await readRecord(join(dir, 'record.json')) };
}

async function obtain(dir: string): Promise<PlantedAudit> {
  try {
    mkdirSync(join(dir, LOCK));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return awaitOther(dir);
    throw err;
  }
  writeFileSync(join(dir, LOCK, OWNER), String(process.pid));
  try {
    const result = await runAudit(join(dir, 'runs'));
    // A failed audit keeps its runs: the records and tapes are the evidence of what went wrong.
    if (result.exitCode !== 0) writeFileSync(join(dir, KEEP), '');
    publish(dir, RESULT, result);
    return result;
  } catch (err) {
    writeFileSync(join(dir, KEEP), '');
    publish(dir, FAILED, { error: err instanceof Error ? err.message : String(err) });
    throw err;
  }
}

async function runAudit(out: string): Promise<PlantedAudit> {
  const lines: string[] = [];
  const io: CommandIO = { out: (l) => lines.push(l), err: () => {}, cwd: process.cwd(), env: {} };
  const exitCode = await main(['audit', '--out', out, '--quiet', '--planted-only', '--seed', '1'], io);
  return { exitCode, lines, out };
}

function publish(dir: string, name: string, value: unknown): void {
  const tmp = join(dir, `${name}.${process.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify(value));
  renameSync(tmp, join(dir, name));
}

function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Waits for the lock holder's result; fails at once when it failed or its process is gone. */
async function awaitOther(dir: string): Promise<PlantedAudit> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    // Whether the owner is gone is decided before the result is read: an owner that exited after
    // publishing has its result read below, and only one that exited without it is an error.
    const owner = Number(readIfThere(join(dir, LOCK, OWNER)) ?? Number.NaN);
    const gone = Number.isSafeInteger(owner) && owner > 0 && !alive(owner);
    const result = readIfThere(join(dir, RESULT));
    if (result !== undefined) return PlantedAudit.parse(JSON.parse(result));
    const failed = readIfThere(join(dir, FAILED));
    if (failed !== undefined)
      throw new Error(
        `the shared planted audit failed in another test file: ${Failed.parse(JSON.parse(failed)).error}`,
      );
    if (gone)
      throw new Error(
        `the test file running the shared planted audit (pid ${owner}) exited before it finished`,
      );
    if (Date.now() > until) throw new Error(`no shared planted audit result in ${dir} after ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
