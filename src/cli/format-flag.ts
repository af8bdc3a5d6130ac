import { UsageError } from './errors.js';
import { type Flag, flagsFor } from './flags.js';

/** The formats a report can be printed in: text for a terminal or a log, JSON, Markdown for a PR. */
export const REPORT_FORMATS = ['text', 'json', 'markdown'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The setting `--json` and `--format` write. */
export interface FormatSetting {
  format?: ReportFormat;
}

function reportFormat(text: string, flag: string): ReportFormat {
  const found = REPORT_FORMATS.find((f) => f === text);
  if (found === undefined) throw new UsageError(`${flag} must be ${REPORT_FORMATS.join(', ')} (got ${text})`);
  return found;
}

/**
 * `--json` and `--format text|json|markdown`, declared once for a command that prints a report; `what`
 * names the JSON document (its schema) in the help.
 */
export function formatFlags(what: string): Flag<FormatSetting>[] {
  const on = flagsFor<FormatSetting>();
  return [
    on.switch('format', {
      flag: '--json',
      value: 'json',
      help: `print ${what} as one JSON document on stdout`,
    }),
    on.value('format', {
      flag: '--format',
      arg: 'FORMAT',
      parse: reportFormat,
      help: 'text, json (as --json) or markdown (a report to paste into a pull request or a job summary)',
      default: 'text',
    }),
  ];
}
