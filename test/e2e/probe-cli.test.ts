/**
 * `fitness-report probe` end to end: a real CLI subprocess against a stdio fixture, the CLI's main()
 * against HTTP fixtures the test starts, and the recorded tape read back through `tape stats`,
 * whose counts must agree with the frames on the tape.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RunningServer, startHttpServer } from '../../examples/servers/lib/launch.js';
import { main } from '../../src/cli/main.js';
import { ProbeReport } from '../../src/record/probe-report.js';
import { TapeStats } from '../../src/tape/stats.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'probe-cli-'));

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      out: (l: string) => out.push(l),
      err: (l: string) => err.push(l),
      cwd: process.cwd(),
      env: process.env,
    },
  };
}

interface Line {
  dir?: string;
  session?: string;
  raw?: { id?: unknown; method?: string; error?: { code: number } };
}

/** Errors by method, paired on the tape itself: each error frame against its request in the same session. */
function rpcErrorsOnTape(lines: Line[]): Map<string, number> {
  const methods = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const line of lines) {
    const key = `${line.session}|${JSON.stringify(line.raw?.id)}`;
    if (line.dir === 'in' && line.raw?.method !== undefined && line.raw.id !== undefined)
      methods.set(key, line.raw.method);
    if (line.dir === 'out' && line.raw?.error !== undefined && line.raw.id !== null) {
      const method = methods.get(key);
      if (method === undefined) continue;
      methods.delete(key);
      const name = `${method} ${line.raw.error.code}`;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  return counts;
}

async function statsOf(tape: string) {
  const captured = io();
  expect(await main(['tape', 'stats', tape, '--json'], captured.io)).toBe(0);
  return TapeStats.parse(JSON.parse(captured.out.join('\n')));
}

function readLines(tape: string): Line[] {
  return readFileSync(tape, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Line);
}

function newestSource(root: string): number {
  let newest = 0;
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function builtAt(file: string): number {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('fitness-report probe (subprocess)', () => {
  beforeAll(async () => {
    // The subprocess runs the built CLI: rebuild when any source is newer than it. tsc still emits
    // when unrelated files fail to type-check, so the emitted entry point is the signal.
    if (newestSource('src') > builtAt('dist/cli/main.js')) {
      await run('npm', ['run', 'build'], { maxBuffer: 16 * 1024 * 1024 }).catch(() => undefined);
    }
    expect(existsSync('dist/cli/main.js')).toBe(true);
  }, 240_000);

  it('probes a stdio fixture, prints the table, exits 0 and writes a tape stats agrees with', async () => {
    const tape = join(dir, 'stdio.jsonl');
    const { stdout } = await run(
      'node',
      ['bin/fitness-report.js', 'probe', '--tape', tape, '--', 'node', 'examples/servers/good.js'],
      {
        timeout: 180_000,
      },
    );
    expect(stdout).toMatch(/^negotiated: 2026-07-28 \(modern era, stdio\)$/m);
    expect(stdout).toMatch(/^unknown-method\s+yes\s+pass\s+/m);
    expect(stdout).toMatch(/^origin-check\s+no\s+could not check\s+stdio target/m);
    expect(stdout).toMatch(/^spec-currency\s+yes\s+2026-07-28\s+/m);
    expect(stdout).toContain('8 of 8 checks passed, 0 failed, 3 could not be checked');
    const lines = readLines(tape);
    const stats = await statsOf(tape);
    expect(stats.session.records.message).toBe(lines.filter((l) => l.dir === 'in' || l.dir === 'out').length);
    expect(stats.session.endReason).toBe('probes-complete');
    const onTape = rpcErrorsOnTape(lines);
    expect(new Map(stats.rpcErrorsByMethod.map((e) => [`${e.method} ${e.code}`, e.count]))).toEqual(onTape);
    expect(onTape.get('fitness-report/no-such-method -32601')).toBe(1);
    expect(onTape.get('server/discover -32022')).toBe(1);
  }, 240_000);

  it('exits 3 with one line when the target cannot be reached', async () => {
    const port = await freePort();
    const failure = await run(
      'node',
      ['bin/fitness-report.js', 'probe', '--url', `http://127.0.0.1:${port}/mcp`],
      {
        timeout: 60_000,
      },
    ).then(
      () => undefined,
      (err: { code: number; stderr: string; stdout: string }) => err,
    );
    expect(failure?.code).toBe(3);
    expect(failure?.stdout).toBe('');
    expect(failure?.stderr.trim().split('\n')).toHaveLength(1);
    expect(failure?.stderr).toContain(`127.0.0.1:${port}`);
  }, 60_000);
});

describe('fitness-report probe --url (main)', () => {
  let good: RunningServer;
  beforeAll(async () => {
    good = await startHttpServer('node', ['examples/servers/good.js', '--http']);
  });
  afterAll(async () => {
    await good.close();
  });

  it('--json: every probe passes on good.js and each finding cites real tape lines', async () => {
    const tape = join(dir, 'http.jsonl');
    const captured = io();
    expect(await main(['probe', '--url', good.url, '--json', '--tape', tape], captured.io)).toBe(0);
    const printed: unknown = JSON.parse(captured.out.join('\n'));
    const report = ProbeReport.parse(printed);
    // Parsing drops what the schema does not declare: equal means it declares every field printed.
    expect(report).toEqual(printed);
    expect(report.tape).toBe(tape);
    expect(report.session).toMatchObject({ protocolVersion: '2026-07-28', era: 'modern' });
    expect(report.summary).toEqual({ checked: 11, passed: 11, failed: 0, couldNotCheck: 0 });
    const lines = readLines(tape);
    for (const finding of report.probes) {
      expect(finding.tapeRefs.length).toBeGreaterThan(0);
      for (const ref of finding.tapeRefs) expect(lines[Number(ref.slice('wire:'.length)) - 1]).toBeDefined();
    }
    const stats = await statsOf(tape);
    const onTape = rpcErrorsOnTape(lines);
    expect(new Map(stats.rpcErrorsByMethod.map((e) => [`${e.method} ${e.code}`, e.count]))).toEqual(onTape);
    expect(onTape.get('tools/call -32020')).toBe(2);
    // The foreign Origin and Host requests are refused before any JSON-RPC handling (403, id null),
    // so on the tape they are requests without a response: pending, counted, not dropped.
    const answered = new Set(
      lines.filter((l) => l.dir === 'out').map((l) => `${l.session}|${JSON.stringify(l.raw?.id)}`),
    );
    const pending = lines.filter(
      (l) =>
        l.dir === 'in' &&
        l.raw?.id !== undefined &&
        !answered.has(`${l.session}|${JSON.stringify(l.raw?.id)}`),
    );
    expect(pending.map((l) => l.raw?.id)).toEqual(['probe-origin-foreign', 'probe-host-foreign']);
    expect(stats.pendingByMethod).toEqual([{ method: 'server/discover', count: pending.length }]);
  }, 120_000);

  it('a faulty server is a finding, not an error: exit 1 with FAIL rows', async () => {
    const lax = await startHttpServer('node', ['examples/servers/lax-headers.js', '--http']);
    try {
      const captured = io();
      expect(await main(['probe', '--url', lax.url], captured.io)).toBe(1);
      const table = captured.out.join('\n');
      expect(table).toMatch(/^header-mismatch-name\s+yes\s+FAIL\s+/m);
      expect(table).toMatch(/^header-mismatch-method\s+yes\s+FAIL\s+/m);
      expect(table).toContain('9 of 11 checks passed, 2 failed, 0 could not be checked');
    } finally {
      await lax.close();
    }
  }, 120_000);

  it('--help prints usage; a bad invocation is a one-line usage error', async () => {
    const help = io();
    expect(await main(['probe', '--help'], help.io)).toBe(0);
    expect(help.out.join('\n')).toContain('fitness-report probe [options] -- <command> [args...]');
    const bad = io();
    expect(await main(['probe', '--url', good.url, '--', 'node', 'x.js'], bad.io)).toBe(2);
    expect(bad.err).toEqual([
      expect.stringMatching(/^fitness-report probe: USAGE: probe: name exactly one target/),
    ]);
  });
});
