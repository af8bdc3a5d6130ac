import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { trialCorrId } from '../../src/tape/corr-id.js';
import { actingIn } from '../support/hostile-strings.js';
import { readJunit, readXml, type XmlElement } from '../support/junit.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { captureIO, loadRun, outDir, runCommandOn, server } from './run/helpers.js';

/** The runner's decoding of a workflow command's data and property values. */
const decode = (s: string) =>
  s.replace(/%(25|0D|0A|3A|2C)/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
const COMMAND = /^::(error|warning|notice) title=([^:]*)::(.*)$/;

/** A GitHub Actions step as the run sees it: a fresh step-summary file named by the variable. */
function actionsIO() {
  const tmp = mkdtempSync(join(tmpdir(), 'ci-formats-'));
  const summary = join(tmp, 'step-summary.md');
  writeFileSync(summary, '# earlier step\n');
  return { io: { ...captureIO(), env: { GITHUB_STEP_SUMMARY: summary } }, summary, tmp };
}

const cases = (suite: XmlElement | undefined) => (suite?.children ?? []).filter((e) => e.name === 'testcase');

/**
 * `run` and `probe` with `--junit` and `--github-summary` on planted servers, under a simulated
 * `$GITHUB_STEP_SUMMARY`: the JUnit a JUnit reader reads (junit2json) and a strict XML 1.0 parser
 * accepts (saxes), its counts against the record, the summary appended as Markdown, the
 * annotations on stderr. The hostile-names server puts markup, controls and workflow commands in
 * the names the reports quote.
 */
describe('run --junit --github-summary on the hostile-names server', () => {
  const ci = actionsIO();
  const junit = join(ci.tmp, 'report.xml');
  let dir = '';
  let code = -1;
  // The run command on the server in memory: its subject is what the reports make of the run.
  const target = plantedInMemory('hostile-names');
  afterAll(() => target.closeAll());

  beforeAll(async () => {
    // The small registration hostile-names.test.ts uses: 16 tasks, one drive trial each.
    const argv = ['--out', outDir(), '--seed', '1', '--reps-drive', '1', '--no-screen'];
    code = await runCommandOn(target, [...argv, '--junit', junit, '--github-summary'], ci.io);
    dir = (ci.io.stdout.find((l) => l.startsWith('run: ')) ?? '').replace(/^run: /, '');
  }, 300_000);

  it('writes JUnit a JUnit reader counts as the record says: a case per gate decision, probe and task', async () => {
    expect(code, ci.io.stderr.join('\n')).toBe(0);
    const { record } = await loadRun(dir);
    const xml = readFileSync(junit, 'utf8');
    const report = await readJunit(xml);
    const score = record.score;
    if (!score) throw new Error('no score');
    const failedTasks = score.perTask.filter((t) => !t.passHatK).length;
    const failedProbes = record.probes.filter((p) => p.pass === false && p.counted !== false).length;
    expect(report.testsuite).toHaveLength(1);
    expect(report.testsuite?.[0]).toMatchObject({
      tests: record.gates.length + record.probes.length + score.perTask.length,
      failures: failedTasks + failedProbes,
      errors: 0,
    });
    // The hostile tool names fail the tool-names probe, and its detail reaches the report inert.
    expect(failedProbes).toBeGreaterThan(0);
    const suite = readXml(xml).children[0];
    const props = Object.fromEntries(
      (suite?.children.find((e) => e.name === 'properties')?.children ?? []).map((p) => [
        p.attributes.name,
        p.attributes.value,
      ]),
    );
    expect(props).toMatchObject({
      run: record.runId,
      outcome: 'SCORED',
      'first try': `${score.firstTry.k}/${score.firstTry.n}`,
    });
    const probeFailure = cases(suite)
      .filter((c) => c.attributes.classname === 'probe')
      .flatMap((c) => c.children.filter((e) => e.name === 'failure'));
    const detail = record.probes.find((p) => p.pass === false)?.detail ?? '';
    expect(detail).toContain('<img src=x onerror=alert(1)>');
    expect(probeFailure[0]?.attributes.message).toBe(detail);
  });

  it('links each task to its trial’s first line on the agent tape', async () => {
    const { record, tapes } = await loadRun(dir);
    const suite = readXml(readFileSync(junit, 'utf8')).children[0];
    // The offline runner fails most of this server's tasks (its names are the point, not its tools).
    const task = record.score?.perTask.find((t) => !t.passHatK);
    if (!task) throw new Error('no failed task');
    const lineOfTask = tapes.agent.records.find(
      (r) => r.type === 'turn' && r.value.corr_id === trialCorrId(task.taskId, 'drive', 1, task.reps),
    )?.line;
    expect(lineOfTask).toBeDefined();
    const failure = cases(suite).find((c) => c.attributes.name === task.taskId)?.children[0];
    expect(failure?.name).toBe('failure');
    // The run directory is outside the working directory here, so it is named by its absolute path.
    expect(failure?.text).toBe(
      `first try succeeded on ${task.firstTry} of ${task.reps} trials (eventually on ${task.eventual})\nevidence: ${dir}/agent.jsonl#L${lineOfTask}`,
    );
  });

  it('appends the summary Markdown after what the step had, with the outcome line and no markup from the server', async () => {
    const { record } = await loadRun(dir);
    const text = readFileSync(ci.summary, 'utf8');
    expect(text.startsWith('# earlier step\n### fitness-report run ')).toBe(true);
    const tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    const walk = (n: { type: string; children?: unknown[] }): string[] => [
      n.type,
      ...((n.children ?? []) as { type: string }[]).flatMap(walk),
    ];
    const kinds = walk(tree);
    for (const kind of ['html', 'link', 'image', 'list', 'blockquote']) expect(kinds).not.toContain(kind);
    // Two headings: the earlier step's and ours; the hostile `### ✅ LGTM` stayed inline.
    expect(kinds.filter((k) => k === 'heading')).toHaveLength(2);
    expect(text).toContain(`Findings for the server's owner (${record.findings?.findings.length}):`);
  });

  it('prints annotations on stderr: a notice, the failed probe and tasks as errors, the findings as warnings', async () => {
    const { record } = await loadRun(dir);
    const commands = ci.io.stderr.filter((l) => l.startsWith('::'));
    const levels = commands.map((l) => COMMAND.exec(l)?.[1]);
    expect(levels).not.toContain(undefined);
    expect(levels.filter((l) => l === 'notice')).toHaveLength(1);
    expect(levels.filter((l) => l === 'error').length).toBeGreaterThan(0);
    expect(levels.filter((l) => l === 'warning')).toHaveLength(
      Math.min(10, record.findings?.findings.length ?? 0),
    );
    // No other line of the run's output is a command, and a command's decoded text starts none.
    for (const line of [...ci.io.stdout, ...ci.io.stderr.filter((l) => !l.startsWith('::'))])
      expect(line.trimStart().startsWith('::')).toBe(false);
    for (const c of commands) {
      const m = COMMAND.exec(c);
      for (const part of [decode(m?.[2] ?? ''), decode(m?.[3] ?? '')])
        for (const line of part.split('\n')) {
          expect(line.trimStart().startsWith('::')).toBe(false);
          expect(actingIn(line)).toEqual([]);
        }
    }
  });
});

describe('probe --junit --github-summary', () => {
  it('bad-tools: a case per probe, the failed checks with their tape lines, annotations and summary', async () => {
    const ci = actionsIO();
    const junit = join(ci.tmp, 'probe.xml');
    const tape = join(ci.tmp, 'probe.jsonl');
    const argv = [
      'probe',
      '--tape',
      tape,
      '--junit',
      junit,
      '--github-summary',
      '--',
      'node',
      'examples/servers/bad-tools.js',
    ];
    expect(await main(argv, ci.io)).toBe(1);
    const report = await readJunit(readFileSync(junit, 'utf8'));
    const suite = report.testsuite?.[0];
    expect(suite?.failures).toBe(2);
    const failed = (suite?.testcase ?? []).filter((c) => c.failure !== undefined);
    expect(failed.map((c) => c.name).sort()).toEqual(['input-schemas', 'tool-names']);
    for (const c of failed)
      expect(c.failure?.[0]?.inner).toMatch(new RegExp(`evidence: ${tape}#L[1-9][0-9]*`));
    expect(readFileSync(ci.summary, 'utf8')).toMatch(/\| probe `tool-names` \| FAIL \|/);
    const errors = ci.io.stderr.filter((l) => l.startsWith('::error title=probe tool-names::'));
    expect(errors).toHaveLength(1);
  });

  it('an unreachable server: one case in error, exit 3', async () => {
    const ci = actionsIO();
    const junit = join(ci.tmp, 'probe.xml');
    expect(
      await main(['probe', '--junit', junit, '--url', 'http://127.0.0.1:9/mcp', '--timeout', '2000'], ci.io),
    ).toBe(3);
    const suite = (await readJunit(readFileSync(junit, 'utf8'))).testsuite?.[0];
    expect(suite).toMatchObject({ tests: 1, errors: 1 });
  });
});

describe('CI flags that cannot be honoured are usage errors before anything runs', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'ci-usage-'));
  const bad: [string, string[], Record<string, string>, RegExp][] = [
    [
      'a JUnit file in a missing directory',
      ['--junit', join(tmp, 'no/such/dir/r.xml')],
      {},
      /--junit .*: the directory .* does not exist/,
    ],
    ['a JUnit path that is a directory', ['--junit', tmp], {}, /--junit .* is a directory, not a file/],
    [
      '--github-summary with no variable',
      ['--github-summary'],
      {},
      /--github-summary needs \$GITHUB_STEP_SUMMARY/,
    ],
    [
      'a step summary in a missing directory',
      ['--github-summary'],
      { GITHUB_STEP_SUMMARY: join(tmp, 'no/s.md') },
      /\$GITHUB_STEP_SUMMARY .* does not exist/,
    ],
  ];
  for (const [what, flags, env, message] of bad)
    for (const command of ['run', 'probe'])
      it(`${command}: ${what}`, async () => {
        const out = outDir();
        const io = { ...captureIO(), env };
        const argv = command === 'run' ? ['run', '--out', out, ...flags] : ['probe', ...flags];
        expect(await main([...argv, '--', 'node', ...server('well-made')], io)).toBe(2);
        expect(io.stderr).toHaveLength(1);
        expect(io.stderr[0]).toMatch(message);
        expect(readdirSync(out)).toEqual([]);
      });
});
