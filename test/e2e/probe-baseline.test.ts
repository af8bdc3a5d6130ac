/**
 * `probe --json` and `probe --expected-failures FILE` end to end through the CLI's main() against
 * real planted servers: lax-headers over HTTP (header-mismatch-name and header-mismatch-method fail,
 * every other check passes) and bad-unknown-method over stdio. stdout carries the one
 * `fitness-report.result/1` document and nothing else; the table and the baseline's verdict go to
 * stderr.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startHttpServer } from '../../examples/servers/lib/launch.js';
import { main } from '../../src/cli/main.js';
import { ProbeReport } from '../../src/record/probe-report.js';
import { captureIO, server, serverFile } from './run/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'probe-baseline-'));
function baseline(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The CLI's exit code, its one stdout document read through the schema, and its stderr. */
async function probeJson(argv: string[]) {
  const io = captureIO();
  const code = await main(['probe', '--json', ...argv], io);
  expect(io.stdout, io.stderr.join('\n')).toHaveLength(1);
  const printed: unknown = JSON.parse(io.stdout[0] ?? '');
  const report = ProbeReport.parse(printed);
  // Parsing drops what the schema does not declare: equal means it declares every field printed.
  expect(report).toEqual(printed);
  expect(report.exitCode).toBe(code);
  return { code, report, stderr: io.stderr.join('\n') };
}

const SECRET = 'Bearer lax-secret-token-0042';

describe('probe --json and --expected-failures against lax-headers (HTTP)', () => {
  let lax: RunningServer;
  beforeAll(async () => {
    lax = await startHttpServer('node', [serverFile('lax-headers'), '--http']);
  });
  afterAll(async () => {
    await lax.close();
  });
  const target = () => ['--url', lax.url, '--header', `Authorization: ${SECRET}`, '--credential', 'free-key'];

  it('without a baseline: exit 1, the document on stdout, the table on stderr, no secret anywhere', async () => {
    const io = captureIO();
    const code = await main(['probe', '--json', ...target()], io);
    expect(code).toBe(1);
    const all = [...io.stdout, ...io.stderr].join('\n');
    expect(all).not.toContain('lax-secret-token-0042');
    expect(io.stdout).toHaveLength(1);
    const report = ProbeReport.parse(JSON.parse(io.stdout[0] ?? ''));
    expect(report).toMatchObject({ schema: 'fitness-report.result/1', command: 'probe', exitCode: 1 });
    expect(report).not.toHaveProperty('baseline');
    const failed = report.probes.filter((p) => p.pass === false).map((p) => p.id);
    expect(failed).toEqual(['header-mismatch-name', 'header-mismatch-method']);
    const stderr = io.stderr.join('\n');
    expect(stderr).toMatch(/^header-mismatch-name\s+yes\s+FAIL\s+/m);
    expect(stderr).toContain('9 of 11 checks passed, 2 failed, 0 could not be checked');
  }, 120_000);

  it('every failure listed: exit 0, the listed failures named expected', async () => {
    const file = baseline('both.yml', 'server:\n  - header-mismatch-name\n  - header-mismatch-method\n');
    const { code, report, stderr } = await probeJson([...target(), '--expected-failures', file]);
    expect(code).toBe(0);
    expect(report.baseline).toEqual({
      file,
      expectedFailures: ['header-mismatch-name', 'header-mismatch-method'],
      unexpectedFailures: [],
      staleEntries: [],
      notChecked: [],
    });
    expect(stderr).toContain(`expected failures (${file}): 2 of the listed probes failed as listed`);
  }, 120_000);

  it('a failure not listed is unexpected: exit 1', async () => {
    const file = baseline('one.yml', 'server:\n  - header-mismatch-name\n');
    const { code, report, stderr } = await probeJson([...target(), '--expected-failures', file]);
    expect(code).toBe(1);
    expect(report.baseline?.unexpectedFailures).toEqual(['header-mismatch-method']);
    expect(stderr).toContain(`UNEXPECTED failures (not listed in ${file}): header-mismatch-method`);
  }, 120_000);

  it('a listed probe that now passes is a stale entry: exit 1, printed and in the document', async () => {
    const file = baseline(
      'stale.yml',
      'server:\n  - header-mismatch-name\n  - header-mismatch-method\n  - unknown-method\n',
    );
    const { code, report, stderr } = await probeJson([...target(), '--expected-failures', file]);
    expect(code).toBe(1);
    expect(report.baseline?.staleEntries).toEqual(['unknown-method']);
    expect(report.baseline?.unexpectedFailures).toEqual([]);
    expect(stderr).toContain(`STALE (listed, now passing: remove from ${file}): unknown-method`);
  }, 120_000);

  it('without --json the table and the verdict are on stdout', async () => {
    const file = baseline('plain.yml', 'server: [header-mismatch-name, header-mismatch-method]\n');
    const io = captureIO();
    expect(await main(['probe', ...target(), '--expected-failures', file], io)).toBe(0);
    const stdout = io.stdout.join('\n');
    expect(stdout).toMatch(/^header-mismatch-method\s+yes\s+FAIL\s+/m);
    expect(stdout).toContain('expected: header-mismatch-name, header-mismatch-method');
    expect(io.stderr).toEqual([]);
  }, 120_000);
});

describe('a bad expected-failures file is a usage error before anything is probed', () => {
  const bad = async (file: string) => {
    const io = captureIO();
    // A target that would fail to start: reaching it would be exit 3, not 2.
    const code = await main(
      ['probe', '--json', '--expected-failures', file, '--', 'node', '/nonexistent.js'],
      io,
    );
    expect(io.stdout).toEqual([]);
    expect(io.stderr).toHaveLength(1);
    return { code, line: io.stderr[0] ?? '' };
  };

  it('an unknown probe id names the id, the file and its line', async () => {
    const file = baseline('unknown.yml', 'server:\n  - unknown-method\n  - header-mismatch\n');
    const { code, line } = await bad(file);
    expect(code).toBe(2);
    expect(line).toContain(`--expected-failures ${file}:3: unknown probe id "header-mismatch" (known: `);
  });

  it('YAML that does not parse names the file and the line', async () => {
    const file = baseline('broken.yml', 'server:\n  - unknown-method\n    bad: [\n');
    const { code, line } = await bad(file);
    expect(code).toBe(2);
    expect(line).toMatch(
      new RegExp(`--expected-failures ${file.replaceAll('.', '\\.')}:[2-4]: not YAML \\(`),
    );
  });
});

describe('probe --json over stdio (bad-unknown-method)', () => {
  it('one document on stdout; the table on stderr; exit 1 on the failing check', async () => {
    const { code, report, stderr } = await probeJson(['--', 'node', ...server('bad-unknown-method')]);
    expect(code).toBe(1);
    expect(report.session.transportShape).toBe('stdio');
    expect(report.probes.find((p) => p.id === 'unknown-method')?.pass).toBe(false);
    expect(report.summary.failed).toBe(
      report.probes.filter((p) => p.pass === false && p.counted !== false).length,
    );
    expect(stderr).toMatch(/^unknown-method\s+yes\s+FAIL\s+/m);
    expect(stderr).toMatch(/^negotiated: /m);
  }, 180_000);
});
