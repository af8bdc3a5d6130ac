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

const USAGE = `Usage: fitness-report board [--runs DIR...] [--out SITE] [--secret-env NAME...] [--signing-key FILE]
       fitness-report board --from postgres://… [--roster-id ID] [--out SITE]

Builds the static site from run records: the board (index.html), one page per run, the methods
page, the tape viewer, the published run files under runs/<run-id>/ and a _headers file.
  --runs DIR...       run directories, or directories of runs (default: fitness-runs); repeatable
  --out SITE          where to write the site (default: fitness-site); a previous build there is replaced
  --secret-env NAME   scrub the value of this environment variable from every published file; repeatable
  --signing-key FILE  the board builder's Ed25519 key (PEM) that signs each run's redaction.json; default
                      $XDG_CONFIG_HOME/fitness-report/signing-key.pem (else ~/.config/…), created on first use
  --from URL          build from the results table a PostgreSQL roster queue wrote (every run, or one roster's)
  --roster-id ID      with --from: only that roster's runs
Records are validated and migrated on read; a record that cannot be read is listed on the board with
its path and reason. Serve the result with \`fitness-report serve SITE\`.

Published run files are redacted copies, never the originals: known secrets (--secret-env) are
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

/** Values following a flag up to the next flag. */
function values(argv: readonly string[], from: number): string[] {
  const out: string[] = [];
  for (let i = from; i < argv.length && !argv[i]?.startsWith('--'); i += 1) out.push(argv[i] ?? '');
  return out;
}

export function parseBoardArgs(argv: readonly string[], io: Pick<CommandIO, 'cwd' | 'env'>): BoardArgs {
  const runs: string[] = [];
  const secrets: string[] = [];
  let out: string | undefined;
  let from: string | undefined;
  let rosterId: string | undefined;
  let signingKey: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const vals = values(argv, i + 1);
    if (flag === '--runs') {
      if (vals.length === 0) throw new UsageError('--runs needs at least one directory');
      runs.push(...vals);
    } else if (flag === '--out') {
      if (vals.length !== 1) throw new UsageError('--out needs exactly one directory');
      out = vals[0];
    } else if (flag === '--from' || flag === '--roster-id') {
      if (vals.length !== 1) throw new UsageError(`${flag} needs exactly one value`);
      if (flag === '--from') from = vals[0];
      else rosterId = vals[0];
    } else if (flag === '--signing-key') {
      if (vals.length !== 1) throw new UsageError('--signing-key needs exactly one key file');
      signingKey = resolve(io.cwd, vals[0] ?? '');
    } else if (flag === '--secret-env') {
      if (vals.length === 0) throw new UsageError('--secret-env needs a variable name');
      for (const name of vals) {
        const value = io.env[name];
        if (value === undefined || value === '')
          throw new UsageError(`--secret-env ${name}: the variable is not set`);
        secrets.push(value);
      }
    } else {
      throw new UsageError(`unknown argument '${flag ?? ''}'`);
    }
    i += vals.length;
  }
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
  async run(argv, io) {
    let args: BoardArgs;
    try {
      args = parseBoardArgs(argv, io);
      if (args.from === undefined)
        for (const dir of args.runs)
          if (!existsSync(dir)) throw new UsageError(`--runs ${dir}: no such directory`);
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      io.err(`fitness-report board: ${err.message} (try board --help)`);
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
