// The GitHub Action's step (action.yml at the repository root; docs/ci.md, "The GitHub Action"):
// reads the action's inputs from INPUT_* variables, runs `fitness-report run` from this checkout
// on the user's server with --json, --junit and --github-summary (and the gate flags it was given),
// then writes the step's outputs to $GITHUB_OUTPUT and exits with the run's exit code. Everything
// the run prints for a person streams to the job log on stderr; its JSON document is kept in a file.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every input the step reads, by its name in action.yml; each arrives as INPUT_<NAME> (dashes as _). */
export const INPUTS = [
  'command',
  'url',
  'config',
  'server',
  'baseline',
  'fail-on',
  'fail-under',
  'args',
  'out',
  'signing-key',
];

/** The variable an input arrives in: `fail-on` → `INPUT_FAIL_ON` (what action.yml's step env sets). */
export const inputVariable = (name) => `INPUT_${name.toUpperCase().replace(/-/g, '_')}`;

/** A run flag's values and a stdio command are split at whitespace; nothing is run through a shell. */
const words = (text) => text.split(/\s+/).filter((w) => w !== '');

class InputError extends Error {}

/**
 * The `fitness-report run` arguments for these inputs: exactly one target (`command`, `url`, or
 * `config` with `server`), the gate flags, the extra `args`, and the CI formats at `paths`.
 */
export function runArguments(inputs, paths) {
  const given = ['command', 'url', 'config'].filter((n) => inputs[n] !== '');
  if (given.length !== 1)
    throw new InputError(
      `give exactly one of the inputs command, url and config (got ${given.join(', ') || 'none'})`,
    );
  if ((inputs.config === '') !== (inputs.server === ''))
    throw new InputError('the inputs config and server go together');
  const option = (flag, value) => (value === '' ? [] : [flag, value]);
  const argv = [
    'run',
    '--plain',
    '--json',
    '--out',
    paths.out,
    '--junit',
    paths.junit,
    ...(paths.summary ? ['--github-summary'] : []),
    ...option('--signing-key', paths.signingKey ?? ''),
    ...option('--baseline', inputs.baseline),
    ...option('--fail-on', inputs['fail-on']),
    ...option('--fail-under', inputs['fail-under']),
    ...words(inputs.args),
    ...option('--url', inputs.url),
    ...option('--config', inputs.config),
    ...option('--server', inputs.server),
  ];
  return inputs.command === '' ? argv : [...argv, '--', ...words(inputs.command)];
}

/** One `name=value` line per output (every value here is one line: a path, an outcome, a number). */
function writeOutputs(file, outputs) {
  const lines = Object.entries(outputs).map(([k, v]) => {
    if (/[\r\n]/.test(v)) throw new Error(`output ${k} holds a line break`);
    return `${k}=${v}\n`;
  });
  if (file) appendFileSync(file, lines.join(''));
}

/** The child's environment: the runner's, without the action's inputs (the signing key among them). */
const childEnv = (env) => Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('INPUT_')));

function runFitness(argv, cwd, env) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'fitness-report.js'), ...argv], {
      cwd,
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    // A cancelled job stops the run, which then writes its VOID record (exit 3).
    const stop = (signal) => child.kill(signal);
    for (const s of ['SIGINT', 'SIGTERM']) process.on(s, stop);
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? 3, stdout: Buffer.concat(chunks).toString('utf8') }));
  });
}

/** The document on stdout, or undefined when there is none (a usage error, a crash before the record). */
function documentOf(stdout) {
  try {
    const doc = JSON.parse(stdout);
    return doc !== null && typeof doc === 'object' && doc.command === 'run' ? doc : undefined;
  } catch {
    return undefined;
  }
}

async function main(env) {
  const inputs = Object.fromEntries(INPUTS.map((n) => [n, (env[inputVariable(n)] ?? '').trim()]));
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const temp = env.RUNNER_TEMP || workspace;
  const out = resolve(workspace, inputs.out || 'fitness-runs');
  const paths = {
    out,
    junit: join(temp, 'fitness-junit.xml'),
    summary: Boolean(env.GITHUB_STEP_SUMMARY),
    signingKey: undefined,
  };
  if (inputs['signing-key'] !== '') {
    paths.signingKey = join(temp, 'fitness-signing-key.pem');
    writeFileSync(paths.signingKey, `${inputs['signing-key']}\n`, { mode: 0o600 });
  }
  let argv;
  try {
    argv = runArguments(inputs, paths);
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    console.error(`::error title=fitness-report::${err.message}`);
    writeOutputs(env.GITHUB_OUTPUT, { 'exit-code': '2' });
    return 2;
  }
  mkdirSync(out, { recursive: true });
  const { code, stdout } = await runFitness(argv, workspace, env);
  const doc = documentOf(stdout);
  const result = join(temp, 'fitness-result.json');
  if (doc !== undefined) writeFileSync(result, stdout);
  const dir = doc?.dir ?? '';
  writeOutputs(env.GITHUB_OUTPUT, {
    'exit-code': String(code),
    outcome: doc?.outcome ?? '',
    'run-dir': dir === '' || isAbsolute(dir) ? dir : resolve(workspace, dir),
    junit: doc === undefined ? '' : paths.junit,
    result: doc === undefined ? '' : result,
    verdict: doc?.comparison?.measured?.verdict ?? (doc?.comparison ? 'not compared' : ''),
  });
  return code;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.env);
