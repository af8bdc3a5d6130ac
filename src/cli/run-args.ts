import { resolve } from 'node:path';
import { configGiven } from '../run/given.js';
import type { RunOptions } from '../run/options.js';
import { SettingsFields, settingsFault } from '../run/settings.js';
import { CI_FLAGS, type CiTargets, ciTargets } from './ci-flags.js';
import { collect, flagOf, settingsFrom } from './flags.js';
import { GATE_FLAGS, type GateSettings, gateSettings } from './gate-flags.js';
import { OUTPUT_FLAGS, OutputOptions } from './output-flags.js';
import { RUN_FLAGS } from './run-flags.js';
import { TARGET_FLAGS, targetFlags, targetFrom } from './target-flags.js';

/** Every flag of `run`: target, settings, and what it does with its output. */
export const RUN_ARGS = [...TARGET_FLAGS, ...RUN_FLAGS, ...OUTPUT_FLAGS, ...CI_FLAGS, ...GATE_FLAGS];

/** `run`'s arguments, read: the run's options and what the command does with its output. */
export interface RunCommandArgs {
  options: RunOptions;
  output: OutputOptions;
  /** The CI formats asked for (`--junit`, `--github-summary`), their files checked writable. */
  ci: CiTargets;
  /** The pipeline gate (`--baseline`, `--fail-on`, `--fail-under`), checked before the run starts. */
  gate: GateSettings;
}

/**
 * `fitness-report run` arguments → runFitness options and the output options (typed; a bad flag
 * or a value out of its schema's range is a usage fault naming the flag).
 */
export function parseRunCommand(
  argv: readonly string[],
  io: { cwd: string; env: NodeJS.ProcessEnv },
): RunCommandArgs {
  const collected = collect(argv, RUN_ARGS, { command: 'run' });
  const settings = settingsFrom(RUN_FLAGS, collected.flags);
  const target = targetFlags(collected);
  const checked = SettingsFields.safeParse(settings);
  if (!checked.success) throw settingsFault(checked.error, (path) => flagOf(RUN_FLAGS, path));
  const output = OutputOptions.safeParse(settingsFrom(OUTPUT_FLAGS, collected.flags));
  if (!output.success) throw settingsFault(output.error, (path) => flagOf(OUTPUT_FLAGS, path));
  // An mcpServers entry's own `given` comes first; --given on the command line overrides it.
  const fromConfig =
    target.config !== undefined && target.server !== undefined
      ? configGiven(resolve(io.cwd, target.config), target.server)
      : {};
  const given = { ...fromConfig, ...(settings.given ?? {}) };
  const options: RunOptions = {
    ...settings,
    ...(Object.keys(given).length > 0 ? { given } : {}),
    ...(target.credential === undefined ? {} : { credential: target.credential }),
    target: targetFrom(target, collected.command, io),
    cwd: io.cwd,
    env: io.env,
  };
  return { options, output: output.data, ci: ciTargets(collected, io), gate: gateSettings(collected, io) };
}
