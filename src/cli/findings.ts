import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { jsonText } from '../core/escape/json.js';
import { findingsReport, reportMarkdown, reportText } from '../findings/report.js';
import { readRecord } from '../record/io.js';
import { RUN_FILES } from '../tape/file-names.js';
import type { Command } from './command.js';
import { UsageError } from './errors.js';
import { EXIT, exitCodeHelp } from './exit-codes.js';
import { collect, type Flag, flagHelp, settingsFrom } from './flags.js';
import {
  type FormatSetting,
  formatFlags,
  type OutSetting,
  outFlag,
  type ReportFormat,
  reportFormat,
} from './shared-flags.js';
import { runDir } from './verify.js';

const FINDINGS_FLAGS: readonly Flag<FormatSetting & OutSetting>[] = [
  ...formatFlags(
    'the report ("schema": "fitness-report.findings/1"; the record\'s findings block under "findings", or why there is none under "none")',
  ),
  outFlag({ arg: 'FILE', help: 'write the report to FILE instead of printing it', default: 'stdout' }),
];

const USAGE = `Usage: fitness-report findings RUN_DIR [--json | --format text|json|markdown] [--out FILE]

Prints what a server owner can act on, from the run's drive: wrong-tool selections, argument
misuse grouped by parameter, error texts that give the agent nothing to act on (and how many
trials recovered after an actionable one), structuredContent that breaks the declared
outputSchema, annotation findings (counted apart), and per-tool latency outliers (p95 against the
run's median tool). Each finding cites the tape lines behind it (plane:line), and each rewrite
proposal cites the findings it answers. Proposals come from the judge model when the run had one,
and otherwise from deterministic rules (rules/1), labelled as such.

A run that never drove (refused before the drive, or VOID) has no findings; this says so and why.

Names and texts from the server are printed inert in every format: in text, control characters and
line breaks show as escapes (\\n, \\x1b) and no line starts a workflow command; in markdown, names
are inline code and texts inline text, so nothing makes a heading, HTML, a link or a mention; in
JSON, characters a terminal acts on are \\u escapes (the same value).

Options:
${flagHelp(FINDINGS_FLAGS, {})}

${exitCodeHelp({ ok: 'the findings were printed (a drive with none prints that it found none)', finding: 'the run has no findings: it never completed a drive' })}`;

function parse(argv: readonly string[]): { dir: string; format: ReportFormat; out?: string } {
  const collected = collect(argv, FINDINGS_FLAGS, { command: 'findings', positional: true, dashDash: false });
  const settings = settingsFrom(FINDINGS_FLAGS, collected.flags);
  const [dir, ...rest] = collected.positional;
  if (dir === undefined || rest.length > 0) throw new UsageError('findings needs exactly one RUN_DIR');
  const format = reportFormat(settings);
  return { dir, format, ...(settings.out === undefined ? {} : { out: settings.out }) };
}

export const findingsCommand: Command = {
  name: 'findings',
  usage: USAGE,
  flags: FINDINGS_FLAGS,
  async run(argv, io) {
    const args = parse(argv);
    const dir = runDir(resolve(io.cwd, args.dir));
    const report = findingsReport(await readRecord(join(dir, RUN_FILES.record)));
    const text =
      args.format === 'json'
        ? jsonText(report)
        : args.format === 'markdown'
          ? reportMarkdown(report)
          : reportText(report).join('\n');
    if (args.out === undefined) io.out(text);
    else {
      writeFileSync(resolve(io.cwd, args.out), `${text}\n`);
      io.out(`findings: ${resolve(io.cwd, args.out)}`);
    }
    return 'none' in report ? EXIT.finding : EXIT.ok;
  },
};
