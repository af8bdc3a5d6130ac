/**
 * Server start-up off the critical path, against @modelcontextprotocol/server-memory (a real
 * server nobody here wrote) on a seeded graph (the full run is shared with real-memory,
 * board-custody and board-redaction: shared/memory-secrets.ts). Every process the run starts logs its pid (the planted wrapper in
 * fixtures/pid-log), so the test counts processes the tapes never saw too: each
 * trial gets one fresh process of its own, the pool leaves none unused behind, and nothing is alive
 * after the run, whether it ran to the end or was aborted mid-phase.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MEMORY_SEED } from '../../src/audit/real-seeds.js';
import { runFitness } from '../../src/run/run-fitness.js';
import { readTape } from '../../src/tape/reader.js';
import { EventKind } from '../../src/tape/schema.js';
import { pidLoggedMemory, sharedMemoryRun } from './shared/memory-secrets.js';

const temp = mkdtempSync(join(tmpdir(), 'server-pool-'));

afterAll(() => {
  rmSync(temp, { recursive: true, force: true });
});

/**
 * Is the logged server process still running? A zombie is dead (its parent has not reaped it yet),
 * and a pid the system has since given to another process is not ours: the shared run may have
 * been made minutes earlier in another worker, and a loaded CI machine starting thousands of
 * processes reuses pids (the CI on d36f92a saw three of them alive as other programs). Ours run
 * the pid-log wrapper, which stays in their command line.
 */
function alive(pid: number): boolean {
  try {
    if (/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) return false;
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pid-log/server.js');
  } catch {
    return false;
  }
}

/** Pids still alive after up to 3 s (a killed group is reaped asynchronously). */
async function survivors(pids: readonly number[]): Promise<number[]> {
  for (let i = 0; i < 30; i += 1) {
    const left = pids.filter(alive);
    if (left.length === 0) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
  return pids.filter(alive);
}

/** Each trial that opened a session: its corr id and wait, from the agent tape. */
async function sessionTrials(dir: string) {
  const agent = await readTape(join(dir, 'agent.jsonl'));
  return agent.records.flatMap((r) => {
    if (r.type !== 'event' || r.value.kind !== EventKind.trial) return [];
    const raw = r.value.raw as { serverWaitMs?: number | null; durationMs?: number };
    return typeof raw.serverWaitMs === 'number'
      ? [{ corrId: r.value.corr_id ?? '', waitMs: raw.serverWaitMs, durationMs: raw.durationMs ?? 0 }]
      : [];
  });
}

/** The pid each session reported connected with, by the corr id it was opened under. */
async function connectedPids(dir: string): Promise<{ corrId: string; pid: number }[]> {
  const wire = await readTape(join(dir, 'wire.jsonl'));
  return wire.records.flatMap((r) => {
    if (r.type !== 'event' || r.value.kind !== EventKind.connect) return [];
    const raw = r.value.raw as { phase?: string; pid?: number | null };
    return raw.phase === 'connected' && typeof raw.pid === 'number'
      ? [{ corrId: r.value.corr_id ?? '', pid: raw.pid }]
      : [];
  });
}

describe('the server pool with server-memory over stdio', () => {
  it('gives every trial one fresh process of its own, starts none it does not use, and leaves none alive', async () => {
    // The full run at concurrency 4 with every registered trial, each process logging its pid: made
    // once for this file, real-memory, board-custody and board-redaction (its graph also holds
    // planted credentials).
    const run = await sharedMemoryRun();
    expect(run.outcome).not.toBe('VOID');
    const trials = await sessionTrials(run.dir);
    const connected = await connectedPids(run.dir);
    const trialIds = new Set(trials.map((x) => x.corrId));
    const trialPids = connected.filter((c) => trialIds.has(c.corrId)).map((c) => c.pid);
    expect(trials.length).toBeGreaterThan(50);
    // One session per trial, each on a process no other session used.
    expect(trialPids.length).toBe(trials.length);
    expect(new Set(connected.map((c) => c.pid)).size).toBe(connected.length);
    // From the first trial's process on (the probes before it start processes of their own that
    // open no session), every process started was one a session spoke to: the pool started none it
    // left unused.
    const logged = run.pids;
    expect(new Set(logged).size).toBe(logged.length);
    const trialSet = new Set(trialPids);
    const fromTrials = logged.slice(logged.findIndex((pid) => trialSet.has(pid)));
    const connectedSet = new Set(connected.map((c) => c.pid));
    expect(fromTrials.filter((pid) => !connectedSet.has(pid))).toEqual([]);
    expect(fromTrials.filter((pid) => trialSet.has(pid)).length).toBe(trials.length);
    expect(await survivors(logged)).toEqual([]);
    // Each trial's wait for its server is on the agent tape.
    for (const trial of trials) expect(trial.waitMs).toBeLessThanOrEqual(trial.durationMs);
  }, 300_000);

  it('leaves no process alive when the run is aborted mid-phase with processes started ahead', async () => {
    const t = pidLoggedMemory(temp, 'abort', MEMORY_SEED);
    const abort = new AbortController();
    const result = await runFitness({
      target: t.target,
      outDir: join(temp, 'runs'),
      env: {},
      seed: 17,
      concurrency: 4,
      signal: abort.signal,
      progress: (line) => {
        if (/^(null-random-args|construct|drive): \d+\//.test(line) && !abort.signal.aborted) abort.abort();
      },
    });
    expect(result.outcome).toBe('VOID');
    const logged = t.pids();
    const trials = await sessionTrials(result.dir);
    expect(trials.length).toBeGreaterThan(0);
    // The pool had started processes ahead of trials that never ran.
    const connected = await connectedPids(result.dir);
    expect(logged.length).toBeGreaterThan(connected.length);
    expect(await survivors(logged)).toEqual([]);
  }, 300_000);
});
