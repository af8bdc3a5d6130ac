import { resolve } from 'node:path';
import { type RosterArgs, RosterOptions, type RosterOptionsInput } from '../roster/args.js';
import { RunOverrideFields, RunOverrides } from '../roster/entry.js';
import { ROSTER_MAX } from '../roster/limits.js';
import { ROSTER_DEFAULTS } from '../roster/local.js';
import { QUEUE_DEFAULTS } from '../roster/queue/worker.js';
import { durationText } from '../run/duration.js';
import { SettingsFields, type SettingsInput, settingsFault } from '../run/settings.js';
import { UsageError } from './errors.js';
import { collect, type Flag, flagHelp, flagOf, flagsFor, renamed, settingsFrom } from './flags.js';
import { integer, MODEL_FLAGS, REGISTRATION_FLAGS, SERVER_STARTS_FLAG, settingsFlag } from './run-flags.js';

const text = (t: string) => t;
const names = (texts: readonly string[]) =>
  texts.flatMap((list) => list.split(',').filter((name) => name !== ''));

/** The bound of a roster option as `roster --help` says it. */
function limitText(key: keyof RosterOptionsInput, field?: string): string | undefined {
  const max =
    key === 'conformance' && field === 'timeoutMs'
      ? ROSTER_MAX.conformanceTimeoutMs
      : key === 'jobs'
        ? ROSTER_MAX.concurrency
        : key === 'maxTries' || key === 'jobTimeoutMs'
          ? ROSTER_MAX[key]
          : undefined;
  if (max === undefined) return undefined;
  return `at most ${max}${key === 'jobs' || key === 'maxTries' ? '' : `, i.e. ${durationText(max)}`}`;
}

const on = flagsFor<RosterOptionsInput>((key) => RosterOptions.shape[key].description, limitText);

/** `--jobs N`: how many jobs a roster (or a worker) runs at once. */
const JOBS_FLAG = on.value('jobs', {
  flag: '--jobs',
  arg: 'N',
  parse: integer,
  default: String(ROSTER_DEFAULTS.concurrency),
});

/** The roster's own flags, in the order `roster --help` lists them (`--concurrency` is `--jobs`'s old name). */
export const ROSTER_FLAGS: readonly Flag<RosterOptionsInput>[] = [
  on.value('out', { flag: '--out', arg: 'DIR', parse: text }),
  on.value('site', { flag: '--site', arg: 'DIR', parse: text }),
  on.switch('resume', { flag: '--resume', value: true }),
  JOBS_FLAG,
  renamed(JOBS_FLAG, '--concurrency'),
  on.list('only', { flag: '--only', arg: 'NAME[,NAME]', parse: names }),
  on.switch('conformance', {
    flag: '--no-conformance',
    value: { enabled: false },
    help: 'do not run the official conformance suite alongside',
  }),
  on.value('conformance', {
    flag: '--conformance-timeout',
    arg: 'MS',
    field: 'timeoutMs',
    parse: (t, flag) => ({ timeoutMs: integer(t, flag) }),
    help: 'time limit of the suite per job',
    default: String(ROSTER_DEFAULTS.conformanceTimeoutMs),
  }),
  on.value('jobTimeoutMs', {
    flag: '--job-timeout',
    arg: 'MS',
    parse: integer,
    default: String(ROSTER_DEFAULTS.jobTimeoutMs),
  }),
  on.value('maxTries', {
    flag: '--max-tries',
    arg: 'N',
    parse: integer,
    default: String(ROSTER_DEFAULTS.maxTries),
  }),
  on.switch('plain', { flag: '--plain', value: true }),
  on.value('queue', { flag: '--queue', arg: 'URL', parse: text }),
  on.value('queueName', { flag: '--queue-name', arg: 'NAME', parse: text, default: QUEUE_DEFAULTS.name }),
  on.value('rosterId', {
    flag: '--roster-id',
    arg: 'ID',
    parse: text,
    default: 'its file name and path hash',
  }),
];

/**
 * The run settings a roster sets for every entry: `run`'s own flags (same names, same parsing, same
 * ranges and messages) for the settings an entry's `run` may override, and `--trial-concurrency`
 * for `run`'s `--concurrency`, which here is the number of servers measured at once.
 */
export const ROSTER_RUN_FLAGS: readonly Flag<SettingsInput>[] = [
  ...[...MODEL_FLAGS, ...REGISTRATION_FLAGS].filter((f) => f.key in RunOverrideFields.shape),
  SERVER_STARTS_FLAG,
  settingsFlag.value('concurrency', {
    flag: '--trial-concurrency',
    arg: 'N',
    parse: integer,
    help: 'trials in flight within each run',
  }),
];

/** The option lines of `roster --help`: its own, then the run settings for every entry (with the run's defaults). */
export const rosterFlagHelp = () => ({
  own: flagHelp(ROSTER_FLAGS, RosterOptions.parse({})),
  run: flagHelp(ROSTER_RUN_FLAGS, SettingsFields.parse({})),
});

function rosterFile(positional: readonly string[]): string {
  const [first, second] = positional;
  if (first === undefined) throw new UsageError('name a roster file: fitness-report roster ROSTER');
  if (second !== undefined) throw new UsageError(`one roster file only (got '${first}' and '${second}')`);
  return first;
}

/**
 * Parses `roster ROSTER [options]` (a bad flag or a value out of its range is a usage fault naming
 * the flag); an old flag spelling is read, and `notice` gets its one line.
 */
export function parseRosterArgs(
  argv: readonly string[],
  cwd: string,
  notice: (line: string) => void = () => {},
): RosterArgs {
  const collected = collect(argv, [...ROSTER_FLAGS, ...ROSTER_RUN_FLAGS], {
    command: 'roster',
    positional: true,
  });
  for (const line of collected.notices) notice(line);
  if (collected.command.length > 0 || argv.includes('--'))
    throw new UsageError("unknown option '--' (a roster's servers are its entries; try roster --help)");
  const roster = rosterFile(collected.positional);
  const options = RosterOptions.safeParse(settingsFrom(ROSTER_FLAGS, collected.flags));
  if (!options.success) throw settingsFault(options.error, (path) => flagOf(ROSTER_FLAGS, path));
  const defaults = RunOverrides.safeParse(settingsFrom(ROSTER_RUN_FLAGS, collected.flags));
  if (!defaults.success) throw settingsFault(defaults.error, (path) => flagOf(ROSTER_RUN_FLAGS, path));
  return {
    ...options.data,
    roster: resolve(cwd, roster),
    out: resolve(cwd, options.data.out),
    site: resolve(cwd, options.data.site),
    defaults: defaults.data,
  };
}
