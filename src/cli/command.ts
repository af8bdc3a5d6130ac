import type { CommandIO } from '../core/io.js';

export type { CommandIO } from '../core/io.js';

/** A subcommand: thin argument handling over the library API; returns the exit code. */
export interface Command {
  readonly name: string;
  readonly usage: string;
  run(argv: readonly string[], io: CommandIO): Promise<number>;
}
