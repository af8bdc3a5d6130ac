import { describe, expect, it } from 'vitest';
import { pairExchanges } from '../../src/tape/pairing.js';
import { loadRun } from './run/helpers.js';
import { auditedRun } from './shared/planted-audit.js';

/**
 * The construct gate's families: a stale key fails it; an unreliable server extends it. The runs
 * are the invocation's shared planted audit (shared/planted-audit.ts), the servers over HTTP with
 * the audit's registrations (default, and `--extensions 0` for flaky-no-extensions).
 */
describe('construct gate through the real pipeline', () => {
  it('values that drift from one process to the next fail at admission, before any trial (GATE_FAILED)', async () => {
    const r = await auditedRun('drifting');
    expect(r.record.outcome).toBe('GATE_FAILED');
    expect(r.record.refusal).toMatchObject({ gate: 'structural', reason: 'answers_unstable' });
    expect(r.record.gates.map((g) => g.gate)).not.toContain('construct');
  }, 600_000);

  it('an unreliable server registered with --extensions 0 is EXTEND_EXHAUSTED', async () => {
    const r = await auditedRun('flaky-no-extensions');
    expect(r.record.outcome).toBe('EXTEND_EXHAUSTED');
    const gate = r.record.gates.at(-1);
    if (gate?.gate !== 'construct') throw new Error('expected construct to refuse');
    expect(gate.reason).toBe('extend_exhausted_zero_policy');
    expect(gate.extension.ledger?.batches).toEqual([]);
    expect(r.record.prereg?.registration.extension).toMatchObject({ maxExtensions: 0 });
    // The failed reference calls are linked: each ref is an isError result of a construct call.
    const { tapes } = await loadRun(r.dir);
    const errors = pairExchanges(tapes.wire.records).exchanges.filter(
      (x) =>
        x.method === 'tools/call' && x.outcome === 'tool-error' && (x.corrId ?? '').includes('::construct'),
    );
    expect(errors.length).toBeGreaterThan(0);
    expect(gate.wire?.errorResults).toBe(errors.length);
    expect(gate.wire?.refs?.errorResults).toEqual(errors.slice(0, 20).map((x) => `wire:${x.responseLine}`));
  }, 600_000);

  it('with the default policy it buys reserve batches and the ledger shows tasks and trials', async () => {
    const r = await auditedRun('flaky');
    const gate = r.record.gates.find((g) => g.gate === 'construct');
    if (gate?.gate !== 'construct') throw new Error('no construct gate');
    const batches = gate.extension.ledger?.batches ?? [];
    expect(batches.length).toBeGreaterThan(0);
    for (const b of batches) expect(b.trialsAdded).toBe(b.tasksAdded * 3);
    expect(['SCORED', 'GATE_FAILED']).toContain(r.record.outcome);
    if (r.record.outcome === 'SCORED') expect(r.record.score?.tasks).toBe(16 + 6 * batches.length);
    // Every tool's attribution links the wire lines of its failed drive calls.
    const { tapes } = await loadRun(r.dir);
    const drive = pairExchanges(tapes.wire.records).exchanges.filter(
      (x) => x.method === 'tools/call' && /^[^:]+#\d+$/.test(x.corrId ?? ''),
    );
    for (const tool of r.record.score?.tools ?? []) {
      const failed = drive
        .filter((x) => x.tool === tool.tool && x.outcome !== 'result')
        .map((x) => x.responseLine ?? x.requestLine)
        .sort((a, b) => a - b)
        .slice(0, 20);
      expect(tool.tapeRefs ?? []).toEqual(failed.map((l) => `wire:${l}`));
    }
  }, 600_000);
});
