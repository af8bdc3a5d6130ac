import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { INPUTS, inputVariable } from '../../scripts/action.js';
import { RunReport } from '../../src/record/result.js';
import { readJunit } from '../support/junit.js';
import { ROOT, server } from './run/helpers.js';
import { sharedWellMadeRun } from './shared/shared-runs.js';

const exec = promisify(execFile);
/** A GitHub Actions expression as action.yml writes it: `${{ inputs.url }}`. */
const expr = (inner: string) => `\${{ ${inner} }}`;

/** The parts of action.yml the tests read, validated (a composite action's inputs, outputs and steps). */
const Action = z.object({
  inputs: z.record(z.string(), z.object({ description: z.string().min(1), default: z.string() })),
  outputs: z.record(z.string(), z.object({ description: z.string().min(1), value: z.string() })),
  runs: z.object({
    using: z.literal('composite'),
    steps: z.array(
      z.object({
        id: z.string().optional(),
        uses: z.string().optional(),
        run: z.string().optional(),
        if: z.string().optional(),
        'working-directory': z.string().optional(),
        env: z.record(z.string(), z.string()).optional(),
        with: z.record(z.string(), z.string()).optional(),
      }),
    ),
  }),
});
const action = Action.parse(parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')));

/** A GitHub Actions step as scripts/action.js sees it: temporary workspace, runner temp, summary and output files. */
function actionsEnv(inputs: Record<string, string>) {
  const tmp = mkdtempSync(join(tmpdir(), 'action-'));
  const paths = {
    workspace: join(tmp, 'workspace'),
    temp: join(tmp, 'runner-temp'),
    summary: join(tmp, 'step-summary.md'),
    output: join(tmp, 'github-output'),
  };
  mkdirSync(paths.workspace);
  mkdirSync(paths.temp);
  writeFileSync(paths.summary, '');
  writeFileSync(paths.output, '');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: paths.workspace,
    RUNNER_TEMP: paths.temp,
    GITHUB_STEP_SUMMARY: paths.summary,
    GITHUB_OUTPUT: paths.output,
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [inputVariable(k), v])),
  };
  return { env, paths };
}

/** scripts/action.js, run as the composite step runs it: its exit code, stderr (the job log) and outputs. */
async function step(env: NodeJS.ProcessEnv, outputFile: string) {
  const r = await exec(process.execPath, [join(ROOT, 'scripts', 'action.js')], {
    cwd: env.GITHUB_WORKSPACE,
    env,
    timeout: 600_000,
  }).then(
    (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
  const outputs = Object.fromEntries(
    readFileSync(outputFile, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  return { ...r, outputs };
}

describe('action.yml', () => {
  it('declares every input scripts/action.js reads, passed to its step as INPUT_*, and the upload step its artifact name', () => {
    expect(Object.keys(action.inputs).sort()).toEqual([...INPUTS, 'artifact-name'].sort());
    const run = action.runs.steps.find((s) => s.id === 'run');
    expect(run?.run).toBe('node "$GITHUB_ACTION_PATH/scripts/action.js"');
    expect(run?.env).toEqual(Object.fromEntries(INPUTS.map((n) => [inputVariable(n), expr(`inputs.${n}`)])));
    const install = action.runs.steps[0];
    expect(install?.run).toMatch(/^npm ci\b/);
    expect(install?.['working-directory']).toBe(expr('github.action_path'));
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.if).toMatch(/always\(\)/);
    expect(upload?.with).toMatchObject({
      name: expr('inputs.artifact-name'),
      path: expr('steps.run.outputs.run-dir'),
    });
    for (const [name, o] of Object.entries(action.outputs))
      expect(o.value).toBe(expr(`steps.run.outputs.${name}`));
  });
});

/**
 * scripts/action.js under a simulated GitHub Actions step (no network): the planted regression of
 * the well-made server (`--regress`), gated on the shared well-made baseline.
 */
describe('scripts/action.js in a simulated GitHub Actions step', () => {
  let baseline = '';
  beforeAll(async () => {
    const shared = await sharedWellMadeRun();
    expect(shared.code, shared.stderr.join('\n')).toBe(0);
    baseline = (shared.stdout.find((l) => l.startsWith('run: ')) ?? '').slice('run: '.length);
  }, 600_000);

  it('runs the server, writes JUnit, the summary and its outputs, and fails the step on a regression', async () => {
    const { env, paths } = actionsEnv({
      command: ['node', ...server('well-made'), '--regress'].join(' '),
      baseline,
      'fail-on': 'regression',
    });
    const r = await step(env, paths.output);
    expect(r.code, r.stderr).toBe(1);
    expect(Object.keys(r.outputs).sort()).toEqual(Object.keys(action.outputs).sort());
    expect(r.outputs).toMatchObject({ 'exit-code': '1', outcome: 'SCORED', verdict: 'worse' });
    // The run directory is in the workspace's fitness-runs, ready for the upload step.
    expect(r.outputs['run-dir']?.startsWith(join(paths.workspace, 'fitness-runs'))).toBe(true);
    expect(existsSync(join(r.outputs['run-dir'] ?? '', 'record.json'))).toBe(true);
    const doc = RunReport.parse(JSON.parse(readFileSync(r.outputs.result ?? '', 'utf8')));
    expect(doc.gate?.failures[0]).toMatch(/^regression: worse than baseline /);
    const junit = await readJunit(readFileSync(r.outputs.junit ?? '', 'utf8'));
    expect(junit.testsuite?.map((s) => s.name?.split(' ').slice(0, 2).join(' '))).toEqual([
      'fitness-report run',
      'fitness-report compare',
    ]);
    const md = readFileSync(paths.summary, 'utf8');
    expect(md).toMatch(/^### fitness-report run /m);
    expect(md).toMatch(/^❌ worse: B − A −/m);
    // The job log: the comparison and the gate's line on stderr, annotations among them.
    expect(r.stderr).toMatch(/^gate: FAIL regression: worse than baseline /m);
    expect(r.stderr).toMatch(/^::error title=compare regression::worse: /m);
    expect(r.stdout).toBe('');
  }, 600_000);

  it('refuses inputs that name no target, or two, in one annotation (exit 2) before anything runs', async () => {
    const none: Record<string, string> = {};
    for (const inputs of [none, { command: 'node server.js', url: 'http://127.0.0.1:9/mcp' }]) {
      const { env, paths } = actionsEnv(inputs);
      const r = await step(env, paths.output);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          /^::error title=fitness-report::give exactly one of the inputs command, url and config/,
        ),
      ]);
      expect(r.outputs).toEqual({ 'exit-code': '2' });
      expect(existsSync(join(paths.workspace, 'fitness-runs'))).toBe(false);
    }
  });
});
