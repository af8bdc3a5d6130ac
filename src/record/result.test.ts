import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonText } from '../core/escape/json.js';
import { summarize } from '../core/issues.js';
import { ProbeReport } from './probe-report.js';
import { RESULT_SCHEMA, RunReport, runReport, VerifyReport, verifyReport } from './result.js';
import { RunRecord } from './run.js';

const record = (name: string): RunRecord =>
  RunRecord.parse(JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')));
const where = { dir: '/runs/x', recordPath: '/runs/x/record.json', recordSha256: 'a'.repeat(64) };
/** What a reader of the printed document gets: the text parsed back through the schema. */
const roundTrip = <T>(schema: { parse(v: unknown): T }, value: T): T =>
  schema.parse(JSON.parse(jsonText(value)));
const problem = (schema: typeof RunReport | typeof VerifyReport, value: unknown): string => {
  const r = schema.safeParse(value);
  return r.success ? 'valid' : summarize(r.error.issues);
};

describe('RunReport (run --json)', () => {
  it('a SCORED record: the first-try block copied whole from the record, both intervals, exit 0', () => {
    const scored = record('v2-scored.json');
    const report = runReport(scored, where);
    expect(report).toMatchObject({ schema: RESULT_SCHEMA, command: 'run', outcome: 'SCORED', exitCode: 0 });
    expect(report.firstTry).toBe(scored.score?.firstTry);
    expect(report.tasks).toBe(scored.score?.tasks);
    expect(report).not.toHaveProperty('refusal');
    expect(report).not.toHaveProperty('void');
    expect(roundTrip(RunReport, report)).toEqual(report);
  });

  it('refused and VOID records carry their block and their exit code', () => {
    for (const name of [
      'v2-degenerate-null.json',
      'v2-insufficient-surface.json',
      'v2-gate-failed-construct.json',
    ]) {
      const refused = record(name);
      const report = runReport(refused, where);
      expect(report.exitCode, name).toBe(1);
      expect(report.refusal, name).toEqual(refused.refusal);
      expect(report, name).not.toHaveProperty('firstTry');
      expect(roundTrip(RunReport, report), name).toEqual(report);
    }
    const voided = record('v2-void.json');
    const report = runReport(voided, where);
    expect(report).toMatchObject({ outcome: 'VOID', exitCode: 3, void: voided.void });
    expect(roundTrip(RunReport, report)).toEqual(report);
  });

  it('refuses a document whose parts disagree with its outcome', () => {
    const scored = runReport(record('v2-scored.json'), where);
    expect(problem(RunReport, { ...scored, exitCode: 1 })).toContain('exitCode');
    const { firstTry: _gone, ...noRate } = scored;
    expect(problem(RunReport, noRate)).toContain('firstTry');
    const voided = runReport(record('v2-void.json'), where);
    expect(problem(RunReport, { ...voided, void: undefined })).toContain('void');
    expect(problem(RunReport, { ...scored, schema: 'fitness-report.result/2' })).toContain('schema');
    expect(problem(RunReport, { ...scored, record: { ...scored.record, sha256: 'nope' } })).toContain(
      'sha256',
    );
  });
});

describe('VerifyReport (verify --json)', () => {
  const checks = [
    { check: 'signature', ok: true, detail: 'Ed25519 over the manifest' },
    { check: 'files', ok: true, detail: '9 files' },
  ];

  it('ok exactly when every check holds; the signer says whether and why it is trusted', () => {
    const trusted = verifyReport(checks, { keyid: 'ed25519:k', trusted: 'own publisher key' });
    expect(trusted).toMatchObject({ ok: true, exitCode: 0 });
    expect(trusted.signer).toEqual({ keyid: 'ed25519:k', trusted: true, trustedAs: 'own publisher key' });
    expect(roundTrip(VerifyReport, trusted)).toEqual(trusted);
    const failing = verifyReport([...checks, { check: 'signer', ok: false, detail: 'not a key you trust' }], {
      keyid: 'ed25519:k',
    });
    expect(failing).toMatchObject({ ok: false, exitCode: 1, signer: { keyid: 'ed25519:k', trusted: false } });
    expect(failing.signer).not.toHaveProperty('trustedAs');
    expect(roundTrip(VerifyReport, failing)).toEqual(failing);
    expect(verifyReport(checks).signer).toBeNull();
  });

  it('a detail with control characters survives the printed text unchanged', () => {
    const report = verifyReport([{ check: 'files', ok: false, detail: 'x\u001b[31m\u202e\nred ##[error]' }]);
    const text = jsonText(report);
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\u202e');
    expect(text).not.toContain('##[');
    expect(roundTrip(VerifyReport, report)).toEqual(report);
  });

  it('refuses an ok that some check contradicts, and a trust reason on an untrusted signer', () => {
    const report = verifyReport([{ check: 'files', ok: false, detail: 'mismatch' }]);
    expect(problem(VerifyReport, { ...report, ok: true, exitCode: 0 })).toContain('ok');
    const signer = { keyid: 'ed25519:k', trusted: false, trustedAs: '--trust' };
    expect(problem(VerifyReport, { ...report, signer })).toContain('trustedAs');
  });
});

describe('ProbeReport (probe --json)', () => {
  it('round-trips with its baseline block', () => {
    const report: ProbeReport = {
      schema: RESULT_SCHEMA,
      command: 'probe',
      exitCode: 1,
      target: 'node server.js',
      session: { protocolVersion: '2026-07-28', era: 'modern', transportShape: 'stdio' },
      summary: { checked: 2, passed: 1, failed: 1, couldNotCheck: 0 },
      probes: [
        { id: 'unknown-method', applies: true, pass: false, detail: 'bad', evidence: {}, tapeRefs: [] },
        { id: 'tool-names', applies: true, pass: true, detail: 'ok', evidence: {}, tapeRefs: [] },
      ],
      tape: null,
      baseline: {
        file: 'expected.yml',
        expectedFailures: [],
        unexpectedFailures: ['unknown-method'],
        staleEntries: ['tool-names'],
        notChecked: [],
      },
    };
    expect(roundTrip(ProbeReport, report)).toEqual(report);
    expect(ProbeReport.safeParse({ ...report, command: 'run' }).success).toBe(false);
  });
});
