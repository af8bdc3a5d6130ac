import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tape } from '../../src/tape/reader.js';
import { sideBySide } from '../support/side-by-side.js';
import { alive, expectCleanEnd, hostileRun, outcomeOf, proxyArgv, runBytes } from './hostile/helpers.js';

/**
 * Hostile stdio servers (a proxy in front of the well-made planted server) end in bounded time in
 * the right outcome, with a record, closed tapes, a signature and no process left behind.
 *
 * Each scenario is a run of its own (its own proxy and server processes, its own run directory), so
 * they run side by side, four at a time, most of each spent waiting out a planted silence; every test
 * reads its own run once all have ended (expectCleanEnd's "no process left" counts every run's). The
 * flood runs alone, after them: its budget is wall-clock time.
 */
const TOKEN = 'tok-live-5c2a91f0d7e34b6a';

/** The stubborn server's pids (its own and its setsid grandchild's), as it logged them on stderr. */
function stubbornPids(wire: Tape): number[] {
  return wire.records.flatMap((r) => {
    if (r.type !== 'event' || r.value.kind !== 'fitness.stderr') return [];
    const m = /stubborn: pid (\d+) grandchild (\d+)/.exec(String((r.value.raw as { text?: unknown }).text));
    return m ? [Number(m[1]), Number(m[2])] : [];
  });
}

type Run = Awaited<ReturnType<typeof hostileRun>> & { pids?: number[]; stillAlive?: number[] };

const runs = sideBySide<Run>(
  {
    hugetool: () =>
      hostileRun({ kind: 'stdio', argv: proxyArgv('hugetool:get_vessel_crew') }, { callTimeoutMs: 30_000 }),
    stubborn: async () => {
      const run = await hostileRun({ kind: 'stdio', argv: proxyArgv('stubborn+silent') });
      // Looked at 600 ms after its own run ended, whatever the other runs are doing.
      await new Promise((r) => setTimeout(r, 600));
      const pids = stubbornPids(run.wire);
      return { ...run, pids, stillAlive: pids.filter(alive) };
    },
    drip: () => hostileRun({ kind: 'stdio', argv: proxyArgv('drip') }),
    echo: () =>
      hostileRun(
        { kind: 'stdio', argv: proxyArgv('echo:API_TOKEN+silent'), secretEnv: { API_TOKEN: TOKEN } },
        { credential: 'owner-key' },
      ),
    silent: () => hostileRun({ kind: 'stdio', argv: proxyArgv('silent') }),
    'wrong-id': () => hostileRun({ kind: 'stdio', argv: proxyArgv('wrong-id') }),
    config: () =>
      hostileRun({
        kind: 'stdio',
        argv: proxyArgv('silent'),
        env: { MCP_TRANSPORT_TYPE: 'stdio', MCP_LOG_LEVEL: 'error' },
      }),
    // The refusal is the point, not the deadline: on a busy CI machine the 1.5 s call deadline
    // fired before the 8,000-deep frame was read and refused, and the call was counted a timeout.
    'deep-call': () => hostileRun({ kind: 'stdio', argv: proxyArgv('deep:call') }, { callTimeoutMs: 15_000 }),
    huge: () => hostileRun({ kind: 'stdio', argv: proxyArgv('huge:20') }, { callTimeoutMs: 30_000 }),
    'deep-list': () => hostileRun({ kind: 'stdio', argv: proxyArgv('deep:list') }),
  },
  4,
);

beforeAll(runs.all, 600_000);

