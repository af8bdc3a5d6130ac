import { parseRunCommand } from '../../src/cli/run-args.js';
import type { RunOptions } from '../../src/run/options.js';

/** `fitness-report run` arguments → runFitness options (the output flags are read and checked, not returned). */
export const parseRunArgs = (
  argv: readonly string[],
  io: { cwd: string; env: NodeJS.ProcessEnv },
): RunOptions => parseRunCommand(argv, io).options;
