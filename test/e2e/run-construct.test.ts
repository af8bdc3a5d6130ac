import { afterAll, describe, expect, it } from 'vitest';
import { runFitness } from '../../src/run/run-fitness.js';
import { pairExchanges } from '../../src/tape/pairing.js';
import { startFixtureHttp } from './fixtures/wire/helpers.js';
import { loadRun, outDir, server } from './run/helpers.js';

/** The construct gate's families: a stale key fails it; an unreliable server extends it. */
describe('construct gate through the real pipeline', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('values that drift after admission fail construct (GATE_FAILED)', async () => {
    const r = await runFitness({
      target: { kind: 'stdio', argv: ['node', server('drifting')] },
      outDir: outDir(),
      env: {},
    });
    expect(r.outcome).toBe('GATE_FAILED');
    expect(r.record.refusal).toEqual({ gate: 'construct', reason: 'reference_rate_below_threshold' });
    expect(r.record.gates.map((g) => g.gate)).not.toContain('drive');
  }, 600_000);

  it('an unreliable server registered with --extensions 0 is EXTEND_EXHAUSTED', async () => {
    const http = await startFixtureHttp(server('flaky'));
    stops.push(http.stop);
    const r = await runFitness({
      target: { kind: 'http', url: http.url },
      outDir: outDir(),
      env: {},
      extensions: 0,
    });
    expect(r.outcome).toBe('EXTEND_EXHAUSTED');
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
    const http = await startFixtureHttp(server('flaky'));
    stops.push(http.stop);
    const r = await runFitness({ target: { kind: 'http', url: http.url }, outDir: outDir(), env: {} });
    const gate = r.record.gates.find((g) => g.gate === 'construct');
    if (gate?.gate !== 'construct') throw new Error('no construct gate');
    const batches = gate.extension.ledger?.batches ?? [];
    expect(batches.length).toBeGreaterThan(0);
    for (const b of batches) expect(b.trialsAdded).toBe(b.tasksAdded * 3);
    expect(['SCORED', 'GATE_FAILED']).toContain(r.outcome);
    if (r.outcome === 'SCORED') expect(r.record.score?.tasks).toBe(16 + 6 * batches.length);
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
