/**
 * A read query in SQL, end to end: a run (offline, explore/2) on a table server whose only way to
 * read rows is `read_query` taking a SQL `query` (test/e2e/fixtures/sql-tables.js). The generator
 * must offer it `SELECT * FROM <listed table> LIMIT 5`, every listed name quoted as an identifier
 * (one holds a double quote, one is not ASCII), never call the write tool, and make tasks an agent
 * can answer from the prompt: the statement is in it, the key is a row value with sibling decoys,
 * and the plan re-run on a fresh server returns the key. The subject is the generator, so the server
 * runs in memory (test/support/memory-server.ts): each session a fresh instance, as each stdio
 * process was.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { obtainedFrom } from '../../src/audit/verdict.js';
import { openSession } from '../../src/connect/session.js';
import { describeError } from '../../src/core/errors.js';
import type { RunRecord } from '../../src/record/run.js';
import { runFitness } from '../../src/run/run-fitness.js';
import { executePlan } from '../../src/suite/plan.js';
import { SuiteFile } from '../../src/suite/suite-file.js';
import type { ToolCaller } from '../../src/suite/surface.js';
import { pairExchanges } from '../../src/tape/pairing.js';
import { readTape } from '../../src/tape/reader.js';
import { memoryServer } from '../support/memory-server.js';
import { sqlTablesServer } from './fixtures/sql-tables.js';

const sqlTables = memoryServer('sql-tables', () => () => sqlTablesServer());
const out = mkdtempSync(join(tmpdir(), 'read-query-'));
/** The run as the audit's executeRuns reports one: its directory, record and outcome, or its error. */
let report: { dir?: string; record?: RunRecord; obtained?: ReturnType<typeof obtainedFrom>; error?: string };
let suite: SuiteFile;

beforeAll(async () => {
  // Seed 29, every other setting its default.
  report = await runFitness({ target: sqlTables, outDir: out, seed: 29 }).then(
    (r) => ({ dir: r.dir, record: r.record, obtained: obtainedFrom(r.record) }),
    (err: unknown) => ({ error: describeError(err) }),
  );
  suite = SuiteFile.parse(JSON.parse(readFileSync(join(report.dir ?? '', 'suite.json'), 'utf8')));
}, 300_000);

afterAll(async () => {
  await sqlTables.closeAll();
  rmSync(out, { recursive: true, force: true });
});

/** The arguments of every `tools/call` of one tool in one phase, read from the wire tape's request lines. */
function callsTo(tool: string, corrId: string): Record<string, unknown>[] {
  const lines = readFileSync(join(report.dir ?? '', 'wire.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean);
  return lines.flatMap((line) => {
    const m = JSON.parse(line) as {
      dir?: string;
      corr_id?: string;
      raw?: { method?: string; params?: { name?: string; arguments?: Record<string, unknown> } };
    };
    const call =
      m.dir === 'in' && m.corr_id === corrId && m.raw?.method === 'tools/call' && m.raw.params?.name === tool;
    return call ? [m.raw?.params?.arguments ?? {}] : [];
  });
}

const READ = /^SELECT \* FROM "((?:[^"]|"")+)" LIMIT 5$/;

describe('read_query taking SQL', () => {
  it('is offered one SELECT … LIMIT 5 per listed table, each name a quoted identifier, and never writes', async () => {
    expect(report.error).toBeUndefined();
    const wire = await readTape(join(report.dir ?? '', 'wire.jsonl'));
    const exchanges = pairExchanges(wire.records).exchanges;
    const queries = exchanges.filter((e) => e.tool === 'read_query' && e.corrId === 'generate');
    const statements = callsTo('read_query', 'generate').map((args) => String(args.query));
    expect(new Set(statements)).toEqual(
      new Set([
        'SELECT * FROM "vessels" LIMIT 5',
        'SELECT * FROM "ward ""east""" LIMIT 5',
        'SELECT * FROM "Gäste" LIMIT 5',
      ]),
    );
    for (const s of statements) expect(s).toMatch(READ);
    expect(queries.every((e) => e.outcome === 'result')).toBe(true);
    expect(exchanges.some((e) => e.tool === 'write_query')).toBe(false);
    const ledger = new Map((report.record?.exploration?.tools ?? []).map((t) => [t.tool, t]));
    expect(ledger.get('read_query')).toMatchObject({
      explorable: true,
      errors: 0,
      readQuery: { param: 'query', language: 'sql', calls: 3 },
    });
    expect(ledger.get('write_query')).toMatchObject({ explorable: false, calls: 0 });
  });

  it('makes tasks from the rows that name the statement in the prompt and give every key decoys', () => {
    expect(report.obtained?.outcome).toBe('SCORED');
    const reads = [...suite.tasks, ...suite.reserve].filter((t) => t.plan.at(-1)?.tool === 'read_query');
    expect(reads.length).toBeGreaterThanOrEqual(8);
    for (const task of reads) {
      const statement = String(task.plan.at(-1)?.arguments.query);
      expect(statement).toMatch(READ);
      expect(task.prompt).toContain(`query '${statement}'`);
      expect(task.check.kind).toBe('contains');
      if (task.check.kind === 'contains') expect(task.check.decoys?.length ?? 0).toBeGreaterThan(0);
    }
    const keys = new Map<string, number>();
    for (const t of suite.tasks) keys.set(String(t.answerKey), (keys.get(String(t.answerKey)) ?? 0) + 1);
    expect(Math.max(...keys.values()) / suite.tasks.length).toBeLessThanOrEqual(0.25);
  });

  it('the plan re-run on a fresh server returns each read task its key', async () => {
    const session = await openSession(sqlTables);
    try {
      const caller: ToolCaller = async (name, args) => {
        const outcome = await session.callTool(name, args, { corrId: 'recheck', timeoutMs: 20_000 });
        return outcome.kind === 'result'
          ? { kind: 'result', result: outcome.result }
          : { kind: 'error', message: outcome.kind };
      };
      for (const task of suite.tasks.filter((t) => t.plan.at(-1)?.tool === 'read_query')) {
        const again = await executePlan(task, caller);
        expect(again.ok, task.id).toBe(true);
        if (again.ok) expect(again.answerKey, task.id).toEqual(task.answerKey);
      }
    } finally {
      await session.close();
    }
  });
});
