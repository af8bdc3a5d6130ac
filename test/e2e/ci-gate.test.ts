import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { RunReport } from '../../src/record/result.js';
import { readJunit, readXml } from '../support/junit.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { captureIO, outDir, runCommandOn, server } from './run/helpers.js';
import { sharedThinRun, sharedWellMadeRun } from './shared/shared-runs.js';

const runLine = (lines: readonly string[]) =>
  (lines.find((l) => l.startsWith('run: ')) ?? '').slice('run: '.length);

/** `fitness-report run` on the planted well-made server (seed 1, stdio). */
async function run(flags: readonly string[]) {
  const io = captureIO();
  const out = outDir();
  const code = await main(
    ['run', '--out', out, '--seed', '1', ...flags, '--', 'node', ...server('well-made')],
    io,
  );
  return { code, out, stdout: io.stdout, stderr: io.stderr };
}

/**
 * The same command on the same server served in memory (test/support/planted-memory.ts), or on its
 * planted regression: what is tested is the gate the command judges after the run, and the
 * baseline it is judged against is the shared run of the same command (shared/shared-runs.ts).
 */
async function runInMemory(flags: readonly string[], regress = false, env: NodeJS.ProcessEnv = {}) {
  const io = { ...captureIO(), env };
  const out = outDir();
  const target = plantedInMemory(regress ? 'well-made-regress' : 'well-made');
  try {
    const code = await runCommandOn(target, ['--out', out, '--seed', '1', ...flags], io);
    return { code, out, stdout: io.stdout, stderr: io.stderr };
  } finally {
    await target.closeAll();
  }
}

/**
 * The gate a pipeline runs on a server repository (docs/ci.md, "A gate for a pipeline"): a baseline
 * run of the planted well-made server, an unchanged run gated on it (passes: paired per task, no
 * detectable change), and the planted regression (`well-made.js --regress`: the fleet list's old
 * name back beside it, failing; one tool more, so another suite of the same server, compared
 * unpaired) gated on it: exit 1 with the verdict `worse` and its test, in the text, the JUnit (read
 * by a JUnit reader) and the step summary.
 */