describe('hostile stdio servers, measured', () => {
  it('a deeply nested frame (depth 8,000) is a transport error on the tape and a clean VOID, not a crash', async () => {
    const { result, record, wire } = runs.get('deep-call');
    expect(record.outcome, outcomeOf(record)).toBe('VOID');
    expect(record.void?.reason, outcomeOf(record)).toBe('transport_error');
    expect(record.void?.detail).toMatch(/nested deeper than 128 levels during generation/);
    const refused = wire.records.filter(
      (r) => r.type === 'event' && r.value.kind === 'fitness.frame-refused',
    );
    expect(refused).toHaveLength(1);
    expect(record.serverFaults?.tools.some((t) => t.frameRefusals === 1)).toBe(true);
    await expectCleanEnd(result.dir);
  });

  it('a deeply nested tools/list is a transport error, never an empty surface', () => {
    const { record } = runs.get('deep-list');
    expect(record.void, outcomeOf(record)).toMatchObject({ reason: 'transport_error' });
    expect(record.void?.detail).toMatch(/during tools\/list$/);
    expect(record.gates).toEqual([]);
  });

  it('one tool answering 50 MB is skipped with its reason in the ledger, and the run goes on', async () => {
    const { result, record, wire } = runs.get('hugetool');
    expect(record.void).toBeUndefined();
    expect(['SCORED', 'REFUSED']).toContain(record.outcome);
    const crew = record.exploration?.tools.find((t) => t.tool === 'get_vessel_crew');
    expect(crew?.skipped).toMatch(/exceeded the 16777216-byte frame limit; the run reconnected/);
    expect(crew?.calls).toBe(1);
    expect(crew?.candidates).toBe(0);
    // Other tools still produced candidates, on the session opened after the refused frame.
    expect(record.exploration?.tools.some((t) => t.tool !== 'get_vessel_crew' && t.candidates > 0)).toBe(
      true,
    );
    expect(wire.records.some((r) => r.type === 'message' && r.value.corr_id === 'reconnect')).toBe(true);
    await expectCleanEnd(result.dir);
  });

  it('a 20 MB tool result goes past the 16 MB frame limit: VOID transport_error naming the limit', async () => {
    const { result, record } = runs.get('huge');
    expect(record.void?.reason, outcomeOf(record)).toBe('transport_error');
    expect(record.void?.detail).toMatch(/exceeded the 16777216-byte frame limit/);
    await expectCleanEnd(result.dir);
  });

  for (const mode of ['silent', 'wrong-id', 'drip']) {
    it(`a server whose tools/call is ${mode}: VOID timeout with the timeouts per tool, not a thin surface`, async () => {
      const { result, record } = runs.get(mode);
      expect(record.outcome, outcomeOf(record)).toBe('VOID');
      expect(record.void?.reason, outcomeOf(record)).toBe('timeout');
      expect(record.refusal).toBeUndefined();
      const tools = record.serverFaults?.tools ?? [];
      expect(tools.length).toBeGreaterThanOrEqual(3);
      for (const t of tools) {
        expect(t.timeouts).toBe(1);
        expect(t.pending).toBe(1);
        expect(t.tapeRefs[0]).toMatch(/^wire:\d+$/);
      }
      await expectCleanEnd(result.dir);
    });
  }

  it('a server that ignores SIGTERM and EOF and leaves a setsid grandchild: every process is reaped', async () => {
    const { result, pids = [], stillAlive = [] } = runs.get('stubborn');
    // The main session, every liveness check and the trial-free VOID: several stubborn servers ran.
    expect(pids.length).toBeGreaterThanOrEqual(2);
    for (const pid of pids) expect(stillAlive.includes(pid), `pid ${pid}`).toBe(false);
    await expectCleanEnd(result.dir);
  });

  it('a secret env value the server echoes everywhere never reaches a file, a path or the run id', async () => {
    const { result, record } = runs.get('echo');
    expect(record.outcome, outcomeOf(record)).toBe('VOID');
    expect(basename(result.dir)).not.toContain('5c2a91f0');
    expect(basename(result.dir)).toMatch(/^acme-redacted-/);
    const bytes = runBytes(result.dir);
    expect(bytes).not.toContain(TOKEN);
    expect(bytes).not.toContain('5c2a91f0d7e34b6a');
    expect(bytes).toContain('[REDACTED]');
    await expectCleanEnd(result.dir);
  });

  it('configuration env values are recorded as they are: an `error` key is never redacted', () => {
    const { result } = runs.get('config');
    const wire = readFileSync(join(result.dir, 'wire.jsonl'), 'utf8');
    expect(wire).not.toContain('[REDACTED]');
    expect(result.record.identity.target.kind).toBe('stdio');
  });

  it('a notification flood: the tape is capped per session, the budget ends the run VOID budget_exhausted', async () => {
    // Alone, after the others: the flood must fill its tape cap within a wall-clock budget, which
    // runs beside it would eat into.
    const { result, record, wire } = await hostileRun(
      { kind: 'stdio', argv: proxyArgv('flood') },
      { budgetMs: 15_000, tapeCapBytes: 512 * 1024, callTimeoutMs: 20_000 },
    );
    expect(record.void?.reason, outcomeOf(record)).toBe('budget_exhausted');
    expect(record.void?.detail).toMatch(/^the pre-registered run budget of 15 s ran out during /);
    const cut = wire.records.filter((r) => r.type === 'event' && r.value.kind === 'fitness.tape-truncated');
    expect(cut.length).toBeGreaterThanOrEqual(1);
    expect(record.notes.own.some((n) => n.id === 'tape-truncated-wire')).toBe(true);
    expect(readFileSync(join(result.dir, 'wire.jsonl')).length).toBeLessThan(8 * 1024 * 1024);
    await expectCleanEnd(result.dir);
  });
});
