import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GateRecord } from '../record/gate.js';
import { RunRecord } from '../record/run.js';
import { readSuiteFile } from '../suite/read-suite.js';
import type { SuiteFile } from '../suite/suite-file.js';
import { legacyGateInput } from './legacy-gate-input.js';
import { decideGateCall, type GateCall, storedGateCall } from './verify-gate-input.js';
import { gateChecks } from './verify-gates.js';

/** A signed SCORED run the pipeline wrote before gate records stored their input (test/e2e/suite-v1-run). */
const DIR = fileURLToPath(
  new URL('../../test/fixtures/suite-v1-run/planted-ambiguous-20261202T005534Z/', import.meta.url),
);

function oldRun(): { record: RunRecord; suite: SuiteFile } {
  const record = RunRecord.parse(JSON.parse(readFileSync(`${DIR}record.json`, 'utf8')));
  const read = readSuiteFile(DIR);
  if (!('suite' in read)) throw new Error(read.problem);
  return { record, suite: read.suite };
}

/**
 * The same run as the pipeline writes it now: each gate decided on its input, which it stores. The
 * pipeline now also passes what this older run's records did not keep: the suite size asked for,
 * and the design the power is planned for.
 */
function withInputs(record: RunRecord, suite: SuiteFile): RunRecord {
  const reg = record.prereg?.registration;
  if (reg === undefined) throw new Error('no registration');
  const now = (call: GateCall): GateCall => {
    if (call.gate === 'suite_size')
      return { gate: call.gate, input: { ...call.input, requestedTasks: reg.tasks } };
    if (call.gate !== 'plan_power') return call;
    const design = {
      registeredTasks: call.input.registeredTrials / reg.reps.construct,
      tasksPerBatch: call.input.trialsPerBatch / reg.reps.construct,
      runner: record.identity.runner,
    };
    return { gate: call.gate, input: { ...call.input, design } };
  };
  const gates = record.gates.map((g) => {
    const call = legacyGateInput(g, record, suite);
    if (typeof call === 'string') throw new Error(call);
    return decideGateCall(now(call));
  });
  return RunRecord.parse(JSON.parse(JSON.stringify({ ...record, gates })));
}

const gateRows = (record: RunRecord, suite: SuiteFile) =>
  gateChecks(record, suite).filter((c) => c.check.startsWith('gate '));

/** The record with one gate replaced (by index), read back through its schema. */
const replaced = (record: RunRecord, i: number, gate: GateRecord): RunRecord =>
  RunRecord.parse(JSON.parse(JSON.stringify({ ...record, gates: record.gates.with(i, gate) })));

