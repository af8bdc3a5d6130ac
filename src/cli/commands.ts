import type { Command } from './command.js';

/** Every subcommand, in the order `--help` lists them. Each lives in its own file. */
export const commands: readonly Command[] = [];
