import { z } from 'zod';
import { tracesUrl } from '../export/index.js';
import { type Flag, flagHelp, flagsFor } from './flags.js';
import { type JsonSetting, jsonFlag } from './shared-flags.js';
import { headers } from './target-flags.js';

const text = (t: string) => t;

/** An endpoint `export` can send to: the exporter's own rule (`tracesUrl`), asked before the run. */
function isEndpoint(t: string): boolean {
  try {
    tracesUrl(t);
    return true;
  } catch {
    return false;
  }
}

/** What `run --json` prints. */
const RUN_JSON =
  'the outcome and its exit code, the refusal or VOID block, first-try k/n with its plain Wilson and clustered intervals (copied from the record), the run directory, the record path and its sha256';

function jsonHelp(what: string): string {
  return `print ${what} on stdout as one JSON document (schema fitness-report.result/1); every other line goes to stderr`;
}

/**
 * What `run` does with its output, beside the run's settings: how progress is shown and where the
 * recorded run is sent as OpenTelemetry spans. None of it is registered or recorded; the flags in
 * `OUTPUT_FLAGS` are typed against these keys and read through this schema.
 */
export const OutputOptions = z
  .object({
    plain: z
      .boolean()
      .default(false)
      .describe('plain progress lines only, even on a terminal (what a pipe or a file gets)'),
    json: z.boolean().default(false).describe(jsonHelp(RUN_JSON)),
    otlp: z
      .string()
      .refine(isEndpoint, { error: 'must be an http or https URL' })
      .optional()
      .describe(
        'when the run is recorded, send it to this OTLP/HTTP endpoint as spans (what `export otlp RUN --endpoint URL` sends; see `export --help`)',
      ),
    otlpHeaders: z
      .record(z.string(), z.string())
      .default({})
      .describe('header for the OTLP endpoint (repeatable; never written anywhere)'),
    otlpContent: z
      .boolean()
      .default(false)
      .describe('include tool arguments/results and model text in the spans'),
  })
  .superRefine((o, ctx) => {
    if (o.otlp !== undefined) return;
    if (Object.keys(o.otlpHeaders).length > 0)
      ctx.addIssue({ code: 'custom', path: ['otlpHeaders'], message: 'needs --otlp URL' });
    if (o.otlpContent) ctx.addIssue({ code: 'custom', path: ['otlpContent'], message: 'needs --otlp URL' });
  });
export type OutputInput = z.input<typeof OutputOptions>;
export type OutputOptions = z.output<typeof OutputOptions>;

const on = flagsFor<OutputInput>((key) => OutputOptions.shape[key].description);

/**
 * `--json` (src/cli/shared-flags.ts) as `run`, `verify` and `probe` mean it: stdout carries exactly
 * one `fitness-report.result/1` document (src/record/result.ts; the object the library's job
 * returns) and every line meant for a person (progress, the live block, tables, warnings) goes to
 * stderr. `what` says what the command's document holds.
 */
export const resultJsonFlag = (what: string): Flag<JsonSetting> => jsonFlag(jsonHelp(what));

/** `--plain`, `--json`: the Display section of `run --help`. */
export const DISPLAY_FLAGS: readonly Flag<OutputInput>[] = [
  on.switch('plain', { flag: '--plain', value: true }),
  resultJsonFlag(RUN_JSON),
];

/** `--otlp URL`, `--otlp-header 'K: V'`, `--otlp-content`: the Export section of `run --help`. */
export const OTLP_FLAGS: readonly Flag<OutputInput>[] = [
  on.value('otlp', { flag: '--otlp', arg: 'URL', parse: text }),
  on.list('otlpHeaders', { flag: '--otlp-header', arg: "'K: V'", parse: headers }),
  on.switch('otlpContent', { flag: '--otlp-content', value: true, default: 'off' }),
];

/** Every output flag of `run`. */
export const OUTPUT_FLAGS: readonly Flag<OutputInput>[] = [...DISPLAY_FLAGS, ...OTLP_FLAGS];

/** A section's lines of `run --help`. */
export const outputHelp = (flags: readonly Flag<OutputInput>[]): string =>
  flagHelp(flags, OutputOptions.parse({}));
