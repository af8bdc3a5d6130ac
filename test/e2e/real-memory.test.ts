/**
 * @modelcontextprotocol/server-memory (a real server nobody here wrote) through `fitness-report
 * run`, offline, on a temporary memory file seeded with a 12-entity knowledge graph (and, as the run
 * is shared, one entity more whose observations carry planted credentials). What it really gets, and
 * why, asserted from the record and the tapes; every count in the record re-derived from the tapes
 * and the suite, and every verdict recomputed by verify.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/audit/execute.js';
import { MEMORY_SEED } from '../../src/audit/real-seeds.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { pairExchanges } from '../../src/tape/pairing.js';
import { readTape } from '../../src/tape/reader.js';
import { dishonestEvidence, dishonestFailures } from '../support/findings-honesty.js';
import { preregOf, suiteOf } from '../support/run/run-files.js';
import { sharedMemoryRun } from './shared/memory-secrets.js';

let report: RunReport;

// The same run board-custody, board-redaction and server-pool read, made once for all
// (shared/memory-secrets.ts).
beforeAll(async () => {
  report = await sharedMemoryRun();
}, 300_000);

function lastNulls() {
  const nulls = report.record?.gates.filter((g) => g.gate === 'null_baseline').at(-1);
  if (nulls?.gate !== 'null_baseline') throw new Error('no null baseline decision');
  return nulls;
}

describe('server-memory over stdio, a seeded graph of 12 entities and one with planted credentials', () => {
  it('is SCORED (not DEGENERATE) with 16 registered tasks', () => {
    expect(MEMORY_SEED.filter((e) => e.type === 'entity').length).toBeGreaterThanOrEqual(10);
    expect(report.error).toBeUndefined();
    expect(report.obtained?.outcome).toBe('SCORED');
    expect(report.record?.suite?.registered).toBe(16);
    expect(report.record?.gates.map((g) => g.verdict)).not.toContain('KILL');
  });

  it('counts a random-args trial on read_graph {} as not applicable: the randomised call is the real call', async () => {
    const rate = lastNulls().nullRates['null-random-args'];
    expect(rate?.notApplicable ?? 0).toBeGreaterThan(0);
    expect(rate?.n ?? 0).toBeGreaterThan(0);
    expect((rate?.n ?? 0) + (rate?.notApplicable ?? 0)).toBe(16);
    const wire = await readTape(join(report.dir ?? '', 'wire.jsonl'));
    const randomCalls = pairExchanges(wire.records).exchanges.filter(
      (e) => e.method === 'tools/call' && e.corrId?.endsWith('::null-random-args'),
    );
    expect(randomCalls.some((c) => c.tool === 'read_graph')).toBe(true);
    // Only reads were made: the graph the keys came from is the graph every null call saw.
    for (const call of randomCalls) expect(['read_graph', 'search_nodes', 'open_nodes']).toContain(call.tool);
  });

  it('listing keys carry decoys, so pasting the whole graph is no answer', () => {
    const suite = suiteOf(report.dir ?? '');
    const fromGraph = suite.tasks.filter((t) => t.plan.length === 1 && t.plan[0]?.tool === 'read_graph');
    expect(fromGraph.length).toBeGreaterThan(0);
    for (const { check } of fromGraph) {
      if (check.kind !== 'contains') throw new Error(`a listing key checked by ${check.kind}, not contains`);
      expect(check.decoys?.length ?? 0).toBeGreaterThan(0);
    }
  });

  it('record, suite and tapes agree on every count, and verify recomputes every verdict', async () => {
    expect(report.agreements?.filter((a) => !a.ok)).toEqual([]);
    expect(report.agreements?.length ?? 0).toBeGreaterThan(10);
    const verified = await verifyFitnessRun(report.dir ?? '');
    expect(verified.problems).toEqual([]);
  });

  it('writes findings whose every evidence line the wire tape bears out', async () => {
    const block = report.record?.findings;
    if (block === undefined) throw new Error('a run that drove carries findings');
    expect(block.drive.trials).toBe(report.record?.score?.firstTry.n);
    const wire = await readTape(join(report.dir ?? '', 'wire.jsonl'));
    expect(dishonestEvidence(block, wire)).toEqual([]);
    // server-memory annotates its tools: any annotation finding names one the tools/list left bare.
    for (const f of block.findings) expect(f.evidence.length).toBeGreaterThan(0);
    for (const p of block.proposals) expect(p.source).toBe('rules');
  });

  it('explains every failed first try by a finding, or lists it as unexplained with lines of its own trial', async () => {
    const block = report.record?.findings;
    const first = report.record?.score?.firstTry;
    if (block?.failures === undefined || first === undefined) throw new Error('no failures block');
    expect(block.failures.failedFirstTry).toBe(first.n - first.k);
    const ids = new Set(block.findings.map((f) => f.id));
    for (const t of block.failures.trials)
      if (t.cause !== 'unexplained')
        expect(ids.has(t.finding ?? ''), `${t.trial} cites ${t.finding}`).toBe(true);
    const wire = await readTape(join(report.dir ?? '', 'wire.jsonl'));
    const agent = await readTape(join(report.dir ?? '', 'agent.jsonl'));
    expect(dishonestFailures(block, wire, agent)).toEqual([]);
  });

  it('records the memory file path (an --env value is configuration) as derived given context', () => {
    const prereg = preregOf(report.dir ?? '');
    const derived = prereg.given?.find((g) => g.source === 'env MEMORY_FILE_PATH');
    expect(derived?.origin).toBe('derived');
    expect(derived?.value).toMatch(/fitness-memory-[A-Za-z0-9]+\/memory\.jsonl$/);
  });
});
