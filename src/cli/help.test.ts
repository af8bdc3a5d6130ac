import { describe, expect, it } from 'vitest';
import type { Command, CommandIO } from './command.js';
import { commands } from './commands.js';
import type { FlagShape } from './flags.js';
import { main } from './main.js';
import { parseRosterArgs } from './roster-args.js';

function capture(): { io: CommandIO; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l), cwd: process.cwd(), env: {} }, out, err };
}

/** What comes before a flag on the command line: the subcommand of a command that has them. */
const SUBCOMMAND: Readonly<Record<string, readonly string[]>> = { tape: ['stats'], export: ['otlp'] };

/** A flag's row in help as `flagHelp` writes it: two spaces, the flag, its placeholder. */
const row = (f: FlagShape) =>
  `  ${f.flag}${f.arg === undefined ? '' : ` ${f.arg}${f.many === true ? '...' : ''}`}`;

const loaded: Command[] = await Promise.all(commands.map((c) => c.load()));

describe("every command's flags, declared once in its table", () => {
  it('every flag a command reads has its row in its --help, and every flag row in its --help is one it reads', () => {
    for (const command of loaded) {
      const current = command.flags.filter((f) => f.renamedTo === undefined);
      expect(current.length, command.name).toBeGreaterThan(0);
      const lines = command.usage.split('\n');
      for (const f of current)
        expect(
          lines.some((l) => l === row(f) || l.startsWith(`${row(f)} `)),
          `${command.name} ${f.flag}`,
        ).toBe(true);
      const read = new Set(current.map((f) => f.flag));
      const rows = lines.flatMap((l) => /^ {2}(--[a-z][a-z-]*)(?: |$)/.exec(l)?.[1] ?? []);
      for (const flag of rows) expect(read.has(flag), `${command.name} --help lists ${flag}`).toBe(true);
    }
  });

  it('an old spelling is never listed in help, and names the flag that replaced it', () => {
    for (const command of loaded)
      for (const f of command.flags.filter((g) => g.renamedTo !== undefined)) {
        expect(command.usage, `${command.name} ${f.flag}`).not.toMatch(new RegExp(`^ {2}${f.flag} `, 'm'));
        expect(
          command.flags.some((g) => g.flag === f.renamedTo && g.renamedTo === undefined),
          `${command.name} ${f.flag}`,
        ).toBe(true);
      }
  });

  it('an unknown flag is one line naming it on stderr and exit 2, for every command, before anything runs', async () => {
    for (const command of loaded) {
      const { io, out, err } = capture();
      const argv = [command.name, ...(SUBCOMMAND[command.name] ?? []), '--no-such-flag'];
      expect(await main(argv, io), command.name).toBe(2);
      expect(out, command.name).toEqual([]);
      expect(err, command.name).toHaveLength(1);
      expect(err[0], command.name).toMatch(
        new RegExp(`^fitness-report ${command.name}: .*unknown option '--no-such-flag'`),
      );
    }
  });

  it('a flag name means one thing: --concurrency is trials in a run, --env K=V a server variable', () => {
    const meaning = (name: string, flag: string) =>
      loaded.find((c) => c.name === name)?.flags.find((f) => f.flag === flag);
    expect(meaning('roster', '--jobs')?.renamedTo).toBeUndefined();
    expect(meaning('worker', '--jobs')?.renamedTo).toBeUndefined();
    expect(meaning('roster', '--concurrency')?.renamedTo).toBe('--jobs');
    expect(meaning('worker', '--concurrency')?.renamedTo).toBe('--jobs');
    expect(meaning('run', '--concurrency')?.renamedTo).toBeUndefined();
    // The folder of runs is --out, the site built from them --site, in every command that makes either.
    expect(meaning('board', '--site')?.renamedTo).toBeUndefined();
    expect(meaning('board', '--out')?.renamedTo).toBe('--site');
    // The variable whose value is scrubbed is --scrub-env NAME; --secret-env K=V gives a server a secret.
    for (const name of ['board', 'export'])
      expect(meaning(name, '--secret-env')?.renamedTo).toBe('--scrub-env');
    // The variables a worker's jobs may expand are --allow-env NAME; --env K=V sets a stdio server's.
    expect(meaning('worker', '--allow-env')?.renamedTo).toBeUndefined();
    expect(meaning('worker', '--env')?.renamedTo).toBe('--allow-env');
    for (const name of ['run', 'probe', 'rerun']) {
      expect(meaning(name, '--env')?.renamedTo, name).toBeUndefined();
      expect(meaning(name, '--env')?.arg, name).toBe('K=V');
    }
  });
});

describe('an old flag spelling', () => {
  it('roster --concurrency is still read as --jobs, with one line saying so', () => {
    const notices: string[] = [];
    const args = parseRosterArgs(['r.json', '--concurrency', '3'], '/w', (l) => notices.push(l));
    expect(args.jobs).toBe(3);
    expect(notices).toEqual([
      'roster: --concurrency is now --jobs; the old name is read until the next release',
    ]);
    const quiet: string[] = [];
    expect(parseRosterArgs(['r.json', '--jobs', '3'], '/w', (l) => quiet.push(l)).jobs).toBe(3);
    expect(quiet).toEqual([]);
  });

  it('through the command: worker --concurrency over its bound is the notice and the bound, exit 2', async () => {
    const { io, out, err } = capture();
    expect(await main(['worker', '--queue', 'redis://127.0.0.1:1', '--concurrency', '1000'], io)).toBe(2);
    expect(out).toEqual([]);
    expect(err).toEqual([
      'worker: --concurrency is now --jobs; the old name is read until the next release',
      'fitness-report worker: USAGE: --jobs must be an integer ≤ 32, got 1000',
    ]);
  });

  it('through the command: worker --env is read as --allow-env, its notice first, then its own error', async () => {
    const { io, out, err } = capture();
    expect(await main(['worker', '--queue', 'redis://127.0.0.1:1', '--env', 'A=b'], io)).toBe(2);
    expect(out).toEqual([]);
    expect(err).toEqual([
      'worker: --env is now --allow-env; the old name is read until the next release',
      "fitness-report worker: USAGE: --allow-env needs variable names, got 'A=b'",
    ]);
  });
});
