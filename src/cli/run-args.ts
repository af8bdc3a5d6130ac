import { resolve } from 'node:path';
import { configGiven } from '../run/given.js';
import type { RunOptions } from '../run/options.js';
import { SettingsFields, settingsFault } from '../run/settings.js';
import { collect, flagOf, settingsFrom } from './flags.js';
import { RUN_FLAGS } from './run-flags.js';
import { TARGET_FLAGS, targetFlags, targetFrom } from './target-flags.js';

/** The flags `run` reads itself (`--plain` and the `--otlp` flags are taken off before). */
const RUN_ARGS = [...TARGET_FLAGS, ...RUN_FLAGS];

/**
 * `fitness-report run` arguments → runFitness options (typed; a bad flag or a value out of the
 * schema's range is a usage fault naming the flag).
 */
export function parseRunArgs(
  argv: readonly string[],
  io: { cwd: string; env: NodeJS.ProcessEnv },
): RunOptions {
  const collected = collect(argv, RUN_ARGS, { command: 'run' });
  const settings = settingsFrom(RUN_FLAGS, collected.flags);
  const target = targetFlags(collected);
  const checked = SettingsFields.safeParse(settings);
  if (!checked.success) throw settingsFault(checked.error, (path) => flagOf(RUN_FLAGS, path));
  // An mcpServers entry's own `given` comes first; --given on the command line overrides it.
  const fromConfig =
    target.config !== undefined && target.server !== undefined
      ? configGiven(resolve(io.cwd, target.config), target.server)
      : {};
  const given = { ...fromConfig, ...(settings.given ?? {}) };
  return {
    ...settings,
    ...(Object.keys(given).length > 0 ? { given } : {}),
    ...(target.credential === undefined ? {} : { credential: target.credential }),
    target: targetFrom(target, collected.command, io),
    cwd: io.cwd,
    env: io.env,
  };
}
