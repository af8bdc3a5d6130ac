/**
 * @modelcontextprotocol/server-everything (a real server nobody here wrote) through `fitness-report
 * run`, offline, over stdio and over Streamable HTTP on loopback (PORT, nothing else in its
 * environment: its get-env tool prints the whole environment). What each really gets: a refusal,
 * and only one whose reason the run's own exploration ledger supports; every count in each record
 * re-derived from the tapes and the suite, every verdict recomputed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/audit/execute.js';
import { executeRuns } from '../../src/audit/index.js';
import { everythingHttpRun } from '../../src/audit/real.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { suiteOf } from '../support/run/run-files.js';
import { sharedEverythingStdioRun } from './shared/shared-runs.js';

const out = mkdtempSync(join(tmpdir(), 'real-everything-'));
let stdio: RunReport;
let http: RunReport;

beforeAll(async () => {
  // The stdio run is the one board-redaction publishes, made once for both (shared/shared-runs.ts).
  [stdio, [http]] = (await Promise.all([
    sharedEverythingStdioRun(),
    executeRuns([everythingHttpRun()], { outDir: out }),
  ])) as [RunReport, [RunReport]];
}, 300_000);

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

describe.each([
  ['stdio', () => stdio],
  ['HTTP', () => http],
])('server-everything over %s', (_transport, get) => {
  it('refuses, never scores, and its own ledger supports the refusal among 13 tools', () => {
    const report = get();
    expect(report.error).toBeUndefined();
    expect(report.record?.surface?.toolCount).toBe(13);
    // With the fact layer its demo texts give enough tasks to drive; the offline runner cannot
    // settle them without extensions. Before it, too few tasks (INSUFFICIENT_SURFACE suite_size).
    expect(report.obtained).toMatchObject({
      outcome: 'EXTEND_EXHAUSTED',
      gate: 'construct',
      reason: 'extend_exhausted_zero_policy',
    });
    const ledger = report.record?.exploration;
    if (ledger === undefined) throw new Error('no exploration ledger');
    // The ledger accounts for every tool, and the registered count is what it produced, no more.
    expect(ledger.tools).toHaveLength(13);
    expect(report.record?.suite?.registered).toBeLessThanOrEqual(ledger.produced);
    for (const tool of ledger.tools) {
      if (tool.candidates > 0) continue;
      expect(tool.skipped, tool.tool).toBeDefined();
      if (!tool.explorable) expect(tool.calls, tool.tool).toBe(0);
    }
    expect(ledger.tools.filter((t) => t.explorable && t.calls > 0).length).toBeGreaterThanOrEqual(8);
  });

  it('its tasks come only from environment and demo constants', () => {
    const report = get();
    const suite = suiteOf(report.dir ?? '');
    const tools = new Set(suite.tasks.flatMap((t) => t.expectedTools));
    const demo = ['get-env', 'get-structured-content', 'get-annotated-message', 'get-resource-links'];
    // Echoes and computations (the fact layer reads their one-line answers): no stored data either.
    for (const tool of tools) expect([...demo, 'trigger-long-running-operation', 'get-sum']).toContain(tool);
  });

  it('record, suite and tapes agree on every count, and verify recomputes every verdict', async () => {
    const report = get();
    expect(report.agreements?.filter((a) => !a.ok)).toEqual([]);
    const verified = await verifyFitnessRun(report.dir ?? '');
    expect(verified.problems).toEqual([]);
  });
});

describe('server-everything over HTTP, protocol', () => {
  it('negotiates the 2025-11-25 revision and accepts a foreign Origin (it listens on every interface)', () => {
    const probes = http.record?.probes ?? [];
    expect(http.record?.surface?.revision).toBe('2025-11-25');
    expect(probes.find((p) => p.id === 'origin-check')?.pass).toBe(false);
  });

  it('was given nothing but PATH and PORT, so get-env published no other variable', () => {
    const wire = readFileSync(join(http.dir ?? '', 'wire.jsonl'), 'utf8');
    expect(wire).toContain('PORT');
    for (const name of ['HOME', 'USER', 'NODE_OPTIONS', 'npm_config_cache'])
      expect(wire, name).not.toContain(`\\"${name}\\"`);
  });
});
