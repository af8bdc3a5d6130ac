import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Links, lineHref, ROOT } from '../board/pages/links.js';
import { jsonText } from '../core/escape/json.js';
import { findingsReport, reportText } from '../findings/report.js';
import { reportMarkdown } from '../findings/report-markdown.js';
import { readRecord } from '../record/io.js';
import { RUN_FILES } from '../tape/file-names.js';
import type { Command } from './command.js';
import { UsageError } from './errors.js';
import { EXIT, exitCodeHelp } from './exit-codes.js';
import { collect, type Flag, flagHelp, flagsFor, settingsFrom } from './flags.js';
import {
  type FormatSetting,
  formatFlags,
  type OutSetting,
  outFlag,
  type ReportFormat,
  reportFormat,
} from './shared-flags.js';
import { runDir } from './verify.js';

interface SiteUrlSetting {
  siteUrl?: string;
}

type FindingsSettings = FormatSetting & OutSetting & SiteUrlSetting;

const FINDINGS_FLAGS: readonly Flag<FindingsSettings>[] = [
  ...formatFlags(
    'the report ("schema": "fitness-report.findings/1"; the record\'s findings block under "findings", or why there is none under "none")',
  ),
  outFlag({ arg: 'FILE', help: 'write the report to FILE instead of printing it', default: 'stdout' }),
  flagsFor<FindingsSettings>().value('siteUrl', {
    flag: '--site-url',
    arg: 'URL',
    parse: (t) => t,
    help: 'markdown: link each evidence line to the board published at URL (URL/viewer.html?run=RUN#line=wire%3A12); without it, to the viewer path relative to the board root',
  }),
];

/** The links of the evidence: under the board at `siteUrl`, or relative to a board's root. */
function linksOf(siteUrl: string | undefined): Links {
  if (siteUrl === undefined) return ROOT;
  const url = URL.canParse(siteUrl) ? new URL(siteUrl) : undefined;
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new UsageError(`--site-url must be an http(s) URL (got ${siteUrl})`);
  return { base: url.href.endsWith('/') ? url.href : `${url.href}/` };
}

const USAGE = `Usage: fitness-report findings RUN_DIR [--json | --format text|json|markdown] [--out FILE] [--site-url URL]

Prints what a server owner can act on, from the run's drive: wrong-tool selections, argument
misuse grouped by parameter, error texts that give the agent nothing to act on (and how many
trials recovered after an actionable one), structuredContent that breaks the declared
outputSchema, annotation findings (counted apart), and per-tool latency outliers (p95 against the
run's median tool). Each finding cites the tape lines behind it (plane:line), and each rewrite
proposal cites the findings it answers. Proposals come from the judge model when the run had one,
and otherwise from deterministic rules (rules/1), labelled as such. A rules proposal gives each
change's exact text and why, and never goes against the server's own guidance (a tool it marks
deprecated, a description that says to use another tool instead): those findings are listed as
not proposed, with the server's words.

It starts from the drive's failures: every drive trial that failed on its first try is attributed,
from its own tape lines, to a cause (wrong-tool: the expected tool never called, another one was;
argument: a call rejected for an argument, of another kind than the plan's, or missing one the
plan passed; server-error: an error that is not about the arguments, quoted; timeout: budget, time
or an unanswered call; unread-result: the expected tool's result held the key and the answer
missed it) and to the finding that counts it, or listed as unexplained with its tape lines. The
report says how many failed first tries the findings explain, lists the unexplained, and ends with
the commands that reproduce the run (run over the recorded target, verify, rerun --with-rewrites).

A run that never drove (refused before the drive, or VOID) has no findings; this says so and why.

Names and texts from the server are printed inert in every format: in text, control characters and
line breaks show as escapes (\\n, \\x1b) and no line starts a workflow command; in markdown, names
are inline code and texts inline text, so nothing makes a heading, HTML, a link or a mention; in
JSON, characters a terminal acts on are \\u escapes (the same value).

Options:
${flagHelp(FINDINGS_FLAGS, {})}

${exitCodeHelp({ ok: 'the findings were printed (a drive with none prints that it found none)', finding: 'the run has no findings: it never completed a drive' })}`;

function parse(argv: readonly string[]): {
  dir: string;
  format: ReportFormat;
  out?: string;
  siteUrl?: string;
} {
  const collected = collect(argv, FINDINGS_FLAGS, { command: 'findings', positional: true, dashDash: false });
  const settings = settingsFrom(FINDINGS_FLAGS, collected.flags);
  const [dir, ...rest] = collected.positional;
  if (dir === undefined || rest.length > 0) throw new UsageError('findings needs exactly one RUN_DIR');
  const format = reportFormat(settings);
  return {
    dir,
    format,
    ...(settings.out === undefined ? {} : { out: settings.out }),
    ...(settings.siteUrl === undefined ? {} : { siteUrl: settings.siteUrl }),
  };
}

export const findingsCommand: Command = {
  name: 'findings',
  usage: USAGE,
  flags: FINDINGS_FLAGS,
  async run(argv, io) {
    const args = parse(argv);
    const dir = runDir(resolve(io.cwd, args.dir));
    const links = linksOf(args.siteUrl);
    const report = findingsReport(await readRecord(join(dir, RUN_FILES.record)), args.dir);
    const text =
      args.format === 'json'
        ? jsonText(report)
        : args.format === 'markdown'
          ? reportMarkdown(report, (ref) => lineHref(links, report.runId, ref))
          : reportText(report).join('\n');
    if (args.out === undefined) io.out(text);
    else {
      writeFileSync(resolve(io.cwd, args.out), `${text}\n`);
      io.out(`findings: ${resolve(io.cwd, args.out)}`);
    }
    return 'none' in report ? EXIT.finding : EXIT.ok;
  },
};
