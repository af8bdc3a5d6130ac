/**
 * @modelcontextprotocol/server-filesystem (a real server nobody here wrote) through `fitness-report
 * run`, offline, allowed one temporary directory seeded with a few files. What it really gets, and
 * why, asserted from the record, the suite and the tapes; every count in the record re-derived
 * from the tapes and the suite, and every verdict recomputed by verify.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRuns, filesystemRun, type RunReport } from '../../src/audit/index.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { pairExchanges } from '../../src/tape/pairing.js';
import { readTape } from '../../src/tape/reader.js';

const out = mkdtempSync(join(tmpdir(), 'real-fs-'));
let report: RunReport;

beforeAll(async () => {
  [report] = (await executeRuns([filesystemRun()], { outDir: out })) as [RunReport];
}, 300_000);

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

describe('server-filesystem over stdio', () => {
  it('is INSUFFICIENT_SURFACE: below the minimum suite size', () => {
    expect(report.error).toBeUndefined();
    expect(report.obtained).toMatchObject({
      outcome: 'INSUFFICIENT_SURFACE',
      gate: 'suite_size',
      reason: 'below_minimum_suite_size',
    });
    expect(report.record?.surface?.toolCount).toBe(14);
    expect(report.record?.suite?.registered ?? 99).toBeLessThan(8);
    expect(Object.hasOwn(report.record ?? {}, 'score')).toBe(false);
  });

  it('because every read but one needs a path, and the one without arguments answers in prose', async () => {
    const wire = await readTape(join(report.dir ?? '', 'wire.jsonl'));
    const explored = pairExchanges(wire.records).exchanges.filter(
      (e) => e.method === 'tools/call' && e.corrId === 'generate',
    );
    const answered = explored.filter((e) => e.outcome === 'result').map((e) => e.tool);
    expect(answered).toContain('list_allowed_directories');
    // read_multiple_files reports its missing files inside a successful result; nothing else answered.
    for (const tool of answered) expect(['list_allowed_directories', 'read_multiple_files']).toContain(tool);
    // Every other read-only tool was tried with a schema-derived path that does not exist.
    const failed = new Set(explored.filter((e) => e.outcome === 'tool-error').map((e) => e.tool));
    for (const tool of [
      'read_text_file',
      'list_directory',
      'directory_tree',
      'get_file_info',
      'search_files',
    ])
      expect(failed.has(tool), tool).toBe(true);
    // Writes are never explored.
    expect(explored.map((e) => e.tool)).not.toContain('write_file');
    expect(report.record?.suite?.candidates).toBe(1);
  });

  it('record, suite and tapes agree on every count, and verify recomputes every verdict', async () => {
    expect(report.agreements?.filter((a) => !a.ok)).toEqual([]);
    expect(report.agreements?.length ?? 0).toBeGreaterThan(10);
    const verified = await verifyFitnessRun(report.dir ?? '');
    expect(verified.problems).toEqual([]);
  });
});
