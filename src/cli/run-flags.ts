import { UsageError } from '../core/errors.js';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL } from '../models/defaults.js';
import { PREREG_DEFAULTS } from '../record/prereg.js';
import { durationText, parseDuration, parseSize, sizeText } from '../run/duration.js';
import { givenPair } from '../run/given.js';
import {
  GeneratorName,
  SETTING_MAX,
  ServerStarts,
  SettingsFields,
  type SettingsInput,
} from '../run/settings.js';
import { type Flag, flagHelp, flagsFor } from './flags.js';
import { signingKeyFlag } from './shared-flags.js';

/** `12` → 12; anything but an integer is a usage error naming the flag (ranges are the schema's). */
export function integer(text: string, flag: string): number {
  if (!/^-?\d+$/.test(text)) throw new UsageError(`${flag} needs an integer, got '${text}'`);
  return Number(text);
}

const text = (t: string) => t;

function generator(t: string, flag: string): GeneratorName {
  if (t === 'explore/1')
    throw new UsageError(`${flag} explore/1 was replaced by explore/2 (its records stay readable)`);
  const parsed = GeneratorName.safeParse(t);
  if (!parsed.success) throw new UsageError(`${flag} must be explore/2 or judge/1, got '${t}'`);
  return parsed.data;
}

function serverStarts(t: string, flag: string): ServerStarts {
  const parsed = ServerStarts.safeParse(t);
  if (!parsed.success) throw new UsageError(`${flag} must be ahead, one-at-a-time or on-connect, got '${t}'`);
  return parsed.data;
}

const TOOL_NAME = /^[A-Za-z0-9_.\-/]{1,128}$/;

/** `--read-only a,b --read-only c` → [a, b, c]; a name that is not a tool name is a usage error. */
function toolNames(texts: readonly string[], flag: string): string[] {
  const names = texts.flatMap((list) =>
    list
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  );
  for (const name of names)
    if (!TOOL_NAME.test(name))
      throw new UsageError(`${flag} needs tool names separated by commas, got '${name}'`);
  if (names.length === 0) throw new UsageError(`${flag} needs at least one tool name`);
  return names;
}

const given = (texts: readonly string[]) => Object.fromEntries(texts.map(givenPair));

/** A setting's upper bound as `--help` says it, in its flag's unit (`at most 168h`, `at most 1GB`). */
function limitText(key: keyof SettingsInput): string | undefined {
  if (!(key in SETTING_MAX)) return undefined;
  const max = SETTING_MAX[key as keyof typeof SETTING_MAX];
  if (key === 'budgetMs') return `at most ${durationText(max)}`;
  if (key === 'tapeCapBytes') return `at most ${sizeText(max)}`;
  return `at most ${max}${key.endsWith('Ms') ? `, i.e. ${durationText(max)}` : ''}`;
}

/** The builders of flags that write a run setting (typed against the settings schema's keys). */
export const settingsFlag = flagsFor<SettingsInput>(
  (key) => SettingsFields.shape[key].description,
  limitText,
);
const on = settingsFlag;
const int = (
  key: 'tasks' | 'extensions' | 'batchTasks' | 'concurrency' | 'maxSteps' | 'tokenBudget',
  flag: string,
) => on.value(key, { flag, arg: 'N', parse: integer });
const rep = (field: 'nulls' | 'construct' | 'drive') =>
  on.value('reps', {
    flag: `--reps-${field}`,
    arg: 'N',
    field,
    help: SettingsFields.shape.reps.unwrap().shape[field].description ?? '',
    parse: (t, flag) => ({ [field]: integer(t, flag) }),
    show: (reps) => String(reps[field] ?? ''),
  });

export const MODEL_FLAGS: readonly Flag<SettingsInput>[] = [
  on.value('runner', {
    flag: '--runner',
    arg: 'MODEL',
    parse: text,
    help: `provider:model (anthropic:…, openai:…, openai-compatible:…) or heuristic. Default: ${DEFAULT_ANTHROPIC_MODEL} when ANTHROPIC_API_KEY is set, else ${DEFAULT_OPENAI_MODEL} when OPENAI_API_KEY is set, else heuristic (offline, no paid call). An exported key makes the run paid: name --runner heuristic to stay offline.`,
  }),
  on.value('judge', {
    flag: '--judge',
    arg: 'MODEL',
    parse: text,
    help: 'the judge (judge/1 generator, destructiveness inference); default as --runner',
  }),
  on.value('generator', {
    flag: '--generator',
    arg: 'G',
    parse: generator,
    help: 'explore/2 | judge/1; default judge/1 with a model key, explore/2 without',
  }),
];

