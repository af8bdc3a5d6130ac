import type { CommandIO } from '../core/io.js';
import type { FlagShape } from './flags.js';

export type { CommandIO } from '../core/io.js';

/** A subcommand: thin argument handling over the library API; returns the exit code. */
export interface Command {
  readonly name: string;
  readonly usage: string;
  /**
   * Every flag the command reads, from the flag tables its usage is generated from (each listed in
   * `usage` but an old spelling; src/cli/help.test.ts holds every command to it).
   */
  readonly flags: readonly FlagShape[];
  run(argv: readonly string[], io: CommandIO): Promise<number>;
}
