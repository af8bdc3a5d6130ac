/** Where a command or a job writes its lines, and the directory and environment it runs in. */
export interface CommandIO {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Asks a yes/no question of the person at the terminal; absent when nobody can be asked (piped). */
  readonly confirm?: (question: string) => Promise<boolean>;
}

/** `1 run`, `2 runs`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
