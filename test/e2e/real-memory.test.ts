/**
 * @modelcontextprotocol/server-memory (a real server nobody here wrote) through `fitness-report
 * run`, offline, on a temporary memory file seeded with a small knowledge graph. What it really
 * gets, and why, asserted from the record and the tapes; every count in the record re-derived from
 * the tapes and the suite, and every verdict recomputed by verify.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRuns, memoryRun, type RunReport } from '../../src/audit/index.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { pairExchanges } from '../../src/tape/pairing.js';
import { readTape } from '../../src/tape/reader.js';

const out = mkdtempSync(join(tmpdir(), 'real-memory-'));
let report: RunReport;

beforeAll(async () => {
  [report] = (await executeRuns([memoryRun()], { outDir: out })) as [RunReport];
}, 300_000);

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

describe('server-memory over stdio, seeded graph', () => {
  it('is DEGENERATE at the null baseline, before any paid call', () => {
    expect(report.error).toBeUndefined();
    expect(report.obtained).toMatchObject({
      outcome: 'DEGENERATE',
      gate: 'null_baseline',
      reason: 'noise_exceeds_signal',
    });
    const nulls = report.record?.gates.at(-1);
    expect(nulls).toMatchObject({ gate: 'null_baseline', signalSource: 'ceiling', verdict: 'KILL' });
    expect(report.record?.gates.some((g) => g.gate === 'construct')).toBe(false);
    expect(report.record?.suite?.registered).toBe(16);
  });

  it('because read_graph answers every question whatever it is asked: random arguments reach the keys', async () => {
    const nulls = report.record?.gates.at(-1);
    if (nulls?.gate !== 'null_baseline') throw new Error('the last gate is not the null baseline');
    expect(nulls.nullRates['null-random-args']?.rate ?? 0).toBeGreaterThanOrEqual(0.5);
    expect(nulls.nullRates['null-no-tools']?.k).toBe(0);
    expect(nulls.nullRates['null-stubbed-empty']?.k).toBe(0);
    const wire = await readTape(join(report.dir ?? '', 'wire.jsonl'));
    const randomCalls = pairExchanges(wire.records).exchanges.filter(
      (e) => e.method === 'tools/call' && e.corrId?.endsWith('::null-random-args'),
    );
    expect(randomCalls.length).toBeGreaterThan(0);
    // Only reads were made: the graph the keys came from is the graph every null call saw.
    for (const call of randomCalls) expect(['read_graph', 'search_nodes', 'open_nodes']).toContain(call.tool);
  });

  it('record, suite and tapes agree on every count, and verify recomputes every verdict', async () => {
    expect(report.agreements?.filter((a) => !a.ok)).toEqual([]);
    expect(report.agreements?.length ?? 0).toBeGreaterThan(10);
    const verified = await verifyFitnessRun(report.dir ?? '');
    expect(verified.problems).toEqual([]);
  });

  it('never writes the memory file path (an env value) into the record or the tapes', async () => {
    const { readFileSync } = await import('node:fs');
    for (const file of ['record.json', 'wire.jsonl', 'agent.jsonl', 'prereg.json']) {
      const text = readFileSync(join(report.dir ?? '', file), 'utf8');
      expect(text, file).not.toMatch(/fitness-memory-[A-Za-z0-9]+\/memory\.jsonl/);
    }
  });
});