describe('verify: gate records store the input they were decided on', () => {
  it('an old record without inputs still verifies, every gate rebuilt from its counts', () => {
    const { record, suite } = oldRun();
    expect(record.gates.every((g) => g.input === undefined)).toBe(true);
    const rows = gateRows(record, suite);
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row, row.check).toMatchObject({ ok: true });
  });

  it('a gate input round-trips through record.json, and verify decides every gate again from it', () => {
    const { record, suite } = oldRun();
    const now = withInputs(record, suite);
    expect(now.gates.every((g) => g.input !== undefined)).toBe(true);
    expect(RunRecord.parse(JSON.parse(JSON.stringify(now))).gates).toEqual(now.gates);
    // The stored input is the call itself: the gate function on it returns the stored record.
    for (const gate of now.gates) {
      const call = storedGateCall(gate, now, suite);
      if (call === undefined || typeof call === 'string') throw new Error(`${gate.gate}: ${call}`);
      expect(decideGateCall(call)).toEqual(gate);
    }
    for (const row of gateRows(now, suite)) expect(row, row.check).toMatchObject({ ok: true });
    // answer_leak stores the digest of what it scanned, never the answer keys.
    const leak = now.gates.find((g) => g.gate === 'answer_leak');
    expect(leak?.gate === 'answer_leak' && Object.keys(leak.input ?? {})).toEqual(['tasksSha256']);
  });

  it('re-decides from the stored input, not from the output fields beside it', () => {
    const { record, suite } = oldRun();
    const now = withInputs(record, suite);
    const i = now.gates.findIndex((g) => g.gate === 'structural');
    const gate = now.gates[i];
    if (gate?.gate !== 'structural' || gate.input === undefined) throw new Error('no structural gate');
    // The output still counts the tools listed; the input it claims to rest on listed none.
    const edited = replaced(now, i, { ...gate, input: { ...gate.input, toolCount: 0 } });
    expect(gateRows(edited, suite).find((c) => c.check === 'gate structural')).toMatchObject({
      ok: false,
      detail: 'PASS (recomputed FAIL)',
    });
  });

  it('a forged input whose forged record re-derives is caught where the record states the same numbers', () => {
    const { record, suite } = oldRun();
    const now = withInputs(record, suite);
    const i = now.gates.findIndex((g) => g.gate === 'null_baseline' && g.signalSource === 'first_try');
    const gate = now.gates[i];
    const firstTry = now.score?.firstTry;
    if (gate?.gate !== 'null_baseline' || gate.input === undefined || !firstTry) throw new Error('fixture');
    // Twice the trials at the same rate: the signal S is unchanged, so the record still parses.
    const counts = { k: firstTry.k * 2, n: firstTry.n * 2 };
    const forged = decideGateCall({
      gate: 'null_baseline',
      input: { ...gate.input, signal: { source: 'first_try', counts } },
    });
    const row = gateRows(replaced(now, i, forged), suite).find(
      (c) => c.check === 'gate null_baseline (first_try)',
    );
    expect(row?.ok).toBe(false);
    expect(row?.detail).toBe(
      `the stored input's signal.counts ${JSON.stringify(counts)} is not the record's ${JSON.stringify({ k: firstTry.k, n: firstTry.n })}`,
    );
  });

  it('a forged construct input (other reps) is caught against the registration', () => {
    const { record, suite } = oldRun();
    const now = withInputs(record, suite);
    const i = now.gates.findIndex((g) => g.gate === 'construct');
    const gate = now.gates[i];
    if (gate?.gate !== 'construct' || gate.input === undefined) throw new Error('fixture');
    const { reps, registered } = gate.input;
    // The same trials as three times the tasks at a third of the reps: the pool and verdict stand.
    const forged = decideGateCall({
      gate: 'construct',
      input: { ...gate.input, reps: 1, registered: { ...registered, tasks: registered.tasks * reps } },
    });
    const row = gateRows(replaced(now, i, forged), suite).find((c) => c.check === 'gate construct');
    expect(row).toMatchObject({ ok: false, detail: `the stored input's reps 1 is not the record's ${reps}` });
  });

  it('a suite_size input that stores its rejections is held to the suite: a forged count is caught', () => {
    const { record, suite } = oldRun();
    const now = withInputs(record, suite);
    const i = now.gates.findIndex((g) => g.gate === 'suite_size');
    const gate = now.gates[i];
    if (gate?.gate !== 'suite_size' || gate.input === undefined) throw new Error('fixture');
    const rejected = suite.counts.rejected;
    const honest = decideGateCall({ gate: 'suite_size', input: { ...gate.input, rejected, unstable: 0 } });
    const row = (g: GateRecord) =>
      gateRows(replaced(now, i, g), suite).find((c) => c.check.startsWith('gate suite_size'));
    expect(row(honest)).toMatchObject({ ok: true });
    const forged = decideGateCall({
      gate: 'suite_size',
      input: { ...gate.input, rejected: rejected + 4, unstable: rejected + 4 },
    });
    expect(row(forged)).toMatchObject({
      ok: false,
      detail: `the stored input's rejected ${rejected + 4} is not the record's ${rejected}`,
    });
  });

  it('answer_leak scans suite.json only when its tasks are the ones the stored digest names', () => {
    const { record, suite } = oldRun();
    const now = withInputs(record, suite);
    const [first, ...rest] = suite.tasks;
    if (first === undefined) throw new Error('fixture');
    const edited = { ...suite, tasks: [{ ...first, prompt: `${first.prompt} Please.` }, ...rest] };
    expect(gateRows(now, edited).find((c) => c.check === 'gate answer_leak')).toMatchObject({
      ok: false,
      detail: "suite.json's tasks are not the ones answer_leak scanned (the stored input's digest differs)",
    });
    // An old record has no digest: it scans whatever suite.json holds, as before.
    expect(gateRows(record, edited).find((c) => c.check === 'gate answer_leak')).toMatchObject({ ok: true });
    // Nor can a copy redacted at publish match it: that copy is scanned, as for an old record.
    const redacted = gateChecks(now, edited, true).find((c) => c.check === 'gate answer_leak');
    expect(redacted).toMatchObject({ ok: true, detail: 'PASS, recomputed the same' });
  });
});
