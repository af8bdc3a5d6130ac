import { resolve } from 'node:path';
import { jsonText } from '../core/escape/json.js';
import { plain } from '../core/escape/terminal.js';
import type { CompareResult } from '../record/compare.js';
import { type CompareOptions, compareFitnessRuns } from '../run/compare.js';
import { fetchLimitsHelp } from '../run/fetch-limits.js';
import { configEnv } from '../tape/publisher.js';
import { loadTrust } from '../tape/trust.js';
import type { Command } from './command.js';
import { compareMarkdown, compareText } from './compare-render.js';
import { describeError, FitnessError, UsageError } from './errors.js';
import { EXIT, exitCodeHelp } from './exit-codes.js';
import { collect, type Flag, flagHelp, flagsFor, settingsFrom } from './flags.js';
import { isUrl, localRunDir, withRunDirs } from './run-source.js';
import {
  type FormatSetting,
  formatFlags,
  type ReportFormat,
  reportFormat,
  type TrustSetting,
  trustFlag,
} from './shared-flags.js';

interface CompareSettings extends TrustSetting, FormatSetting {
  allowUntrusted?: boolean;
}

const COMPARE_FLAGS: readonly Flag<CompareSettings>[] = [
  ...formatFlags('the comparison (fitness-report.compare/1)'),
  trustFlag('trust this signer of A or B (repeatable): a PEM public key file or a fingerprint'),
  flagsFor<CompareSettings>().switch('allowUntrusted', {
    flag: '--allow-untrusted',
    value: true,
    help: 'compare runs whose signer you do not trust (their files and verdicts are still checked)',
  }),
];

const USAGE = `Usage: fitness-report compare A B [--json | --format text|json|markdown] [--trust KEYFILE|FINGERPRINT]... [--allow-untrusted]

Compares run B (the newer one) with run A (the baseline): the same server measured twice. A and B
are run directories or published runs on a board (https://…/runs/<run-id>/, fetched as verify
fetches them, within its limits). Each run must verify first (signature, every file, a signer you
trust, every verdict re-derived); one that does not is refused in one line.

  same suite hash and runner   paired per task: the exact sign-flip test over tasks (the rerun's test)
                               decides, at the runs' registered alpha; the tasks that flipped are listed
  different suites, one server unpaired: Newcombe's hybrid score interval of B − A on each rate's
                               effective sample size (task-clustered); worse only when the whole
                               interval is below 0, better only when it is above
  different runners, generators or registered alphas, two servers (different names and surface
  digests), a VOID run, a run a gate refused, records of different versions, or one run twice:
                               not compared, with one line saying which and both values

It prints both first-try rates with their intervals as the records state them, the difference
with its interval, the test, its p-value and the verdict (better, worse, no detectable change), the
gates and probes whose results changed, and the tool surface's changes (tools added, removed and
changed, by each tool's digest). Names from a server are printed inert in every format.

${flagHelp(COMPARE_FLAGS, {})}

Fetching a published run is bounded:
${fetchLimitsHelp()
  .map((line) => `  ${line}`)
  .join('\n')}

${exitCodeHelp({
  ok: 'compared, whatever the verdict: better, worse or no detectable change (a pipeline gates on a regression with run --baseline --fail-on regression, not on this exit code)',
  finding:
    'not compared: a run does not verify (a broken signature, an untrusted signer), is VOID or was refused by a gate, or the two are different servers, runners, generators, alphas or record versions',
})}
One run given twice (the same path, or a copy with the same run id) is a usage error (exit 2).`;

function parse(argv: readonly string[]): {
  targets: [string, string];
  settings: Partial<CompareSettings>;
  format: ReportFormat;
} {
  const collected = collect(argv, COMPARE_FLAGS, { command: 'compare', positional: true, dashDash: false });
  const settings = settingsFrom(COMPARE_FLAGS, collected.flags);
  const [a, b, ...rest] = collected.positional;
  if (a === undefined || b === undefined || rest.length > 0)
    throw new UsageError(
      'compare needs exactly two runs: A (the baseline) and B, each a RUN_DIR or SITE_URL',
    );
  return { targets: [a, b], settings, format: reportFormat(settings) };
}

function print(result: CompareResult, format: ReportFormat, out: (line: string) => void): void {
  if (format === 'json') out(jsonText(result));
  else if (format === 'markdown') out(compareMarkdown(result));
  else for (const line of compareText(result)) out(line);
}

export const compareCommand: Command = {
  name: 'compare',
  usage: USAGE,
  flags: COMPARE_FLAGS,
  async run(argv, io) {
    const { targets, settings, format } = parse(argv);
    const local = targets.map((t) => (isUrl(t) ? t : localRunDir(resolve(io.cwd, t))));
    if (local[0] === local[1])
      throw new UsageError(`A and B are the same run (${local[0]}): give two different runs`);
    let options: CompareOptions;
    try {
      options = {
        trust: loadTrust(settings.trust ?? [], configEnv(io.env), (p) => resolve(io.cwd, p)),
        allowUntrusted: settings.allowUntrusted === true,
      };
    } catch (err) {
      throw new UsageError(describeError(err));
    }
    let result: CompareResult;
    try {
      result = await withRunDirs(local, io, ([a, b]) => compareFitnessRuns(a ?? '', b ?? '', options));
    } catch (err) {
      if (!(err instanceof FitnessError) || err.code !== 'COMPARE_UNVERIFIED') throw err;
      io.err(`fitness-report compare: ${plain(describeError(err))}`);
      return EXIT.finding;
    }
    print(result, format, io.out);
    if (result.refusal === undefined) return EXIT.ok;
    return result.refusal.reason === 'same_run' ? EXIT.usage : EXIT.finding;
  },
};
