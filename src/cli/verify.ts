import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { jsonText } from '../core/escape/json.js';
import type { VerifyReport } from '../record/result.js';
import { fetchLimitsHelp } from '../run/fetch-limits.js';
import { verifyFitnessRun } from '../run/verify.js';
import { formatChecks } from '../run/verify-table.js';
import { RUN_FILES } from '../tape/file-names.js';
import { configEnv, TRUST_FILE } from '../tape/publisher.js';
import { loadTrust } from '../tape/trust.js';
import type { Command } from './command.js';
import { describeError, UsageError } from './errors.js';
import { exitCodeHelp, plural } from './exit-codes.js';
import { collect, type Flag, flagHelp, flagsFor, settingsFrom } from './flags.js';
import { resultJsonFlag } from './output-flags.js';
import { type JsonSetting, type TrustSetting, trustFlag } from './shared-flags.js';
import { verifyRemote } from './verify-remote.js';

interface VerifySettings extends TrustSetting, JsonSetting {
  allowUntrusted?: boolean;
}

/** verify's flags: whom to trust, and whether an untrusted signer fails the check. */
const VERIFY_FLAGS: readonly Flag<VerifySettings>[] = [
  trustFlag('trust this signer (repeatable): a PEM public key file or a fingerprint'),
  flagsFor<VerifySettings>().switch('allowUntrusted', {
    flag: '--allow-untrusted',
    value: true,
    help: 'report an untrusted signer without failing (integrity is still checked)',
  }),
  resultJsonFlag(
    '{ok, exitCode, signer: {keyid, trusted, trustedAs}, checks: [{check, ok, detail}]} instead of the table',
  ),
];

const USAGE = `Usage: fitness-report verify [--trust KEYFILE|FINGERPRINT]... [--allow-untrusted] [--json] RUN_DIR|SITE_URL

Checks a run as a sceptic would, and prints a table of every check:
  signature    the DSSE envelope (Ed25519) verifies over the manifest
  signer       who signed it, and whether you trust that key: your own publisher key (\`fitness-report
               key\`), a key or fingerprint named with --trust, or one line of the ${TRUST_FILE} file in
               $XDG_CONFIG_HOME/fitness-report/ (a fingerprint ed25519:<64 hex> or a PEM public key)
  files        every file the manifest lists has its signed length and sha256
  complete     the directory holds nothing the manifest does not list (an added file is a finding)
  links        no symbolic link (never followed)
  run id, suite hash, record signer   the manifest is this run's, with this suite, by the key the record names
  prereg, suite                       prereg.json's sha256 and suite.json's hash as the record states them
  gate …, interval …, outcome         every gate verdict, the Wilson intervals and the outcome recomputed
                                      from the stored counts with the same pure functions the run used
  tape counts …                       the record's trial counts recounted from the agent tape
  rerun (a directory with rerun.json)  custody as above; the rerun policy's sha256, test and alpha;
                                      the task-level sign-flip test (from the per-task counts), the
                                      McNemar p-value and both Wilson intervals recomputed; the
                                      original beside it unmodified; and the pairing (pairs, b, c,
                                      per-task counts, verdict) re-derived from both runs' agent tapes

SITE_URL is a published run on a board (https://…/runs/<run-id>/): its files are fetched into a
temporary folder and checked the same way. The folder is removed afterwards, on an error and on
Ctrl-C (SIGINT, SIGTERM, SIGHUP). The fetch is bounded:
${fetchLimitsHelp()
  .map((line) => `  ${line}`)
  .join('\n')}
A fetch past a limit fails (exit 3) naming the URL and the limit; to check a larger or slower run,
copy its folder and verify the copy. File names that cannot all be files of one folder (\`a\` and
\`a/b\`, or two that differ only in case) are a mismatch (exit 1).

${flagHelp(VERIFY_FLAGS, {})}

${exitCodeHelp({ ok: 'verified: every check agrees and the signer is trusted', finding: 'a mismatch, an unsigned run or an untrusted signer' })}`;

/** A path that is not a run directory is the caller's mistake, not a mismatch in somebody's run. */
export function runDir(path: string): string {
  if (!existsSync(path)) throw new UsageError(`${path}: no such run directory`);
  if (!statSync(path).isDirectory()) throw new UsageError(`${path}: not a directory (give a run directory)`);
  if (!existsSync(join(path, RUN_FILES.record)) && !existsSync(join(path, RUN_FILES.rerun)))
    throw new UsageError(`${path}: not a run directory (no record.json)`);
  return path;
}

function parse(argv: readonly string[]): {
  target: string;
  trust: string[];
  allowUntrusted: boolean;
  json: boolean;
} {
  const collected = collect(argv, VERIFY_FLAGS, { command: 'verify', positional: true, dashDash: false });
  const settings = settingsFrom(VERIFY_FLAGS, collected.flags);
  const [target, ...rest] = collected.positional;
  if (target === undefined || rest.length > 0)
    throw new UsageError('verify needs exactly one RUN_DIR or SITE_URL');
  return {
    target,
    trust: settings.trust ?? [],
    allowUntrusted: settings.allowUntrusted === true,
    json: settings.json === true,
  };
}

export const verifyCommand: Command = {
  name: 'verify',
  usage: USAGE,
  flags: VERIFY_FLAGS,
  async run(argv, io) {
    const args = parse(argv);
    let trust: ReturnType<typeof loadTrust>;
    try {
      trust = loadTrust(args.trust, configEnv(io.env), (p) => resolve(io.cwd, p));
    } catch (err) {
      throw new UsageError(describeError(err));
    }
    const verify = (dir: string) => verifyFitnessRun(dir, { trust, allowUntrusted: args.allowUntrusted });
    // With --json the table is for a person (stderr) and stdout carries the report alone.
    const print = (report: VerifyReport): number => {
      const human = args.json ? io.err : io.out;
      for (const line of formatChecks(report.checks)) human(line);
      const failed = report.checks.filter((c) => !c.ok).length;
      human(report.ok ? 'verified' : `NOT VERIFIED: ${plural(failed, 'problem')}`);
      if (args.json) io.out(jsonText(report));
      return report.exitCode;
    };
    if (/^https?:\/\//i.test(args.target)) return verifyRemote(args.target, verify, io, print);
    return print((await verify(runDir(resolve(io.cwd, args.target)))).report);
  },
};
