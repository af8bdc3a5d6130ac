import { afterAll, describe, expect, it } from 'vitest';
import { PLANTED } from '../../src/audit/catalogue.js';
import { type NullReadingKind, nullReading } from '../../src/gates/null-reading.js';
import { isRecorded } from '../../src/record/common.js';
import { REFS_PER_KIND } from '../../src/record/probe.js';
import { outcomeLine } from '../../src/run/outcome-line.js';
import { runFitness } from '../../src/run/run-fitness.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { pairExchanges } from '../../src/tape/pairing.js';
import { startFixtureHttp } from './fixtures/wire/helpers.js';
import { loadRun, outDir, serverFile } from './run/helpers.js';
import { auditedRun } from './shared/planted-audit.js';
import { sharedThinRun } from './shared/shared-runs.js';

/**
 * Planted servers driven through the real pipeline to their outcome families (offline). Where a
 * run is the one `fitness-report audit` makes (same server, transport and registration), it is the
 * invocation's shared planted audit (shared/planted-audit.ts); thin goes through `run` for its CLI
 * lines, and unanswered is registered with a short call timeout.
 */
describe('refusals through the real pipeline', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('a thin server is INSUFFICIENT_SURFACE with the admission counts shown', async () => {
    const io = await sharedThinRun();
    expect(io.code).toBe(1);
    expect(io.stdout[0]).toMatch(/^INSUFFICIENT_SURFACE at suite_size \(below_minimum_suite_size\)/);
    const { record } = await loadRun((io.stdout[1] ?? '').replace(/^run: /, ''));
    expect(record).not.toHaveProperty('score');
    expect(record.refusal).toMatchObject({ gate: 'suite_size', reason: 'below_minimum_suite_size' });
    expect(record.suite?.candidates).toBeGreaterThan(0);
    expect(record.suite?.registered).toBeLessThan(8);
    expect(record.gates.some((g) => g.gate === 'null_baseline')).toBe(false);
    expect(record.cost.breakdown?.runner.calls ?? 0).toBe(0);
  }, 300_000);

  it('a calculator the screen empties is DEGENERATE all_candidates_null_answerable', async () => {
    const r = await auditedRun('calculator');
    expect(r.record.outcome).toBe('DEGENERATE');
    expect(r.record.refusal).toMatchObject({ gate: 'suite_size', reason: 'all_candidates_null_answerable' });
    const screen = r.record.identity.screen;
    if (!isRecorded(screen)) throw new Error('screen not recorded');
    expect(screen.counts.deleted).toBeGreaterThan(0);
  }, 600_000);

  it('answers that ignore the question are DEGENERATE at the null baseline before any paid call', async () => {
    const r = await auditedRun('constant-answers');
    expect(r.record.outcome).toBe('DEGENERATE');
    expect(r.record.refusal).toMatchObject({ gate: 'null_baseline', reason: 'noise_exceeds_signal' });
    const ceiling = r.record.gates.at(-1);
    expect(ceiling).toMatchObject({ signalSource: 'ceiling' });
    expect(r.record.void).toBeUndefined();
    // The KILL was certain before the nulls' registered sample ran out: curtailed, and re-proved.
    if (ceiling?.gate !== 'null_baseline') throw new Error('expected the null gate to refuse');
    expect(ceiling.curtailed?.decided).toBe('KILL');
    expect(ceiling.explain).toMatch(
      /curtailed at \d+ of \d+: decided KILL, which no remaining outcome could change \(/,
    );
    const verified = await verifyFitnessRun(r.dir);
    expect(verified.problems).toEqual([]);
    expect(verified.checked).toContain('gate null_baseline (ceiling): KILL, recomputed the same');
    const { tapes } = await loadRun(r.dir);
    const paid = tapes.agent.records.filter(
      (x) => x.type === 'turn' && /::construct|^[^:]+#\d+$/.test(x.value.corr_id ?? ''),
    );
    expect(paid).toEqual([]);
  }, 600_000);

  it("every planted outcome's null decisions say what their own numbers say, in the record and the outcome line", async () => {
    // The planted refusals at the null gate, and what their deciding sentence must read.
    const refused: Record<string, NullReadingKind> = {
      'constant-answers': 'null-random-args',
      decoys: 'no-signal',
    };
    for (const planted of PLANTED) {
      const { record } = await auditedRun(planted.id);
      const refusing = record.refusal?.gate === 'null_baseline' ? record.gates.at(-1) : undefined;
      expect(refusing !== undefined, planted.id).toBe(planted.id in refused);
      for (const g of record.gates) {
        if (g.gate !== 'null_baseline') continue;
        const reading = nullReading(g);
        expect(g.explain, planted.id).toContain(reading.sentence);
        expect(reading.kind, planted.id).toBe(g === refusing ? refused[planted.id] : 'below-line');
        if (g === refusing) expect(outcomeLine(record)).toContain(reading.sentence);
      }
    }
    const { record } = await auditedRun('constant-answers');
    const line = outcomeLine(record);
    expect(line).toMatch(
      /^DEGENERATE at null_baseline \(noise_exceeds_signal\): Only the null with tools called with random valid arguments reached the line \(null-random-args \d+ of \d+.*; below it: null-no-tools 0 of \d+, null-stubbed-empty 0 of \d+\): the keys do not depend on the arguments the agent chose: calls with random valid arguments reach them too \(the server ignores those arguments, or its answers to other values show the same keys\): a statement about how the server answers/,
    );
    expect(line).not.toContain('about the generated tasks, not about the server');
  }, 600_000);

  it('an HTTP server that leaves calls unanswered is COMPROMISED, with the requests pending on the tape', async () => {
    const http = await startFixtureHttp(serverFile('unanswered'));
    stops.push(http.stop);
    const r = await runFitness({
      seed: 1,
      target: { kind: 'http', url: http.url },
      outDir: outDir(),
      env: {},
      callTimeoutMs: 1500,
    });
    expect(r.outcome).toBe('COMPROMISED');
    const gate = r.record.gates.at(-1);
    if (gate?.gate !== 'construct') throw new Error('expected the construct gate to refuse');
    expect(gate.reason).toBe('compromised_oracle_errors');
    expect(gate.wire?.pending).toBeGreaterThan(0);
    // COMPROMISED was certain once enough errors were in: the rest of the registered sample never ran.
    expect(gate.curtailed).toMatchObject({ step: 'registered', decided: 'COMPROMISED' });
    expect(gate.curtailed?.ran).toBeLessThan(gate.curtailed?.of ?? 0);
    expect(gate.n + gate.errors).toBe(gate.curtailed?.ran);
    expect((await verifyFitnessRun(r.dir)).problems).toEqual([]);
    const { tapes } = await loadRun(r.dir);
    const pending = pairExchanges(tapes.wire.records).exchanges.filter(
      (x) => x.method === 'tools/call' && x.outcome === 'pending' && (x.corrId ?? '').includes('::construct'),
    );
    expect(pending.length).toBe(gate.wire?.pending);
    // The gate links the unanswered requests themselves: the first of them, by their request lines.
    const refs = pending.slice(0, REFS_PER_KIND).map((x) => `wire:${x.requestLine}`);
    expect(gate.wire?.refs?.pending).toEqual(refs);
    for (const ref of refs) expect(gate.wire?.tapeRefs).toContain(ref);
  }, 600_000);

  it('an HTTP server that stops listening mid-run is VOID target_died, naming what completed', async () => {
    const r = await auditedRun('vanishing');
    expect(r.record.outcome).toBe('VOID');
    expect(r.record.void?.reason).toBe('target_died');
    expect(r.record.void?.completed.stages).toContain('prereg');
    expect(r.record).not.toHaveProperty('score');
  }, 600_000);
});
