import { join, relative, resolve } from 'node:path';
import { auditTable, runDemo } from '../audit/index.js';
import { SitePaths } from '../board/site-paths.js';
import { plain } from '../core/escape/terminal.js';
import type { Command, CommandIO } from './command.js';
import { describeError, UsageError } from './errors.js';
import { exitCodeHelp, plural } from './exit-codes.js';
import { collect, type Flag, flagHelp, flagsFor, settingsFrom } from './flags.js';
import { type OutSetting, outFlag } from './shared-flags.js';

interface DemoSettings extends OutSetting {
  site?: string;
  quiet?: boolean;
}

const on = flagsFor<DemoSettings>();
const DEMO_FLAGS: readonly Flag<DemoSettings>[] = [
  outFlag({ help: 'parent of the run directories', default: 'fitness-runs' }),
  on.value('site', {
    flag: '--site',
    arg: 'DIR',
    parse: (t) => t,
    help: 'where the board is built',
    default: 'fitness-site',
  }),
  on.switch('quiet', { flag: '--quiet', value: true, help: 'no progress lines' }),
];

const USAGE = `Usage: fitness-report demo [--out DIR] [--site DIR] [--quiet]

Runs every planted-outcome server in examples/servers (one per outcome: SCORED, INSUFFICIENT_SURFACE,
DEGENERATE twice, GATE_FAILED, INDETERMINATE, COMPROMISED, EXTEND resolved by two extension batches,
EXTEND_EXHAUSTED, VOID, and a hostile server for the board's escaping) and one real server
(@modelcontextprotocol/server-memory on a seeded temporary memory file) through the real pipeline,
offline and in parallel. Writes one signed run per server under --out, prints expected against
obtained outcome per run, builds the board over every run under --out, and says where to look.

Options:
${flagHelp(DEMO_FLAGS, {})}

${exitCodeHelp({ ok: 'every planted run produced its planted outcome and the board was built', finding: 'a planted run did not produce its outcome, or the board was not built' })}`;

interface DemoArgs {
  out: string;
  site: string;
  quiet: boolean;
}

function parseDemoArgs(argv: readonly string[], cwd: string): DemoArgs {
  const s = settingsFrom(DEMO_FLAGS, collect(argv, DEMO_FLAGS, { command: 'demo', dashDash: false }).flags);
  return {
    out: resolve(cwd, s.out ?? 'fitness-runs'),
    site: resolve(cwd, s.site ?? 'fitness-site'),
    quiet: s.quiet === true,
  };
}

/** Progress worth a line when a dozen runs share a terminal: stages done, gates decided, the record. */
const SHOWN = /^(gate |record:)|: done$|EXTEND at/;

export async function demo(argv: readonly string[], io: CommandIO): Promise<number> {
  const args = parseDemoArgs(argv, io.cwd);
  const show = (path: string) => {
    const rel = relative(io.cwd, path);
    return rel === '' ? '.' : rel.startsWith('..') ? path : rel;
  };
  io.err(`demo: every planted server and one real server, offline and in parallel, into ${show(args.out)}/`);
  const result = await runDemo({
    outDir: args.out,
    siteDir: args.site,
    ...(args.quiet
      ? {}
      : {
          progress: (id: string, line: string) => {
            if (SHOWN.test(line)) io.err(`[${id}] ${line}`);
          },
        }),
  });
  io.out('');
  for (const line of auditTable(result.reports)) io.out(line);
  for (const s of result.skipped) io.out(`skipped: ${s}`);
  io.out('');
  io.out(`demo: ${plural(result.reports.length, 'run')} in ${Math.round(result.durationMs / 1000)} s`);
  if (result.site) {
    io.out(
      `board: ${show(join(result.site.out, SitePaths.board))} (${plural(result.site.runs, 'run')} in ${plural(result.site.groups, 'group')})`,
    );
  } else {
    io.out(`board: not built: ${result.siteError ?? 'unknown reason'}`);
  }
  io.out('');
  io.out('Where to look:');
  if (result.site)
    io.out(`  fitness-report serve ${show(result.site.out)}       the board, run pages and the tape viewer`);
  io.out(`  ${show(args.out)}/<run>/record.json        every number, gate and reason of one run`);
  io.out(`  ${show(args.out)}/<run>/suite.json         the suite, reserve and every candidate's fate`);
  io.out(
    `  fitness-report tape stats ${show(args.out)}/<run>/wire.jsonl   calls, errors and pending requests`,
  );
  io.out(`  fitness-report verify ${show(args.out)}/<run>   signature, digests, every verdict recomputed`);
  return result.ok ? 0 : 1;
}

export const demoCommand: Command = {
  name: 'demo',
  usage: USAGE,
  flags: DEMO_FLAGS,
  async run(argv, io) {
    try {
      return await demo(argv, io);
    } catch (err) {
      if (err instanceof UsageError) {
        io.err(`fitness-report demo: ${plain(describeError(err))}`);
        return 2;
      }
      throw err;
    }
  },
};
