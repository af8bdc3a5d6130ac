/**
 * Every planted run of the shared audit, as the pipeline writes it now: each gate record stores the
 * input its gate function was called with, `verify` decides every gate again from that input (which
 * agrees with the rest of the record), and answer_leak stores a digest of the tasks it scanned, never
 * their answer keys (suite.json holds them).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PLANTED } from '../../src/audit/index.js';
import { leakInputDigest, leakScanTasks } from '../../src/gates/answer-leak.js';
import { storedGateCall } from '../../src/run/verify-gate-input.js';
import { gateChecks } from '../../src/run/verify-gates.js';
import { readSuiteFile } from '../../src/suite/read-suite.js';
import { auditedRun, plantedAudit } from './shared/planted-audit.js';

beforeAll(async () => {
  await plantedAudit();
}, 1_200_000);

describe('gate records store their input (every planted outcome)', () => {
  it.each(PLANTED.map((p) => p.id))('%s: every gate decided again from its stored input', async (id) => {
    const { dir, record } = await auditedRun(id);
    const read = readSuiteFile(dir);
    const suite = 'suite' in read ? read.suite : undefined;
    for (const gate of record.gates) {
      expect(gate.input, gate.gate).toBeDefined();
      const call = storedGateCall(gate, record, suite);
      expect(typeof call === 'object' ? call.gate : call, gate.gate).toBe(gate.gate);
    }
    for (const row of gateChecks(record, suite).filter((c) => c.check.startsWith('gate ')))
      expect(row, `${row.check}: ${row.detail}`).toMatchObject({ ok: true });
    const leak = record.gates.find((g) => g.gate === 'answer_leak');
    if (leak?.gate !== 'answer_leak' || suite === undefined) return;
    expect(Object.keys(leak.input ?? {})).toEqual(['tasksSha256']);
    expect(leak.input?.tasksSha256).toBe(leakInputDigest(leakScanTasks([...suite.tasks, ...suite.reserve])));
  });
});
