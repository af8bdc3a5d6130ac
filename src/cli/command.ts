export interface CommandIO {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

/** A subcommand: thin argument handling over the library API; returns the exit code. */
export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  run(argv: readonly string[], io: CommandIO): Promise<number>;
}
