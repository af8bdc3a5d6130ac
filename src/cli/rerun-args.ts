import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { rerunWithRewrites } from '../run/rerun.js';
import { SettingsFields, type SettingsInput, settingsFault } from '../run/settings.js';
import { UsageError } from './errors.js';
import { collect, type Flag, flagHelp, flagOf, flagsFor, settingsFrom } from './flags.js';
import { RUN_FLAGS, settingsFlag } from './run-flags.js';
import { signingKeyFlag, trustFlag } from './shared-flags.js';
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
  signingKeyFlag("the publisher's key that signs the rerun, as for run"),
];

interface RerunSwitches {
  withRewrites?: boolean;
  targetFromRecord?: boolean;
  trust?: string[];
  allowUntrusted?: boolean;
}
const on = flagsFor<RerunSwitches>();
const REWRITES = on.switch('withRewrites', {
  flag: '--with-rewrites',
  value: true,
  help: "present the run's proposals (required: the only kind of rerun)",
});
/** How the rerun may trust RUN_DIR and start its target: declared once, read by parse and help. */
const CUSTODY_FLAGS: readonly Flag<RerunSwitches>[] = [
  trustFlag('trust this signer of RUN_DIR (repeatable), as for verify'),
  on.switch('allowUntrusted', {
    flag: '--allow-untrusted',
    value: true,
    help: 'accept a RUN_DIR signed by a key you do not trust (its files are still checked); an unsigned one only with a target you give',
  }),
  on.switch('targetFromRecord', {
    flag: '--target-from-record',
    value: true,
    help: "start the target RUN_DIR's verified record names, without asking (piped, this or a target you give is required)",
  }),
];

/** Every flag of `rerun`: the switch, custody, the settings it may change, and the target. */
export const RERUN_ARGS = [REWRITES, ...CUSTODY_FLAGS, ...SETTINGS_FLAGS, ...TARGET_FLAGS];

/** The option lines of `rerun --help`. */
export const rerunFlagHelp = (): string =>
  `${flagHelp([REWRITES, ...CUSTODY_FLAGS], {})}\n${flagHelp(SETTINGS_FLAGS, SettingsFields.parse({}))}`;

type Options = Omit<Parameters<typeof rerunWithRewrites>[0], 'trust'> & { trustValues: string[] };

/** `rerun RUN_DIR --with-rewrites [options] [target flags]` → the rerun's options (a bad one is a usage error). */
export function parseRerunArgs(
  argv: readonly string[],
  io: { cwd: string; env: NodeJS.ProcessEnv },
): Options {
  const collected = collect(argv, RERUN_ARGS, {
    command: 'rerun',
    positional: true,
  });
  const run = collected.positional[0];
  if (collected.positional.length !== 1 || run === undefined)
    throw new UsageError('rerun needs exactly one RUN_DIR');
  if (!collected.flags.has(REWRITES.flag))
    throw new UsageError('rerun needs --with-rewrites (the only kind of rerun)');
  const custody = settingsFrom(CUSTODY_FLAGS, collected.flags);
  const settings = settingsFrom(SETTINGS_FLAGS, collected.flags);
  const checked = SettingsFields.safeParse(settings);
  if (!checked.success) throw settingsFault(checked.error, (path) => flagOf(SETTINGS_FLAGS, path));
  const dir = resolve(io.cwd, run);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${dir}: no such run directory`);
  const target = targetFlags(collected);
  const hasTarget = collected.command.length > 0 || target.url !== undefined || target.config !== undefined;
  if (!hasTarget && anyTargetFlag(target))
    throw new UsageError('a target flag needs its target: -- <command> [args], --url URL or --config FILE');
  if (hasTarget && custody.targetFromRecord === true)
    throw new UsageError('--target-from-record and a target given again exclude each other: choose one');
  return {
    run: dir,
    trustValues: custody.trust ?? [],
    ...(custody.allowUntrusted === true ? { allowUntrusted: true } : {}),
    ...(custody.targetFromRecord === true ? { targetFromRecord: true } : {}),
    cwd: io.cwd,
    env: io.env,
    ...(hasTarget ? { target: targetFrom(target, collected.command, io) } : {}),
    ...(settings.outDir === undefined ? {} : { outDir: settings.outDir }),
    ...(settings.signingKeyPath === undefined ? {} : { signingKeyPath: settings.signingKeyPath }),
    ...(settings.concurrency === undefined ? {} : { concurrency: settings.concurrency }),
  };
}
