import { afterAll, describe, expect, it } from 'vitest';
import { PROBES } from '../../src/probes/registry.js';
import { runFitness } from '../../src/run/run-fitness.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import type { Tape } from '../../src/tape/reader.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { startFixtureHttp } from './fixtures/wire/helpers.js';
import { loadRun, outDir, server, serverFile } from './run/helpers.js';

const THIN = { kind: 'stdio' as const, argv: [process.execPath, ...server('thin')] };

/** The corr id of each wire line that has one, in tape order. */
function corrIds(tape: Tape): string[] {
  return tape.records.flatMap((r) =>
    (r.type === 'message' || r.type === 'event') && r.value.corr_id !== undefined ? [r.value.corr_id] : [],
  );
}

/** When the first screen turn was written, and the last admission frame. */
function screenAgainstAdmission(wire: Tape, agent: Tape) {
  const admitAt = wire.records.flatMap((r) =>
    r.type === 'message' && r.value.corr_id?.startsWith('admit') === true ? [Date.parse(r.value.t)] : [],
  );
  const screenAt = agent.records.flatMap((r) =>
    r.type === 'turn' && r.value.corr_id?.endsWith('::screen') === true ? [Date.parse(r.value.t)] : [],
  );
  return {
    lastAdmit: Math.max(...admitAt),
    firstScreen: Math.min(...screenAt),
    screenTurns: screenAt.length,
  };
}

/** Where the probes' frames sit on the wire tape against the first exploration call. */
function probePlacement(tape: Tape) {
  const ids = corrIds(tape);
  const firstGenerate = ids.findIndex((id) => id.startsWith('generate'));
  const probes = ids.flatMap((id, i) => (id.startsWith('probe') ? [i] : []));
  return { firstGenerate, firstProbe: probes[0] ?? -1, lastProbe: probes.at(-1) ?? -1 };
}

/**
 * The protocol probes run beside generation over stdio at a concurrency above 1 (their exchanges
 * start processes of their own and call no tool), and first, alone, at concurrency 1 or over HTTP.
 * Either way the record carries every probe, and verify re-derives the run.
 */
describe('the protocol probes beside the run', () => {
  it('over stdio at concurrency 4, the probes overlap exploration and every one is recorded', async () => {
    const r = await runFitness({ target: THIN, outDir: outDir(), env: {}, seed: 4242, concurrency: 4 });
    const { record, tapes } = await loadRun(r.dir);
    const at = probePlacement(tapes.wire);
    expect(at.firstGenerate).toBeGreaterThan(-1);
    expect(at.lastProbe).toBeGreaterThan(at.firstGenerate);
    expect(record.probes.map((p) => p.id)).toEqual(PROBES.map((p) => p.id));
    expect(record.void).toBeUndefined();
    expect((await verifyFitnessRun(r.dir)).ok).toBe(true);
  }, 120_000);

  it('at concurrency 1 every probe frame comes before the first exploration call, with the same results', async () => {
    const serial = await runFitness({ target: THIN, outDir: outDir(), env: {}, seed: 4242, concurrency: 1 });
    const beside = await runFitness({ target: THIN, outDir: outDir(), env: {}, seed: 4242, concurrency: 4 });
    const one = await loadRun(serial.dir);
    const four = await loadRun(beside.dir);
    const at = probePlacement(one.tapes.wire);
    expect(at.firstProbe).toBeGreaterThan(-1);
    expect(at.lastProbe).toBeLessThan(at.firstGenerate);
    const verdicts = (rec: typeof one.record) => rec.probes.map((p) => [p.id, p.applies, p.pass]);
    expect(verdicts(four.record)).toEqual(verdicts(one.record));
    expect(four.record.identity.suiteHash).toBe(one.record.identity.suiteHash);
  }, 120_000);

  it('over HTTP the server is shared with the run, so the probes come first even at concurrency 4', async () => {
    const http = await startFixtureHttp(serverFile('thin'));
    try {
      const r = await runFitness({
        target: { kind: 'http', url: http.url },
        outDir: outDir(),
        env: {},
        seed: 4242,
        concurrency: 4,
      });
      const { record, tapes } = await loadRun(r.dir);
      const at = probePlacement(tapes.wire);
      expect(at.firstProbe).toBeGreaterThan(-1);
      expect(at.lastProbe).toBeLessThan(at.firstGenerate);
      expect(record.probes.map((p) => p.id)).toEqual(PROBES.map((p) => p.id));
    } finally {
      await http.stop();
    }
  }, 120_000);
});

/**
 * The null screen takes each admitted candidate as its verdict comes in at a concurrency above 1,
 * and after admission at concurrency 1; the same candidates are screened to the same result. The
 * screen does not depend on the transport: the planted calculator runs in memory
 * (test/support/planted-memory.ts).
 */
describe('the null screen beside admission', () => {
  const calculator = plantedInMemory('calculator');
  afterAll(() => calculator.closeAll());

  it('a calculator the screen empties: screened during admission at concurrency 4, the same verdict as at 1', async () => {
    const target = calculator;
    const one = await runFitness({ target, outDir: outDir(), env: {}, seed: 77, concurrency: 1 });
    const four = await runFitness({ target, outDir: outDir(), env: {}, seed: 77, concurrency: 4 });
    const serial = await loadRun(one.dir);
    const beside = await loadRun(four.dir);
    const s = screenAgainstAdmission(serial.tapes.wire, serial.tapes.agent);
    const b = screenAgainstAdmission(beside.tapes.wire, beside.tapes.agent);
    // At concurrency 1 the screen starts after admission ends: at the same millisecond at the earliest.
    expect(s.firstScreen).toBeGreaterThanOrEqual(s.lastAdmit);
    expect(b.firstScreen).toBeLessThan(b.lastAdmit);
    expect(s.screenTurns).toBeGreaterThan(0);
    expect(b.screenTurns).toBe(s.screenTurns);
    for (const run of [serial, beside]) {
      expect(run.record.outcome).toBe('DEGENERATE');
      expect(run.record.refusal).toMatchObject({
        gate: 'suite_size',
        reason: 'all_candidates_null_answerable',
      });
    }
    expect(beside.record.identity.screen).toEqual(serial.record.identity.screen);
    expect(beside.suite.screen).toEqual(serial.suite.screen);
    expect(beside.record.cost.breakdown?.screen).toEqual(serial.record.cost.breakdown?.screen);
    expect((await verifyFitnessRun(four.dir)).ok).toBe(true);
  }, 300_000);
});
