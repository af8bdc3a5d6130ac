import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alive, expectCleanEnd, hostileRun, proxyArgv, runBytes } from './hostile/helpers.js';

/**
 * Hostile stdio servers (a proxy in front of the well-made planted server) end in bounded time in
 * the right outcome, with a record, closed tapes, a signature and no process left behind.
 */
describe('hostile stdio servers, measured', () => {
  it('a deeply nested frame (depth 8,000) is a transport error on the tape and a clean VOID, not a crash', async () => {
    const { result, record, wire } = await hostileRun({ kind: 'stdio', argv: proxyArgv('deep:call') });
    expect(record.outcome).toBe('VOID');
    expect(record.void?.reason).toBe('transport_error');
    expect(record.void?.detail).toMatch(/nested deeper than 128 levels during generation/);
    const refused = wire.records.filter(
      (r) => r.type === 'event' && r.value.kind === 'fitness.frame-refused',
    );
    expect(refused).toHaveLength(1);
    expect(record.serverFaults?.tools.some((t) => t.frameRefusals === 1)).toBe(true);
    await expectCleanEnd(result.dir);
  });

  it('a deeply nested tools/list is a transport error, never an empty surface', async () => {
    const { record } = await hostileRun({ kind: 'stdio', argv: proxyArgv('deep:list') });
    expect(record.void).toMatchObject({ reason: 'transport_error' });
    expect(record.void?.detail).toMatch(/during tools\/list$/);
    expect(record.gates).toEqual([]);
  });

  it('one tool answering 50 MB is skipped with its reason in the ledger, and the run goes on', async () => {
    const { result, record, wire } = await hostileRun(
      { kind: 'stdio', argv: proxyArgv('hugetool:get_vessel_crew') },
      { callTimeoutMs: 30_000 },
    );
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
  }, 600_000);

  it('a 20 MB tool result goes past the 16 MB frame limit: VOID transport_error naming the limit', async () => {
    const { result, record } = await hostileRun(
      { kind: 'stdio', argv: proxyArgv('huge:20') },
      { callTimeoutMs: 30_000 },
    );
    expect(record.void?.reason).toBe('transport_error');
    expect(record.void?.detail).toMatch(/exceeded the 16777216-byte frame limit/);
    await expectCleanEnd(result.dir);
  });

  for (const mode of ['silent', 'wrong-id', 'drip']) {
    it(`a server whose tools/call is ${mode}: VOID timeout with the timeouts per tool, not a thin surface`, async () => {
      const { result, record } = await hostileRun({ kind: 'stdio', argv: proxyArgv(mode) });
      expect(record.outcome).toBe('VOID');
      expect(record.void?.reason).toBe('timeout');
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
    const { result, wire } = await hostileRun({ kind: 'stdio', argv: proxyArgv('stubborn+silent') });
    const pids = wire.records.flatMap((r) => {
      if (r.type !== 'event' || r.value.kind !== 'fitness.stderr') return [];
      const m = /stubborn: pid (\d+) grandchild (\d+)/.exec(String((r.value.raw as { text?: unknown }).text));
      return m ? [Number(m[1]), Number(m[2])] : [];
    });
    // The main session, every liveness check and the trial-free VOID: several stubborn servers ran.
    expect(pids.length).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 600));
    for (const pid of pids) expect(alive(pid), `pid ${pid}`).toBe(false);
    await expectCleanEnd(result.dir);
  });

  it('a secret env value the server echoes everywhere never reaches a file, a path or the run id', async () => {
    const token = 'tok-live-5c2a91f0d7e34b6a';
    const { result, record } = await hostileRun(
      { kind: 'stdio', argv: proxyArgv('echo:API_TOKEN+silent'), secretEnv: { API_TOKEN: token } },
      { credential: 'owner-key' },
    );
    expect(record.outcome).toBe('VOID');
    expect(basename(result.dir)).not.toContain('5c2a91f0');
    expect(basename(result.dir)).toMatch(/^acme-redacted-/);
    const bytes = runBytes(result.dir);
    expect(bytes).not.toContain(token);
    expect(bytes).not.toContain('5c2a91f0d7e34b6a');
    expect(bytes).toContain('[REDACTED]');
    await expectCleanEnd(result.dir);
  });

  it('configuration env values are recorded as they are: an `error` key is never redacted', async () => {
    const { result } = await hostileRun({
      kind: 'stdio',
      argv: proxyArgv('silent'),
      env: { MCP_TRANSPORT_TYPE: 'stdio', MCP_LOG_LEVEL: 'error' },
    });
    const wire = readFileSync(join(result.dir, 'wire.jsonl'), 'utf8');
    expect(wire).not.toContain('[REDACTED]');
    expect(result.record.identity.target.kind).toBe('stdio');
  });

  it('a notification flood: the tape is capped per session, the budget ends the run VOID budget_exhausted', async () => {
    const { result, record, wire } = await hostileRun(
      { kind: 'stdio', argv: proxyArgv('flood') },
      { budgetMs: 8000, tapeCapBytes: 512 * 1024, callTimeoutMs: 20_000 },
    );
    expect(record.void?.reason).toBe('budget_exhausted');
    expect(record.void?.detail).toMatch(/^the pre-registered run budget of 8 s ran out during /);
    const cut = wire.records.filter((r) => r.type === 'event' && r.value.kind === 'fitness.tape-truncated');
    expect(cut.length).toBeGreaterThanOrEqual(1);
    expect(record.notes.own.some((n) => n.id === 'tape-truncated-wire')).toBe(true);
    expect(readFileSync(join(result.dir, 'wire.jsonl')).length).toBeLessThan(8 * 1024 * 1024);
    await expectCleanEnd(result.dir);
  });
});
