import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planPowerGate } from '../gates/plan-power.js';
import { PREREG_DEFAULTS as D } from '../record/prereg.js';
import { RunRecord } from '../record/run.js';
import { gateChecks } from './verify-gates.js';

const fixture = (): RunRecord =>
  RunRecord.parse(
    JSON.parse(readFileSync(new URL('../record/fixtures/v2-scored.json', import.meta.url), 'utf8')),
  );

/** The fixture's plan_power inputs (16 tasks × 3 reps, two batches of 6), planned for `runner`. */
const planned = (runner: string) =>
  planPowerGate({
    construct: D.construct,
    registeredTrials: 48,
    trialsPerBatch: 18,
    maxExtensions: 2,
    design: { registeredTasks: 16, tasksPerBatch: 6, runner },
  });

const withPlan = (record: RunRecord, gate: unknown): RunRecord =>
  RunRecord.parse({ ...record, gates: record.gates.map((g) => (g.gate === 'plan_power' ? gate : g)) });

const planCheck = (record: RunRecord) =>
  gateChecks(record, undefined).find((c) => c.check === 'gate plan_power');

describe('verify: plan_power and its effective sample', () => {
  it('decides again a record planned before the design effect was stated, without one', () => {
    const record = fixture();
    const stored = record.gates.find((g) => g.gate === 'plan_power');
    expect(stored?.gate === 'plan_power' && stored.effective).toBe(undefined);
    expect(planCheck(record)).toMatchObject({ ok: true, detail: 'PASS, recomputed the same' });
  });

  it("recomputes the effective sample from the stored inputs and the identity's runner", () => {
    const record = fixture();
    const gate = planned(record.identity.runner);
    expect(gate.effective?.atRegistered).toEqual({ min: 16, max: 48 });
    expect(planCheck(withPlan(record, gate))).toMatchObject({ ok: true });
    const stretched = { ...gate, effective: { ...gate.effective, atRegistered: { min: 16, max: 40 } } };
    expect(planCheck(withPlan(record, stretched))).toMatchObject({ ok: false });
  });

  it('the record rejects a plan whose runner determinism is not its runner’s', () => {
    const record = fixture();
    const r = RunRecord.safeParse({
      ...record,
      gates: record.gates.map((g) => (g.gate === 'plan_power' ? planned('heuristic') : g)),
    });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain('expected the determinism of the runner');
  });
});
