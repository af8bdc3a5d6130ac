import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSite } from '../board/site.js';
import { plain } from '../core/escape/terminal.js';
import { checkReachable, parseQueueUrl } from '../roster/queue/backend.js';
import { ResultsTable } from '../roster/queue/results.js';
import { SignatureError } from '../tape/signature.js';
import type { Command, CommandIO } from './command.js';
import { describeError, UsageError } from './errors.js';
import { exitCodeHelp, plural } from './exit-codes.js';
import { collect, type Flag, flagHelp, flagsFor, renamed, settingsFrom } from './flags.js';
import {
  type ScrubEnvSetting,
  type SigningKeySetting,
  scrubbedValues,
  scrubEnvFlag,
  signingKeyFlag,
} from './shared-flags.js';

interface BoardSettings extends ScrubEnvSetting, SigningKeySetting {
  runs?: string[];
  site?: string;
  from?: string;
  rosterId?: string;
}

const on = flagsFor<BoardSettings>();
const text = (t: string) => t;
/** `--site DIR`, as roster and demo name the site they build (their `--out` is where runs go). */
const SITE_FLAG = on.value('site', {
  flag: '--site',
  arg: 'DIR',
  parse: text,
  help: 'where to write the site; a previous build there is replaced',
  default: 'fitness-site',
});
const SCRUB_ENV = scrubEnvFlag(
  'scrub the value of this environment variable from every published file (repeatable)',
);

/**
 * The board's flags, in the order `board --help` lists them (`--out` is `--site`'s old name, and
 * `--secret-env` `--scrub-env`'s).
 */
const BOARD_FLAGS: readonly Flag<BoardSettings>[] = [
  on.list('runs', {
    flag: '--runs',
    arg: 'DIR',
    many: true,
    parse: (texts) => [...texts],
    help: 'run directories, or directories of runs (repeatable)',
    default: 'fitness-runs',
  }),
  SITE_FLAG,
  renamed(SITE_FLAG, '--out'),
  SCRUB_ENV,
  { ...renamed(SCRUB_ENV, '--secret-env'), many: true },
  signingKeyFlag("the board builder's Ed25519 key (PEM) that signs each run's redaction.json"),
  on.value('from', {
    flag: '--from',
    arg: 'URL',
    parse: text,
    help: "build from the results table a PostgreSQL roster queue wrote (every run, or one roster's)",
  }),
  on.value('rosterId', {
    flag: '--roster-id',
    arg: 'ID',
    parse: text,
    help: "with --from: only that roster's runs",
  }),
];

const USAGE = `Usage: fitness-report board [--runs DIR...] [--site DIR] [--scrub-env NAME]... [--signing-key FILE]
       fitness-report board --from postgres://… [--roster-id ID] [--site DIR]

Builds the static site from run records: the board (index.html), one page per run, the methods
page, the tape viewer, the published run files under runs/<run-id>/ and a _headers file.

Options:
${flagHelp(BOARD_FLAGS, {})}

Records are validated and migrated on read; a record that cannot be read is listed on the board with
its path and reason. Serve the result with \`fitness-report serve SITE\`.

Published run files are redacted copies, never the originals: known secrets (--scrub-env) are
scrubbed exactly, secret-shaped strings (provider API keys, bearer tokens, JWTs, private key blocks,
URL userinfo) become [REDACTED:<kind>], media blobs become [media <type> <n> bytes]; numbers, keys
and structure are untouched. Each run keeps its own signature.json (over the originals) and gets a
redaction.json, signed with --signing-key, binding every copy to its original; keys.json and
keys.html at the site root list every public key seen and the runs each signed.

${exitCodeHelp({ ok: 'the site was built (unreadable records are listed on it)', finding: 'not used' })}`;

export interface BoardArgs {
  runs: string[];
  out: string;
  secrets: string[];
  from?: string;
  rosterId?: string;
  signingKey?: string;
}

/** `board` arguments, read; an old flag spelling is read, and `io.err` (when given) gets its one line. */
export function parseBoardArgs(
  argv: readonly string[],
  io: Pick<CommandIO, 'cwd' | 'env'> & Partial<Pick<CommandIO, 'err'>>,
): BoardArgs {
  const collected = collect(argv, BOARD_FLAGS, { command: 'board', dashDash: false });
  for (const line of collected.notices) io.err?.(line);
  const s = settingsFrom(BOARD_FLAGS, collected.flags);
  const runs = s.runs ?? [];
  const { from, rosterId, site: out } = s;
  const secrets = scrubbedValues(s.scrubEnv ?? [], io.env);
  const signingKey = s.signingKeyPath === undefined ? undefined : resolve(io.cwd, s.signingKeyPath);
  if (from !== undefined && parseQueueUrl(from).kind !== 'postgres')
    throw new UsageError('--from needs a postgres:// URL (the results table of a PostgreSQL roster queue)');
  if (from !== undefined && runs.length > 0) throw new UsageError('--from and --runs: name one source');
  return {
    runs: (runs.length > 0 ? runs : ['fitness-runs']).map((d) => resolve(io.cwd, d)),
    out: resolve(io.cwd, out ?? 'fitness-site'),
    secrets,
    ...(from === undefined ? {} : { from }),
    ...(rosterId === undefined ? {} : { rosterId }),
    ...(signingKey === undefined ? {} : { signingKey }),
  };
}

export const boardCommand: Command = {
  name: 'board',
  usage: USAGE,
  flags: BOARD_FLAGS,
  async run(argv, io) {
    let args: BoardArgs;
    try {
      args = parseBoardArgs(argv, io);
      if (args.from === undefined)
        for (const dir of args.runs)
          if (!existsSync(dir)) throw new UsageError(`--runs ${dir}: no such directory`);
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      io.err(`fitness-report board: ${plain(err.message)}`);
      return 2;
    }
    const fromTable =
      args.from === undefined ? undefined : mkdtempSync(join(tmpdir(), 'fitness-board-from-'));
    try {
      if (args.from !== undefined && fromTable !== undefined) {
        try {
          await checkReachable(parseQueueUrl(args.from));
        } catch (err) {
          io.err(`fitness-report board: ${plain(describeError(err))}`);
          return 2;
        }
        const table = new ResultsTable(args.from);
        try {
          await table.materialise(fromTable, args.rosterId);
        } finally {
          await table.close();
        }
      }
      return await build({ ...args, runs: fromTable === undefined ? args.runs : [fromTable] }, io);
    } finally {
      if (fromTable !== undefined) rmSync(fromTable, { recursive: true, force: true });
    }
  },
};

async function build(args: BoardArgs, io: Pick<CommandIO, 'out' | 'err'>): Promise<number> {
  let result: Awaited<ReturnType<typeof buildSite>>;
  try {
    result = await buildSite({
      runs: args.runs,
      out: args.out,
      secrets: args.secrets,
      ...(args.signingKey === undefined ? {} : { signingKeyPath: args.signingKey }),
    });
  } catch (err) {
    if (!(err instanceof SignatureError)) throw err;
    io.err(`fitness-report board: ${plain(err.message)}`);
    return 2;
  }
  for (const u of result.unreadable) io.err(`unreadable: ${plain(u.path)}: ${plain(u.reason)}`);
  io.out(
    `built ${result.out}: ${plural(result.runs, 'run')} in ${plural(result.groups, 'group')}` +
      (result.unreadable.length > 0 ? `; ${result.unreadable.length} unreadable (listed on the board)` : ''),
  );
  return 0;
}
