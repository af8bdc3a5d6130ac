/**
 * Runs that two or more e2e files each made with the same configuration, made once per vitest invocation
 * (once.ts) and read by both: each file still asserts everything it did, on a run made exactly as
 * it made it. A reader only reads a shared run directory; one that writes beside its run (a rerun)
 * copies the run into a directory of its own first.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { crossCheck } from '../../../src/audit/consistency.js';
import type { PlannedRun, RunReport } from '../../../src/audit/execute.js';
import { executeRuns, obtainedFrom } from '../../../src/audit/index.js';
import { everythingStdioRun } from '../../../src/audit/real.js';
import { main } from '../../../src/cli/main.js';
import { readRecord } from '../../../src/record/io.js';
import { plantedInMemory } from '../../support/planted-memory.js';
import { captureIO, runCommandOn, server } from '../run/helpers.js';
import { once } from './once.js';

const Made = z.object({ dir: z.string().optional(), error: z.string().optional() });

/**
 * `executeRuns([plan], { outDir })` with its defaults, shared. Every reader gets the report rebuilt
 * from the run directory the way executeRuns builds it (the record read back, the outcome taken from
 * it, every count re-derived from the files), so the maker and the readers see the same report.
 */
async function sharedReport(key: string, plan: () => PlannedRun): Promise<RunReport> {
  const planned = plan();
  const made = await once(key, {
    schema: Made,
    make: async (dir) => {
      const [report] = await executeRuns([planned], { outDir: join(dir, 'runs') });
      return { dir: report?.dir, error: report?.error ?? (report === undefined ? 'no report' : undefined) };
    },
    failed: (m) => m.error !== undefined,
  });
  const base = { id: planned.id, property: planned.property, transport: planned.transport, durationMs: 0 };
  if (made.dir === undefined || made.error !== undefined) {
    const error = made.error ?? 'no run directory';
    return { ...base, mismatches: [`no run: ${error}`], error };
  }
  const record = await readRecord(join(made.dir, 'record.json'));
  return {
    ...base,
    dir: made.dir,
    record,
    obtained: obtainedFrom(record),
    mismatches: [],
    agreements: await crossCheck(made.dir),
  };
}

/** @modelcontextprotocol/server-everything over stdio, as real-everything and board-redaction run it. */
export const sharedEverythingStdioRun = () => sharedReport('server-everything-stdio', everythingStdioRun);

const CliRun = z.object({ code: z.number().int(), stdout: z.array(z.string()), stderr: z.array(z.string()) });
type CliRun = z.infer<typeof CliRun>;

/**
 * `fitness-report run --seed 1` on the planted ambiguous server, offline, as findings-planted,
 * rerun-planted and compare run it: its exit code and what it printed (the `run: <dir>` line names the run).
 */
export const sharedAmbiguousRun = (): Promise<CliRun> =>
  once('planted-ambiguous-seed-1', {
    schema: CliRun,
    make: async (dir) => {
      const io = captureIO();
      const args = ['run', '--out', join(dir, 'runs'), '--seed', '1', '--', 'node', ...server('ambiguous')];
      const code = await main(args, io);
      return { code, stdout: io.stdout, stderr: io.stderr };
    },
    failed: (run) => run.code !== 0,
  });

/**
 * `fitness-report run` on the planted thin server with its defaults, offline, as findings-planted,
 * rerun-planted and run-refusals run it: refused at suite_size before any trial (exit code 1).
 */
export const sharedThinRun = (): Promise<CliRun> =>
  once('planted-thin', {
    schema: CliRun,
    make: async (dir) => {
      const io = captureIO();
      const code = await main(['run', '--out', join(dir, 'runs'), '--', 'node', ...server('thin')], io);
      return { code, stdout: io.stdout, stderr: io.stderr };
    },
    failed: (run) => run.code !== 1,
  });

/**
 * `fitness-report run --seed 1` on the planted well-made server, offline, served in memory
 * (runCommandOn: the command's own parse and run, the target given in code): the baseline ci-gate
 * and the GitHub Action's test gate on (SCORED, exit code 0), and the run run-scored reads back.
 * None of them re-spawns the server from the record or asserts on its process (the Action's step
 * starts well-made.js --regress as a process of its own; the ambiguous and thin runs above are stdio).
 */
export const sharedWellMadeRun = (): Promise<CliRun> =>
  once('planted-well-made-seed-1', {
    schema: CliRun,
    make: async (dir) => {
      const io = captureIO();
      const target = plantedInMemory('well-made');
      const code = await runCommandOn(target, ['--out', join(dir, 'runs'), '--seed', '1'], io).finally(() =>
        target.closeAll(),
      );
      return { code, stdout: io.stdout, stderr: io.stderr };
    },
    failed: (run) => run.code !== 0,
  });
