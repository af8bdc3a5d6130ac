import { UsageError } from '../core/errors.js';
import { EXPLORE_BOOLEAN_FLAGS, EXPLORE_VALUE_FLAGS, exploreOptions } from './args-explore.js';
import { parseDuration, parseSize } from './duration.js';
import type { RunOptions } from './options.js';
import { credentialFlag, TARGET_VALUE_FLAGS, targetFromFlags } from './target-args.js';

const VALUE_FLAGS = new Set<string>([
  ...TARGET_VALUE_FLAGS,
  '--budget',
  '--tape-cap',
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
  '--out',
  '--signing-key',
  '--max-steps',
  '--trial-timeout',
  '--token-budget',
  '--call-timeout',
  ...EXPLORE_VALUE_FLAGS,
]);
const BOOLEAN_FLAGS = new Set<string>([
  '--allow-destructive',
  '--no-screen',
  '--no-curtail',
  '--no-server-pool',
  ...EXPLORE_BOOLEAN_FLAGS,
]);

function integer(flag: string, text: string): number {
  if (!/^-?\d+$/.test(text)) throw new UsageError(`${flag} needs an integer, got '${text}'`);
  return Number(text);
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
  const reps = { nulls: int('--reps-nulls'), construct: int('--reps-construct'), drive: int('--reps-drive') };
  const options: RunOptions = {
    target: targetFromFlags(flags, command, io),
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
  set('signingKeyPath', one('--signing-key'));
  set('credential', credentialFlag(flags));
  const budget = one('--budget');
  if (budget !== undefined) options.budgetMs = parseDuration('--budget', budget);
  const cap = one('--tape-cap');
  if (cap !== undefined) options.tapeCapBytes = parseSize('--tape-cap', cap);
  if (flags.has('--allow-destructive')) options.allowDestructive = true;
  if (flags.has('--no-screen')) options.screen = false;
  if (flags.has('--no-curtail')) options.curtail = false;
  if (flags.has('--no-server-pool')) options.serverPool = false;
  Object.assign(options, exploreOptions(flags, io.cwd));
  return options;
}
