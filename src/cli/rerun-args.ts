import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { rerunWithRewrites } from '../run/rerun.js';
import { SettingsFields, type SettingsInput, settingsFault } from '../run/settings.js';
import { UsageError } from './errors.js';
import { collect, type Flag, flagHelp, flagOf, flagsFor, settingsFrom } from './flags.js';
import { RUN_FLAGS, settingsFlag } from './run-flags.js';
import { anyTargetFlag, TARGET_FLAGS, targetFlags, targetFrom } from './target-flags.js';

const runFlag = (flag: string) => RUN_FLAGS.filter((f) => f.flag === flag);

/** The run settings a rerun may change; everything else is the original's registration. */
const SETTINGS_FLAGS: readonly Flag<SettingsInput>[] = [
  settingsFlag.value('outDir', {
    flag: '--out',
    arg: 'DIR',
    parse: (t) => t,
    help: "parent of the rerun's directory",
    default: 'the parent of RUN_DIR',
  }),
  ...runFlag('--concurrency'),
  settingsFlag.value('signingKeyPath', {
    flag: '--signing-key',
    arg: 'FILE',
    parse: (t) => t,
    help: "the publisher's key, as for run",
  }),
];

const on = flagsFor<{ withRewrites?: boolean }>();
const REWRITES = on.switch('withRewrites', {
  flag: '--with-rewrites',
  value: true,
  help: "present the run's proposals (required: the only kind of rerun)",
});

/** The option lines of `rerun --help`. */
export const rerunFlagHelp = (): string =>
  `${flagHelp([REWRITES], {})}\n${flagHelp(SETTINGS_FLAGS, SettingsFields.parse({}))}`;

type Options = Parameters<typeof rerunWithRewrites>[0];

/** `rerun RUN_DIR --with-rewrites [options] [target flags]` → the rerun's options (a bad one is a usage error). */
export function parseRerunArgs(
  argv: readonly string[],
  io: { cwd: string; env: NodeJS.ProcessEnv },
): Options {
  const collected = collect(argv, [REWRITES, ...SETTINGS_FLAGS, ...TARGET_FLAGS], {
    command: 'rerun',
    positional: true,
  });
  const run = collected.positional[0];
  if (collected.positional.length !== 1 || run === undefined)
    throw new UsageError('rerun needs exactly one RUN_DIR');
  if (!collected.flags.has(REWRITES.flag))
    throw new UsageError('rerun needs --with-rewrites (the only kind of rerun)');
  const settings = settingsFrom(SETTINGS_FLAGS, collected.flags);
  const checked = SettingsFields.safeParse(settings);
  if (!checked.success) throw settingsFault(checked.error, (path) => flagOf(SETTINGS_FLAGS, path));
  const dir = resolve(io.cwd, run);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${dir}: no such run directory`);
  const target = targetFlags(collected);
  const hasTarget = collected.command.length > 0 || target.url !== undefined || target.config !== undefined;
  if (!hasTarget && anyTargetFlag(target))
    throw new UsageError('a target flag needs its target: -- <command> [args], --url URL or --config FILE');
  return {
    run: dir,
    cwd: io.cwd,
    env: io.env,
    ...(hasTarget ? { target: targetFrom(target, collected.command, io) } : {}),
    ...(settings.outDir === undefined ? {} : { outDir: settings.outDir }),
    ...(settings.signingKeyPath === undefined ? {} : { signingKeyPath: settings.signingKeyPath }),
    ...(settings.concurrency === undefined ? {} : { concurrency: settings.concurrency }),
  };
}