export const REGISTRATION_FLAGS: readonly Flag<SettingsInput>[] = [
  on.value('tasks', {
    flag: '--tasks',
    arg: 'N',
    parse: integer,
    note: `below ${PREREG_DEFAULTS.minTasks} is INSUFFICIENT_SURFACE`,
  }),
  rep('nulls'),
  rep('construct'),
  rep('drive'),
  int('extensions', '--extensions'),
  int('batchTasks', '--batch-tasks'),
  on.value('seed', {
    flag: '--seed',
    arg: 'N',
    parse: integer,
    default:
      'fresh and random per run, so two runs are two measurements; recorded in policy.json and prereg.json: give it to reproduce a run',
  }),
  on.value('budgetMs', {
    flag: '--budget',
    arg: 'DURATION',
    parse: (t, flag) => parseDuration(flag, t),
    show: durationText,
    help: 'wall-clock budget of the whole run: a number with its unit (ms, s, m, h), e.g. 90s, 45m, 2h; a bare number is a usage error. When it runs out the run ends VOID budget_exhausted',
  }),
  int('maxSteps', '--max-steps'),
  on.value('trialTimeoutMs', { flag: '--trial-timeout', arg: 'MS', parse: integer }),
  int('tokenBudget', '--token-budget'),
  on.value('callTimeoutMs', { flag: '--call-timeout', arg: 'MS', parse: integer }),
  on.value('connectTimeoutMs', { flag: '--connect-timeout', arg: 'MS', parse: integer }),
  on.switch('allowDestructive', {
    flag: '--allow-destructive',
    value: true,
    default: 'not allowed; the record says so',
  }),
  on.list('readOnly', {
    flag: '--read-only',
    arg: 'TOOL,...',
    parse: toolNames,
    help: 'tools you assert only read (repeatable): explorable, recorded as your assertion',
  }),
  on.switch('inferReadOnly', {
    flag: '--no-infer-read-only',
    value: false,
    help: 'explore only declared and asserted read-only tools',
  }),
  on.list('given', {
    flag: '--given',
    arg: 'NAME=VALUE',
    parse: given,
    help: "context a user would give the agent (repeatable), e.g. repo_path=/srv/repo: prompts may name it, it is never an answer key; the target's own argv, env and cwd entries that are existing paths are added as derived context",
  }),
  on.switch('screen', {
    flag: '--no-screen',
    value: false,
    help: 'skip the generation-time null screen',
    default: 'screened',
  }),
  on.switch('curtail', {
    flag: '--no-curtail',
    value: false,
    help: "run every phase's registered sample even when its decision can no longer change",
    default:
      'a null phase stops on a certain KILL, construct on a certain refusal; never the drive; pre-registered, and verify re-proves it',
  }),
];

/** How a stdio server's processes start; `run` and `roster` (for every entry) both take it. */
export const SERVER_STARTS_FLAG: Flag<SettingsInput> = on.value('serverStarts', {
  flag: '--server-starts',
  arg: 'MODE',
  parse: serverStarts,
  help: "stdio: how each trial's fresh server process starts: ahead (side by side, while earlier trials run), one-at-a-time (each once the one before has answered its first request: use it for a server whose processes share one data store, such as a SQLite file, so they never initialise it at once), on-connect (side by side, when its trial starts)",
  default: 'ahead',
});

export const HARNESS_FLAGS: readonly Flag<SettingsInput>[] = [
  int('concurrency', '--concurrency'),
  SERVER_STARTS_FLAG,
  on.value('outDir', {
    flag: '--out',
    arg: 'DIR',
    parse: text,
    help: 'parent of the run directory',
    default: 'fitness-runs',
  }),
  signingKeyFlag(
    "the publisher's Ed25519 key (PEM) that signs the run; refused inside --out. An unusable key never stops the run: it is recorded unsigned and its record says why (see `fitness-report key`)",
  ),
  on.value('tapeCapBytes', {
    flag: '--tape-cap',
    arg: 'SIZE',
    parse: (t, flag) => parseSize(flag, t),
    show: sizeText,
    help: "bytes one session may write to a tape, e.g. 64MB; past it the session's later lines are dropped and the cut is recorded",
  }),
];

/** Every settings flag of `run`. */
export const RUN_FLAGS: readonly Flag<SettingsInput>[] = [
  ...MODEL_FLAGS,
  ...REGISTRATION_FLAGS,
  ...HARNESS_FLAGS,
];

/** A section's lines of `run --help`, with the schema's defaults (the seed's is said in words). */
export function settingsHelp(flags: readonly Flag<SettingsInput>[]): string {
  return flagHelp(flags, SettingsFields.parse({}));
}
