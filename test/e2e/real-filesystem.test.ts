/**
 * @modelcontextprotocol/server-filesystem (a real server nobody here wrote) through `fitness-report
 * run`, offline, allowed one temporary directory seeded with 24 files in nested folders, most of
 * them with "Label: value" lines. What it really gets, and why, asserted from the record, the suite
 * and the tapes; every count in the record re-derived from the tapes and the suite, and every
 * verdict recomputed by verify.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/audit/execute.js';
import { executeRuns } from '../../src/audit/index.js';
import { filesystemRun, serverEntry } from '../../src/audit/real.js';
import { FILESYSTEM_SEED } from '../../src/audit/real-seeds.js';
import { openSession } from '../../src/connect/session.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { executePlan } from '../../src/suite/plan.js';
import { SuiteFile } from '../../src/suite/suite-file.js';
import type { ToolCaller } from '../../src/suite/surface.js';
import { pairExchanges } from '../../src/tape/pairing.js';
import { readTape } from '../../src/tape/reader.js';

const out = mkdtempSync(join(tmpdir(), 'real-fs-'));
let report: RunReport;
let suite: SuiteFile;

beforeAll(async () => {
  [report] = (await executeRuns([filesystemRun()], { outDir: out })) as [RunReport];
  suite = SuiteFile.parse(JSON.parse(readFileSync(join(report.dir ?? '', 'suite.json'), 'utf8')));
}, 300_000);

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

describe('server-filesystem over stdio, 24 seeded files', () => {
  it('is SCORED offline with at least 16 registered tasks', () => {
    expect(Object.keys(FILESYSTEM_SEED).length).toBeGreaterThanOrEqual(20);
    expect(report.error).toBeUndefined();
    expect(report.obtained?.outcome).toBe('SCORED');
    expect(report.record?.surface?.toolCount).toBe(14);
    expect(report.record?.suite?.registered ?? 0).toBeGreaterThanOrEqual(16);
    expect(report.record?.identity.generator).toEqual({ name: 'explore', version: '2' });
    expect(report.record?.score?.firstTry.n ?? 0).toBeGreaterThanOrEqual(48);
  });

  it('explored from the allowed directory it was given (derived from argv) to the files, reading but never writing', async () => {
    const given = report.record?.exploration?.given ?? [];
    expect(given[0]).toEqual(expect.objectContaining({ origin: 'derived', source: 'argv[2]' }));
    // The folder's own files are context too (src/run/folder-files.ts), each named by its path in it.
    for (const g of given.slice(1)) {
      expect(g).toMatchObject({ origin: 'derived', source: 'in argv[2]' });
      expect(g.value).toBe(join(given[0]?.value ?? '', g.name));
    }
    const wire = await readTape(join(report.dir ?? '', 'wire.jsonl'));
    const explored = pairExchanges(wire.records).exchanges.filter(
      (e) => e.method === 'tools/call' && e.corrId === 'generate',
    );
    const tools = new Set(explored.filter((e) => e.outcome === 'result').map((e) => e.tool));
    for (const tool of ['list_directory', 'read_text_file', 'directory_tree', 'get_file_info'])
      expect(tools.has(tool), tool).toBe(true);
    for (const tool of ['write_file', 'edit_file', 'move_file', 'create_directory'])
      expect(tools.has(tool), tool).toBe(false);
    const ledger = new Map((report.record?.exploration?.tools ?? []).map((t) => [t.tool, t]));
    expect(ledger.get('read_text_file')).toMatchObject({ basis: 'declared', explorable: true });
    expect(ledger.get('write_file')).toMatchObject({ basis: 'none', explorable: false, calls: 0 });
  });

  it('grounds every key by execution, and each is stable: the plan re-run returns it', async () => {
    const target = report.record?.identity.target.description ?? '';
    expect(target).toContain('server-filesystem');
    // The seeded directory is removed after the run; re-create the same files to re-run the plans.
    const dir = given(report);
    for (const [path, text] of Object.entries(FILESYSTEM_SEED)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const session = await openSession({
      kind: 'stdio',
      argv: [process.execPath, serverEntry('@modelcontextprotocol/server-filesystem'), dir],
    });
    try {
      const caller: ToolCaller = async (name, args) => {
        const outcome = await session.callTool(name, args, { corrId: 'recheck', timeoutMs: 20_000 });
        return outcome.kind === 'result'
          ? { kind: 'result', result: outcome.result }
          : { kind: 'error', message: outcome.kind };
      };
      for (const task of [...suite.tasks, ...suite.reserve]) {
        const again = await executePlan(task, caller);
        expect(again.ok, task.id).toBe(true);
        if (again.ok) expect(again.answerKey, task.id).toEqual(task.answerKey);
      }
    } finally {
      await session.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('explains every failed first try of its drive by a finding, or lists it as unexplained', () => {
    const block = report.record?.findings;
    const first = report.record?.score?.firstTry;
    const failures = block?.failures;
    if (block === undefined || failures === undefined || first === undefined)
      throw new Error('no failures block');
    expect(failures.failedFirstTry).toBe(first.n - first.k);
    const ids = new Set(block.findings.map((f) => f.id));
    for (const t of failures.trials) {
      expect(t.evidence.length, t.trial).toBeGreaterThan(0);
      if (t.cause !== 'unexplained')
        expect(ids.has(t.finding ?? ''), `${t.trial} cites ${t.finding}`).toBe(true);
    }
    // The tasks on read_media_file and directory_tree that fail each get a cause or stand unexplained.
    const tasks = new Map([...suite.tasks, ...suite.reserve].map((t) => [t.id, t]));
    for (const t of failures.trials)
      if (
        ['read_media_file', 'directory_tree'].some((tool) =>
          tasks.get(t.taskId)?.expectedTools.includes(tool),
        )
      )
        expect(t.cause === 'unexplained' || t.finding !== undefined, t.trial).toBe(true);
  });

  it("proposes nothing against the server's own deprecation: read_file is neither rewritten nor recommended", () => {
    // read_file's description begins "DEPRECATED: Use read_text_file instead." (src/findings/guidance.ts).
    const proposals = report.record?.findings?.proposals ?? [];
    for (const p of proposals) {
      expect(p.tool, `${p.source} proposal`).not.toBe('read_file');
      const added = [
        p.description,
        ...(p.edits ?? []).map((e) => e.text),
        ...p.parameters.map((x) => x.description),
      ];
      for (const text of added) expect(text, `${p.tool}: ${text}`).not.toMatch(/\buse read_file\b/i);
    }
  });

  it('record, suite and tapes agree on every count, and verify recomputes every verdict', async () => {
    expect(report.agreements?.filter((a) => !a.ok)).toEqual([]);
    expect(report.agreements?.length ?? 0).toBeGreaterThan(10);
    const verified = await verifyFitnessRun(report.dir ?? '');
    expect(verified.problems).toEqual([]);
  });
});

function given(r: RunReport): string {
  const value = r.record?.exploration?.given[0]?.value;
  if (value === undefined) throw new Error('no given directory');
  return value;
}
