import type { Command } from './command.js';
import { probeCommand } from './probe.js';
import { tapeCommand } from './tape.js';

/** Every subcommand, in the order `--help` lists them. Each lives in its own file. */
export const commands: readonly Command[] = [probeCommand, tapeCommand];
