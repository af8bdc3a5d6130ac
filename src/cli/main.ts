import { createInterface } from 'node:readline/promises';
import { plain } from '../core/escape/terminal.js';
import { VERSION } from '../version.js';
import type { CommandIO } from './command.js';
import { commands } from './commands.js';
import { describeError, UsageError } from './errors.js';
import { EXIT, exitCodeHelp } from './exit-codes.js';

export function helpText(): string {
  const width = Math.max(8, ...commands.map((c) => c.name.length));
  const rows = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    'fitness-report: can an agent actually get the job done with this MCP server?',
    '',
    'Usage: fitness-report <command> [options]',
    '',
    'Commands:',
    ...rows,
    '',
    'Run `fitness-report <command> --help` for the options of one command.',
    '',
    exitCodeHelp({
      ok: 'ok: SCORED, every probe passed, verified',
      finding: 'a refusal (a gate refused the run), a probe finding, or a verify mismatch',
    }),
    'Every number is computed in the run record; a refused run publishes its gate, counts and reason instead.',
  ].join('\n');
}

const defaultIO: CommandIO = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  cwd: process.cwd(),
  env: process.env,
  ...(process.stdin.isTTY === true && process.stderr.isTTY === true ? { confirm: askOnTerminal } : {}),
};

/** A yes/no question on the terminal (stderr), answered on stdin; only "y" or "yes" is a yes. */
async function askOnTerminal(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^\s*y(es)?\s*$/i.test(await rl.question(question));
  } finally {
    rl.close();
  }
}

export async function main(argv: readonly string[], io: CommandIO = defaultIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(helpText());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.out(VERSION);
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`fitness-report: unknown command '${name}' (try --help)`);
    return 2;
  }
  try {
    const loaded = await command.load();
    if (rest.includes('--help') || rest.includes('-h')) {
      io.out(loaded.usage);
      return 0;
    }
    return await loaded.run(rest, io);
  } catch (err) {
    // An error may quote a file, a server or a record: printed inert.
    io.err(`fitness-report ${name}: ${plain(describeError(err))}`);
    return err instanceof UsageError ? EXIT.usage : EXIT.crash;
  }
}
