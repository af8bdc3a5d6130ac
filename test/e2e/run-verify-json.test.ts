/**
 * `run --json` and `verify --json` end to end through the CLI on planted servers (the SCORED one
 * served in memory through the run command's own parse and run), offline:
 * stdout carries exactly one `fitness-report.result/1` document (read back through its schema) and
 * nothing else; the progress, the outcome line and the verify table go to stderr. The numbers in the
 * document are the record's own, compared with the record read from disk.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { sha256Hex } from '../../src/core/canonical.js';
import { RunReport, VerifyReport } from '../../src/record/result.js';
import { RUN_FILES } from '../../src/tape/file-names.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { captureIO, loadRun, outDir, runCommandOn, server } from './run/helpers.js';

/** One document on stdout, parsed with `schema`; equal to what was printed, so the schema declares all of it. */
function documentOf<T>(stdout: readonly string[], schema: { parse(value: unknown): T }): T {
  expect(stdout).toHaveLength(1);
  const printed: unknown = JSON.parse(stdout[0] ?? '');
  const parsed = schema.parse(printed);
  expect(parsed).toEqual(printed);
  return parsed;
}

describe('run --json and verify --json', () => {
  const out = outDir();
  let scoredDir = '';

  it('a SCORED run: the document has the outcome, both intervals from the record, the record path and hash', async () => {
    const io = captureIO();
    // Served in memory (test/support/planted-memory.ts): the subject is the document, not the process.
    const target = plantedInMemory('well-made');
    const code = await runCommandOn(target, ['--json', '--seed', '1', '--out', out], io).finally(() =>
      target.closeAll(),
    );
    expect(code, io.stderr.join('\n')).toBe(0);
    const report = documentOf(io.stdout, RunReport);
    expect(report).toMatchObject({
      schema: 'fitness-report.result/1',
      command: 'run',
      outcome: 'SCORED',
      exitCode: 0,
    });
    scoredDir = report.dir;
    const { record } = await loadRun(report.dir);
    expect(report.runId).toBe(record.runId);
    expect(report.record.path).toBe(join(report.dir, RUN_FILES.record));
    expect(report.record.sha256).toBe(sha256Hex(readFileSync(report.record.path)));
    expect(report.firstTry).toEqual(record.score?.firstTry);
    expect(report.firstTry?.clustered?.wilson.lower).toBeTypeOf('number');
    expect(report.firstTry?.wilson.lower).toBeTypeOf('number');
    expect(report.tasks).toBe(record.score?.tasks);
    expect(report).not.toHaveProperty('refusal');
    // The person's lines: progress, the outcome line and the run line, all on stderr.
    const stderr = io.stderr.join('\n');
    expect(stderr).toMatch(/^SCORED first-try \d+\/\d+ = /m);
    expect(stderr).toContain(`run: ${report.dir}`);
    expect(stderr).toContain(`record: ${report.record.path}`);
  }, 600_000);

  it('a refused run: exit 1, the refusal block as the record has it, no rate', async () => {
    const io = captureIO();
    const code = await main(['run', '--json', '--out', out, '--', 'node', ...server('thin')], io);
    expect(code, io.stderr.join('\n')).toBe(1);
    const report = documentOf(io.stdout, RunReport);
    expect(report).toMatchObject({ outcome: 'INSUFFICIENT_SURFACE', exitCode: 1 });
    const { record } = await loadRun(report.dir);
    expect(report.refusal).toEqual(record.refusal);
    expect(report.refusal).toMatchObject({ gate: 'suite_size', reason: 'below_minimum_suite_size' });
    expect(report).not.toHaveProperty('firstTry');
    expect(io.stderr.join('\n')).toMatch(/^INSUFFICIENT_SURFACE at suite_size \(below_minimum_suite_size\)/m);
  }, 300_000);

  it('verify --json on the SCORED run: ok, the signer trusted as your own key, every check listed', async () => {
    expect(scoredDir).not.toBe('');
    const io = captureIO();
    expect(await main(['verify', '--json', scoredDir], io)).toBe(0);
    const report = documentOf(io.stdout, VerifyReport);
    expect(report).toMatchObject({ command: 'verify', ok: true, exitCode: 0 });
    expect(report.signer).toMatchObject({ trusted: true, trustedAs: 'own publisher key' });
    expect(report.checks.map((c) => c.check)).toEqual(
      expect.arrayContaining(['signature', 'signer', 'files']),
    );
    expect(report.checks.every((c) => c.ok)).toBe(true);
    const stderr = io.stderr.join('\n');
    expect(stderr).toMatch(/^check\s+result\s+detail$/m);
    expect(stderr).toMatch(/^verified$/m);
  }, 120_000);

  it('verify --json on a tampered copy: exit 1, not ok, the files check failing, the table on stderr', async () => {
    expect(scoredDir).not.toBe('');
    const copy = join(mkdtempSync(join(tmpdir(), 'json-tampered-')), 'run');
    cpSync(scoredDir, copy, { recursive: true });
    const wire = join(copy, RUN_FILES.wire);
    writeFileSync(wire, `${readFileSync(wire, 'utf8')}\n`);
    const io = captureIO();
    expect(await main(['verify', '--json', copy], io)).toBe(1);
    const report = documentOf(io.stdout, VerifyReport);
    expect(report).toMatchObject({ ok: false, exitCode: 1 });
    expect(report.checks.find((c) => c.check === 'files')).toMatchObject({ ok: false });
    expect(report.signer).toMatchObject({ trusted: true });
    expect(io.stderr.join('\n')).toMatch(/^NOT VERIFIED: \d+ problems?$/m);
  }, 120_000);
});
