import { resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import { RunOverrides } from './entry.js';

/** `fitness-report roster` arguments, typed. */
export interface RosterArgs {
  roster: string;
  out: string;
  site: string;
  resume: boolean;
  concurrency?: number;
  only?: string[];
  conformance: { enabled: boolean; timeoutMs?: number };
  jobTimeoutMs?: number;
  maxTries?: number;
  queue?: string;
  queueName?: string;
  rosterId?: string;
  plain: boolean;
  defaults: RunOverrides;
}

const INT_FLAGS: Record<string, keyof RunOverrides> = {
  '--tasks': 'tasks',
  '--reps-nulls': 'repsNulls',
  '--reps-construct': 'repsConstruct',
  '--reps-drive': 'repsDrive',
  '--extensions': 'extensions',
  '--batch-tasks': 'batchTasks',
  '--seed': 'seed',
  '--trial-concurrency': 'concurrency',
  '--max-steps': 'maxSteps',
  '--trial-timeout': 'trialTimeoutMs',
  '--call-timeout': 'callTimeoutMs',
  '--token-budget': 'tokenBudget',
};
const TEXT_FLAGS: Record<string, 'runner' | 'judge' | 'generator'> = {
  '--runner': 'runner',
  '--judge': 'judge',
  '--generator': 'generator',
};

function int(flag: string, text: string | undefined): number {
  if (text === undefined || !/^-?\d+$/.test(text))
    throw new UsageError(`${flag} needs an integer, got '${text ?? ''}'`);
  return Number(text);
}

/** Parses `roster ROSTER [options]` (a bad flag is a usage fault naming it). */
export function parseRosterArgs(argv: readonly string[], cwd: string): RosterArgs {
  let roster: string | undefined;
  const a: Omit<RosterArgs, 'roster' | 'defaults'> = {
    out: 'fitness-runs',
    site: 'fitness-site',
    resume: false,
    plain: false,
    conformance: { enabled: true },
  };
  const defaults: Record<string, unknown> = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] ?? '';
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (!flag.startsWith('--')) {
      if (roster !== undefined) throw new UsageError(`one roster file only (got '${roster}' and '${flag}')`);
      roster = flag;
    } else if (flag === '--out') a.out = value();
    else if (flag === '--site') a.site = value();
    else if (flag === '--resume') a.resume = true;
    else if (flag === '--plain') a.plain = true;
    else if (flag === '--concurrency') a.concurrency = int(flag, value());
    else if (flag === '--only')
      a.only = [
        ...(a.only ?? []),
        ...value()
          .split(',')
          .filter((s) => s !== ''),
      ];
    else if (flag === '--no-conformance') a.conformance.enabled = false;
    else if (flag === '--conformance-timeout') a.conformance.timeoutMs = int(flag, value());
    else if (flag === '--job-timeout') a.jobTimeoutMs = int(flag, value());
    else if (flag === '--max-tries') a.maxTries = int(flag, value());
    else if (flag === '--queue') a.queue = value();
    else if (flag === '--queue-name') a.queueName = value();
    else if (flag === '--roster-id') a.rosterId = value();
    else if (flag === '--allow-destructive') defaults.allowDestructive = true;
    else if (flag === '--no-screen') defaults.screen = false;
    else if (flag in INT_FLAGS) defaults[INT_FLAGS[flag] ?? ''] = int(flag, value());
    else if (flag in TEXT_FLAGS) defaults[TEXT_FLAGS[flag] ?? ''] = value();
    else throw new UsageError(`unknown option '${flag}' (try roster --help)`);
  }
  if (roster === undefined) throw new UsageError('name a roster file: fitness-report roster ROSTER');
  for (const [flag, n] of [
    ['--concurrency', a.concurrency],
    ['--max-tries', a.maxTries],
    ['--job-timeout', a.jobTimeoutMs],
    ['--conformance-timeout', a.conformance.timeoutMs],
  ] as const)
    if (n !== undefined && n < 1) throw new UsageError(`${flag} must be at least 1, got ${n}`);
  const parsed = RunOverrides.safeParse(defaults);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`${issue?.path.join('.') ?? 'option'}: ${issue?.message ?? 'invalid'}`);
  }
  return {
    ...a,
    roster: resolve(cwd, roster),
    out: resolve(cwd, a.out),
    site: resolve(cwd, a.site),
    defaults: parsed.data,
  };
}
