/**
 * The one run of @modelcontextprotocol/server-memory the e2e files share (once.ts), instead of a
 * full run each: real-memory asserts what it gets on its seeded graph, board-custody checks its
 * custody in a browser, board-redaction needs a graph whose observations carry planted credentials,
 * and server-pool needs every server process to log its pid (the planted wrapper in fixtures/pid-log,
 * which becomes the server in the same process) at concurrency 4 with every registered trial run
 * (`curtail: false`). The run has all of it: MEMORY_SEED's 12 entities and one more carrying the
 * credentials, in a memory file named as memoryRun names its own (`fitness-memory-…/memory.jsonl`).
 * No file's assertions depend on what another asked for.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { crossCheck } from '../../../src/audit/consistency.js';
import type { RunReport } from '../../../src/audit/execute.js';
import { obtainedFrom } from '../../../src/audit/index.js';
import { serverEntry } from '../../../src/audit/real.js';
import { MEMORY_SEED } from '../../../src/audit/real-seeds.js';
import type { TargetInput } from '../../../src/connect/target.js';
import { readRecord } from '../../../src/record/io.js';
import { runFitness } from '../../../src/run/run-fitness.js';
import { once } from './once.js';

// Fake credentials of each provider's shape, assembled so no scanner flags this file.
export const CREDENTIALS = {
  jwt: `eyJ${'hbGciOiJIUzI1NiJ9'}.eyJ${'zdWIiOiJoYXJib3VyLW9mZmljZSJ9'}.${'kT3nX8qP2vL9mR4wZ7yB1cF6hJ0sD5gA'}`,
  openai: `sk-${'proj-'}Hb7kLm2nQp5rSt8uVw1xYz4aBc6dEf9g`,
  bearer: `Bearer ${'hx81Tq9LmZ2vW7pK4sR6'}`,
  url: `postgres://${'harbour:S3cretTide'}@db.kestrel.internal:5432/ferries`,
};
/** The secret part of each, as it must never appear in a published copy. */
export const RAW_CREDENTIALS = [
  CREDENTIALS.jwt,
  CREDENTIALS.openai,
  'hx81Tq9LmZ2vW7pK4sR6',
  'harbour:S3cretTide',
];

const WRAPPER = resolve(import.meta.dirname, '../fixtures/pid-log/server.js');

/**
 * server-memory on its own graph (`<dir>/<name>.jsonl`, from `seed`), every process it starts
 * logging its pid to `<dir>/<name>.pids` through the planted wrapper, which becomes the server.
 */
export function pidLoggedMemory(
  dir: string,
  name: string,
  seed: readonly unknown[],
): { target: TargetInput; pids: () => number[] } {
  const memory = join(dir, `${name}.jsonl`);
  writeFileSync(memory, `${seed.map((line) => JSON.stringify(line)).join('\n')}\n`);
  const log = join(dir, `${name}.pids`);
  writeFileSync(log, '');
  return {
    target: {
      kind: 'stdio',
      argv: [process.execPath, WRAPPER, serverEntry('@modelcontextprotocol/server-memory')],
      env: { MEMORY_FILE_PATH: memory, PID_LOG: log },
    },
    pids: () => readFileSync(log, 'utf8').split('\n').filter(Boolean).map(Number),
  };
}

const Made = z.object({
  /** The run directory. */
  dir: z.string(),
  /** The directory holding only this run, to build a site from. */
  runs: z.string(),
  outcome: z.string(),
  /** Every server process the run started, in start order. */
  pids: z.array(z.number().int()),
});

/**
 * The shared run as executeRuns reports a run (the record read back, the outcome taken from it, every
 * count re-derived from the files: what real-memory and board-custody read), with the directory
 * holding only it, its outcome and the pid of every server process it started.
 */
export type MemoryRun = RunReport & z.infer<typeof Made>;

export async function sharedMemoryRun(): Promise<MemoryRun> {
  const made = await once('server-memory', {
    schema: Made,
    make: async (dir) => {
      const memory = pidLoggedMemory(mkdtempSync(join(dir, 'fitness-memory-')), 'memory', [
        ...MEMORY_SEED,
        {
          type: 'entity',
          name: 'Harbour office server',
          entityType: 'machine',
          observations: [
            `Session token pasted in a ticket: ${CREDENTIALS.jwt}`,
            `Old API key ${CREDENTIALS.openai} (revoked)`,
            `Health check sends Authorization: ${CREDENTIALS.bearer}`,
            `Timetable database at ${CREDENTIALS.url}`,
          ],
        },
      ]);
      const runs = join(dir, 'runs');
      mkdirSync(runs);
      const result = await runFitness({
        target: memory.target,
        outDir: runs,
        env: {},
        seed: 17,
        concurrency: 4,
        curtail: false,
      });
      return { dir: result.dir, runs, outcome: result.outcome, pids: memory.pids() };
    },
    failed: (run) => run.outcome === 'VOID',
  });
  const record = await readRecord(join(made.dir, 'record.json'));
  return {
    ...made,
    id: 'server-memory',
    property:
      'real: @modelcontextprotocol/server-memory, a seeded graph with planted credentials, every process pid-logged',
    transport: 'stdio',
    durationMs: 0,
    record,
    obtained: obtainedFrom(record),
    mismatches: [],
    agreements: await crossCheck(made.dir),
  };
}
