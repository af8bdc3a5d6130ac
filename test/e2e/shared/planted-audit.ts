/**
 * `fitness-report audit` (every planted-outcome server through the real pipeline, offline, default
 * registrations) run once per vitest invocation and shared by the e2e files that assert on those
 * runs, instead of each file repeating them (once.ts: the first file to ask runs it, the others wait
 * for its result). Consumers only read the runs: none may write into a run directory.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AuditFile } from '../../../src/audit/summary.js';
import type { CommandIO } from '../../../src/cli/command.js';
import { main } from '../../../src/cli/main.js';
import { readRecord } from '../../../src/record/io.js';
import type { RunRecord } from '../../../src/record/run.js';
import { once } from './once.js';

const PlantedAudit = z.object({
  /** The audit command's exit code. */
  exitCode: z.number().int(),
  /** What it printed on stdout: the table, then the closing line. */
  lines: z.array(z.string()),
  /** What it printed on stderr: progress, then each run's phases as its live display counted them. */
  progress: z.array(z.string()),
  /** Its --out directory: audit.json and one run directory per planted run. */
  out: z.string(),
});
export type PlantedAudit = z.infer<typeof PlantedAudit>;

/** The shared audit: run here when no other file has started it, else awaited from the one that did. */
export function plantedAudit(): Promise<PlantedAudit> {
  // A failed audit keeps its runs: the records and tapes are the evidence of what went wrong.
  return once('planted-audit', {
    schema: PlantedAudit,
    make: (dir) => runAudit(join(dir, 'runs')),
    failed: (audit) => audit.exitCode !== 0,
  });
}

/** One planted run of the shared audit (its `PLANTED` id), with its record read back from disk. */
export async function auditedRun(id: string): Promise<{ dir: string; record: RunRecord }> {
  const { out } = await plantedAudit();
  const summaries = AuditFile.parse(JSON.parse(readFileSync(join(out, 'audit.json'), 'utf8')));
  const dir = summaries.find((s) => s.id === id)?.dir;
  if (dir === undefined) throw new Error(`the shared audit made no run for ${id}`);
  return { dir, record: await readRecord(join(dir, 'record.json')) };
}

async function runAudit(out: string): Promise<PlantedAudit> {
  const lines: string[] = [];
  const progress: string[] = [];
  const io: CommandIO = {
    out: (l) => lines.push(l),
    err: (l) => progress.push(l),
    cwd: process.cwd(),
    env: {},
  };
  const exitCode = await main(['audit', '--out', out, '--planted-only', '--seed', '1'], io);
  return { exitCode, lines, progress, out };
}
