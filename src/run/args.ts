import { resolve } from 'node:path';
import { UsageError } from '../cli/errors.js';
import { loadServerConfig } from '../connect/config.js';
import { Credential, type TargetInput } from '../connect/target.js';
import { EXPLORE_BOOLEAN_FLAGS, EXPLORE_VALUE_FLAGS, exploreOptions } from './args-explore.js';
import type { RunOptions } from './options.js';

const VALUE_FLAGS = new Set([
  '--url',
  '--header',
  '--config',
  '--server',
  '--runner',
  '--judge',
  '--generator',
  '--tasks',
  '--reps-nulls',
  '--reps-construct',
  '--reps-drive',
  '--extensions',
  '--batch-tasks',
  '--seed',
  '--concurrency',
  '--credential',
  '--out',
  '--max-steps',
  '--trial-timeout',
  '--token-budget',
  '--call-timeout',
  '--env',
  '--cwd',
  ...EXPLORE_VALUE_FLAGS,
]);
const BOOLEAN_FLAGS = new Set<string>(['--allow-destructive', '--no-screen', ...EXPLORE_BOOLEAN_FLAGS]);

function integer(flag: string, text: string): number {
  if (!/^-?\d+$/.test(text)) throw new UsageError(`${flag} needs an integer, got '${text}'`);
  return Number(text);
}

function header(text: string): [string, string] {
  const colon = text.indexOf(':');
  if (colon <= 0) throw new UsageError(`--header needs 'Name: value', got '${text}'`);
  return [text.slice(0, colon).trim(), text.slice(colon + 1).trim()];
}

function pairs(argv: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] ?? '';
    if (BOOLEAN_FLAGS.has(flag)) {
      out.set(flag, ['true']);
      continue;
    }
    if (!VALUE_FLAGS.has(flag)) throw new UsageError(`unknown option '${flag}' (try run --help)`);
    const value = argv[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    out.set(flag, [...(out.get(flag) ?? []), value]);
  }
  return out;
}

function targetOf(
  flags: Map<string, string[]>,
  command: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): TargetInput {
  const url = flags.get('--url')?.[0];
  const config = flags.get('--config')?.[0];
  const given = [command.length > 0, url !== undefined, config !== undefined].filter(Boolean).length;
  if (given !== 1)
    throw new UsageError(
      'name exactly one target: -- <command> [args], --url URL, or --config FILE --server NAME',
    );
  if (config !== undefined) {
    const server = flags.get('--server')?.[0];
    if (server === undefined) throw new UsageError('--config needs --server NAME');
    return loadServerConfig(resolve(cwd, config), server, env);
  }
  if (url !== undefined) {
    const credential = flags.get('--credential')?.[0] ?? 'anonymous';
    const parsed = Credential.safeParse(credential);
    if (!parsed.success)
      throw new UsageError(`--credential must be anonymous, free-key or owner-key, got '${credential}'`);
    return {
      kind: 'http',
      url,
      headers: Object.fromEntries((flags.get('--header') ?? []).map(header)),
      credential: parsed.data,
    };
  }
  const envPairs = (flags.get('--env') ?? []).map((p): [string, string] => {
    const eq = p.indexOf('=');
    if (eq <= 0) throw new UsageError(`--env needs K=V, got '${p}'`);
    return [p.slice(0, eq), p.slice(eq + 1)];
  });
  const dir = flags.get('--cwd')?.[0];
  return {
    kind: 'stdio',
    argv: command,
    env: Object.fromEntries(envPairs),
    ...(dir ? { cwd: resolve(cwd, dir) } : {}),
  };
}

/** `fitness-report run` arguments → runFitness options (typed; a bad flag is a usage fault). */
export function parseRunArgs(
  argv: readonly string[],
  io: { cwd: string; env: NodeJS.ProcessEnv },
): RunOptions {
  const dash = argv.indexOf('--');
  const flags = pairs(dash === -1 ? argv : argv.slice(0, dash));
  const command = dash === -1 ? [] : argv.slice(dash + 1);
  const one = (flag: string) => flags.get(flag)?.[0];
  const int = (flag: string) => {
    const v = one(flag);
    return v === undefined ? undefined : integer(flag, v);
  };
  const generator = one('--generator');
  if (generator === 'explore/1')
    throw new UsageError('--generator explore/1 was replaced by explore/2 (its records stay readable)');
  if (generator !== undefined && generator !== 'explore/2' && generator !== 'judge/1')
    throw new UsageError(`--generator must be explore/2 or judge/1, got '${generator}'`);
  const credential = one('--credential');
  const parsedCredential = credential === undefined ? undefined : Credential.safeParse(credential);
  if (parsedCredential && !parsedCredential.success)
    throw new UsageError(`--credential must be anonymous, free-key or owner-key, got '${credential}'`);
  const reps = { nulls: int('--reps-nulls'), construct: int('--reps-construct'), drive: int('--reps-drive') };
  const options: RunOptions = {
    target: targetOf(flags, command, io.cwd, io.env),
    cwd: io.cwd,
    env: io.env,
    reps: Object.fromEntries(Object.entries(reps).filter(([, v]) => v !== undefined)),
  };
  const set = <K extends keyof RunOptions>(key: K, value: RunOptions[K] | undefined) => {
    if (value !== undefined) options[key] = value;
  };
  set('runner', one('--runner'));
  set('judge', one('--judge'));
  set('generator', generator as RunOptions['generator']);
  set('tasks', int('--tasks'));
  set('extensions', int('--extensions'));
  set('batchTasks', int('--batch-tasks'));
  set('seed', int('--seed'));
  set('concurrency', int('--concurrency'));
  set('maxSteps', int('--max-steps'));
  set('trialTimeoutMs', int('--trial-timeout'));
  set('tokenBudget', int('--token-budget'));
  set('callTimeoutMs', int('--call-timeout'));
  set('outDir', one('--out'));
  set('credential', parsedCredential?.success ? parsedCredential.data : undefined);
  if (flags.has('--allow-destructive')) options.allowDestructive = true;
  if (flags.has('--no-screen')) options.screen = false;
  Object.assign(options, exploreOptions(flags, io.cwd));
  return options;
}