describe('run --baseline --fail-on regression on a planted server and its planted regression', () => {
  let baseline = '';
  beforeAll(async () => {
    const shared = await sharedWellMadeRun();
    expect(shared.code, shared.stderr.join('\n')).toBe(0);
    baseline = runLine(shared.stdout);
  }, 600_000);

  it('refuses bad gate flags before the run starts: one line, exit 2, no run directory', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['--fail-on', 'regression'],
        /^fitness-report run: USAGE: --fail-on regression needs --baseline RUN_DIR\|URL$/,
      ],
      [['--baseline', '/no/such/run'], /^fitness-report run: USAGE: \/no\/such\/run: no such run directory$/],
      [
        ['--baseline', baseline, '--fail-on', 'noise'],
        /^fitness-report run: USAGE: --fail-on takes regression, got 'noise'$/,
      ],
      [
        ['--fail-under', '80'],
        /--fail-under needs a fraction from 0 to 1 \(0\.8\) or a percentage \(80%\), got '80'$/,
      ],
      [['--trust', 'ed25519:abc'], /--trust and --allow-untrusted on run need --baseline/],
    ];
    for (const [flags, message] of cases) {
      const r = await run(flags);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stderr).toHaveLength(1);
      expect(r.stderr[0]).toMatch(message);
      expect(readdirSync(r.out)).toEqual([]);
    }
  });

  it('passes an unchanged server: the same suite, paired per task, no detectable change; --fail-under read from the record', async () => {
    const r = await runInMemory([
      '--json',
      '--baseline',
      baseline,
      '--fail-on',
      'regression',
      '--fail-under',
      '80%',
    ]);
    expect(r.code, r.stderr.join('\n')).toBe(0);
    const doc = RunReport.parse(JSON.parse(r.stdout.join('\n')));
    const m = doc.comparison?.measured;
    expect(m?.test.design).toBe('paired');
    expect(m?.verdict).toBe('no detectable change');
    expect(doc.comparison?.a.runId).toBe(
      JSON.parse(readFileSync(join(baseline, 'record.json'), 'utf8')).runId,
    );
    expect(doc.comparison?.b.runId).toBe(doc.runId);
    // The bound is the record's, and 80% is its threshold.
    expect(doc.gate).toEqual({ failOn: 'regression', failUnder: 0.8, exitCode: 0, failures: [], notes: [] });
    expect(doc.firstTry?.clustered?.wilson.lower).toBeGreaterThanOrEqual(0.8);
    expect(r.stderr).toContain('gate: pass (fail-on regression, fail-under 0.8)');
  }, 600_000);

  it('fails the planted regression: verdict worse by its test, in the text, the JUnit and the step summary', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'ci-gate-'));
    const summary = join(tmp, 'summary.md');
    writeFileSync(summary, '');
    const junit = join(tmp, 'junit.xml');
    const r = await runInMemory(
      ['--baseline', baseline, '--fail-on', 'regression', '--junit', junit, '--github-summary'],
      true,
      { GITHUB_STEP_SUMMARY: summary },
    );
    expect(r.code, r.stderr.join('\n')).toBe(1);
    // The run itself is SCORED: it is the gate that fails it.
    expect(r.stdout[0]).toMatch(/^SCORED first-try /);
    const text = r.stdout.join('\n');
    expect(text).toContain('verdict     worse');
    expect(text).toMatch(
      /test {8}unpaired \(different suites\), Newcombe interval inverted: p = \S+ at alpha 0\.05/,
    );
    expect(text).toContain('tools added: enumerate_vessels; removed: none; changed: none');
    expect(text).toMatch(
      /^gate: FAIL regression: worse than baseline \S+ \(unpaired Newcombe interval, p = \S+ at alpha 0\.05; B − A −\d+\.\d points\)$/m,
    );

    const xml = readFileSync(junit, 'utf8');
    const report = await readJunit(xml);
    expect(report.testsuite?.map((s) => s.name)).toEqual([
      expect.stringMatching(/^fitness-report run /),
      expect.stringMatching(/^fitness-report compare /),
    ]);
    const compare = readXml(xml).children.find((s) =>
      s.attributes.name?.startsWith('fitness-report compare'),
    );
    const regression = compare?.children.find(
      (c) => c.name === 'testcase' && c.attributes.name === 'regression',
    );
    const failure = regression?.children.find((c) => c.name === 'failure');
    expect(failure?.attributes.message).toMatch(
      /^worse: B − A −\d+\.\d points \(95% −\d+\.\d to −\d+\.\d\); unpaired Newcombe interval/,
    );
    const md = readFileSync(summary, 'utf8');
    expect(md).toMatch(/### fitness-report compare \S+ \S+\n\n❌ worse: /);
    expect(md).toContain('compare: 1 failed');
    expect(r.stderr.some((l) => /^::error title=compare regression::worse: /.test(l))).toBe(true);
    expect(existsSync(runLine(r.stdout))).toBe(true);
  }, 600_000);

  it('reports a refused comparison as a refusal, not a regression: the SCORED run exits 0', async () => {
    const thin = await sharedThinRun();
    const r = await runInMemory(['--json', '--baseline', runLine(thin.stdout), '--fail-on', 'regression']);
    expect(r.code, r.stderr.join('\n')).toBe(0);
    const doc = RunReport.parse(JSON.parse(r.stdout.join('\n')));
    expect(doc.outcome).toBe('SCORED');
    expect(doc.comparison?.refusal?.reason).toBe('different_servers');
    expect(doc.gate).toMatchObject({ exitCode: 0, failures: [] });
    expect(r.stderr).toContain(
      `gate: baseline not compared (different_servers): ${doc.comparison?.refusal?.detail}; a refusal to compare, not a regression`,
    );
  }, 600_000);
});
