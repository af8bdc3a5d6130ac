import { durationText, MAX_WAIT_MS } from '../run/duration.js';
import { UsageError } from './errors.js';
import { type Flag, flagsFor } from './flags.js';

/**
 * The flags more than one command takes, each declared once here: a command puts the declaration
 * in its own table (typed against its settings, whose key has the same name), so the flag is read,
 * checked and described by `--help` the same way everywhere. A command says in `help` what the flag
 * means for it; the name means one thing across commands.
 */

const text = (t: string) => t;

/** The setting `--json` writes. */
export interface JsonSetting {
  json?: boolean;
}

/** `--json`: stdout carries one JSON document, which `help` names (`print … as one JSON document`). */
export function jsonFlag(help: string): Flag<JsonSetting> {
  return flagsFor<JsonSetting>().switch('json', { flag: '--json', value: true, help });
}

/** The formats a report can be printed in: text for a terminal or a log, JSON, Markdown for a PR. */
const REPORT_FORMATS = ['text', 'json', 'markdown'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The settings `--json` and `--format` write. */
export interface FormatSetting extends JsonSetting {
  format?: ReportFormat;
}

function reportFormatText(t: string, flag: string): ReportFormat {
  const found = REPORT_FORMATS.find((f) => f === t);
  if (found === undefined) throw new UsageError(`${flag} must be text, json or markdown (got ${t})`);
  return found;
}

/**
 * `--json` and `--format text|json|markdown` for a command that prints a report; `what` names the
 * JSON document (its schema) in the help. `--json` is `--format json`.
 */
export function formatFlags(what: string): Flag<FormatSetting>[] {
  return [
    jsonFlag(`print ${what} as one JSON document on stdout (as --format json)`),
    flagsFor<FormatSetting>().value('format', {
      flag: '--format',
      arg: 'FORMAT',
      parse: reportFormatText,
      help: 'text, json (as --json) or markdown (a report to paste into a pull request, an issue or a job summary)',
      default: 'text',
    }),
  ];
}

/** The format `--json` and `--format` chose; the two naming different formats is a usage error. */
export function reportFormat(s: FormatSetting): ReportFormat {
  if (s.json === true && s.format !== undefined && s.format !== 'json')
    throw new UsageError(`--json and --format ${s.format}: give one format`);
  return s.format ?? (s.json === true ? 'json' : 'text');
}

/** The setting `--trust` writes: every key file or fingerprint given, in order. */
export interface TrustSetting {
  trust?: string[];
}

/**
 * `--trust KEYFILE|FINGERPRINT` (repeatable) for every command that decides whom to trust; `help`
 * says what trusting a key lets it do. The values are read by `trustArgument` / `loadTrust`
 * (src/tape/trust.ts).
 */
export function trustFlag(help: string): Flag<TrustSetting> {
  return flagsFor<TrustSetting>().list('trust', {
    flag: '--trust',
    arg: 'KEYFILE|FINGERPRINT',
    parse: (texts) => [...texts],
    help,
  });
}

/** The setting `--signing-key` writes: the publisher key's file, as given (resolved by the loader). */
export interface SigningKeySetting {
  signingKeyPath?: string;
}

/**
 * `--signing-key FILE`: the publisher's Ed25519 key (PEM) for every command that signs or shows it;
 * `help` says what it signs. Loaded by one function, `signingKeyAt` (src/tape/signing-key.ts).
 */
export function signingKeyFlag(help: string): Flag<SigningKeySetting> {
  return flagsFor<SigningKeySetting>().value('signingKeyPath', {
    flag: '--signing-key',
    arg: 'FILE',
    parse: text,
    help,
    default:
      '$XDG_CONFIG_HOME/fitness-report/signing-key.pem (else ~/.config/…), created mode 0600 on first use',
  });
}

/** The setting `--out` writes: where the command writes what it makes. */
export interface OutSetting {
  out?: string;
}

/**
 * `--out DIR`: the folder a command writes into (runs, a site, a report); `help` says what goes
 * there and `default` where it goes without the flag.
 */
export function outFlag(spec: { arg?: string; help: string; default: string }): Flag<OutSetting> {
  return flagsFor<OutSetting>().value('out', {
    flag: '--out',
    arg: spec.arg ?? 'DIR',
    parse: text,
    help: spec.help,
    default: spec.default,
  });
}

/** The setting `--secret-env NAME` writes when it names variables to scrub (board, export). */
export interface ScrubEnvSetting {
  scrubEnv?: string[];
}

/**
 * `--scrub-env NAME`: scrub the value of this variable of the command's own environment from
 * everything it publishes or sends (board, export). Not `run`'s `--secret-env K=V`, which gives a
 * stdio server a secret variable.
 */
export function scrubEnvFlag(help: string): Flag<ScrubEnvSetting> {
  return flagsFor<ScrubEnvSetting>().list('scrubEnv', {
    flag: '--scrub-env',
    arg: 'NAME',
    parse: (texts) => [...texts],
    help,
  });
}

/** The values of the variables `--scrub-env` named; an unset or empty one is a usage error. */
export function scrubbedValues(names: readonly string[], env: NodeJS.ProcessEnv): string[] {
  return names.map((name) => {
    const value = env[name];
    if (value === undefined || value === '')
      throw new UsageError(`--scrub-env ${name}: the variable is not set`);
    return value;
  });
}

/** The setting `--timeout` writes: how long to wait for the other side, in milliseconds. */
export interface WaitSetting {
  timeoutMs?: number;
}

function positiveMs(t: string, flag: string): number {
  if (!/^\d+$/.test(t) || Number(t) <= 0)
    throw new UsageError(`${flag} needs a positive integer (ms), got '${t}'`);
  if (Number(t) > MAX_WAIT_MS) throw new UsageError(`${flag} must be an integer ≤ ${MAX_WAIT_MS}, got ${t}`);
  return Number(t);
}

/**
 * `--timeout MS`: how long one request to the other side (a server, an endpoint) may wait for its
 * answer, at most a day; `help` names the request and `byDefault` the wait without the flag.
 */
export function waitFlag(help: string, byDefault: string): Flag<WaitSetting> {
  return flagsFor<WaitSetting>().value('timeoutMs', {
    flag: '--timeout',
    arg: 'MS',
    parse: positiveMs,
    help,
    default: byDefault,
    note: `at most ${MAX_WAIT_MS}, i.e. ${durationText(MAX_WAIT_MS)}`,
  });
}
