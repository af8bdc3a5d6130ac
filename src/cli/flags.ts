import { UsageError } from '../core/errors.js';
import { formatPath } from '../core/issues.js';
import { isRecord } from '../core/json.js';

/**
 * One command-line flag, declared once: which setting it writes, how its text is read, and what
 * `--help` says about it. Built only by `flagsFor<T>()`, so its key is a real key of T and its
 * parser returns that key's type (the way Vitest types its CLI options against its config).
 */
export interface Flag<T> {
  readonly flag: string;
  /** The value's placeholder in help (`N`, `MODEL`); absent for a switch, which takes no value. */
  readonly arg?: string;
  readonly key: keyof T & string;
  /** The field of an object setting this flag writes (`--reps-drive` writes `reps.drive`). */
  readonly field?: string;
  readonly help: string;
  readonly note?: string;
  /** A list flag that takes every argument after it up to the next flag (`--runs a b c`). */
  readonly many?: boolean;
  /** An old spelling of the flag named here: still read, with a one-line notice, never listed in help. */
  readonly renamedTo?: string;
  /** The default as help says it (`default 16`, `default: fresh and random per run`), or undefined. */
  shown(defaults: T): string | undefined;
  /** Writes what the flag was given (every occurrence, in order) into the settings. */
  apply(into: Partial<T>, texts: readonly string[]): void;
}

export interface Common {
  flag: string;
  /** Help text; absent: the setting's description in its schema. */
  help?: string;
  /** The default in words, where the value alone would not say it (`fresh and random per run`). */
  default?: string;
  /** Said after the default, inside its parentheses (`below 8 is INSUFFICIENT_SURFACE`). */
  note?: string;
}
export interface ValueSpec<V> extends Common {
  arg: string;
  field?: string;
  /** Reads one value (the first occurrence); a bad one is a usage error naming `flag`. */
  parse(text: string, flag: string): V;
  /** The schema's default as help shows it (default: `String(value)`). */
  show?(value: V): string;
}
export interface ListSpec<V> extends Common {
  arg: string;
  /** Every argument after the flag up to the next flag is one of its values (`--runs a b c`). */
  many?: boolean;
  /** Reads every occurrence of a repeatable flag. */
  parse(texts: readonly string[], flag: string): V;
}
export interface SwitchSpec<V> extends Common {
  /** What the setting becomes when the flag is present. */
  value: V;
}

/** An object setting written by several flags keeps what each wrote (`--reps-nulls`, `--reps-drive`). */
function merged<V>(before: V | undefined, next: V): V {
  return isRecord(before) && isRecord(next) ? { ...before, ...next } : next;
}

const words = (text: string | undefined) => (text === undefined ? undefined : `default: ${text}`);

/**
 * The flag builders for settings of type T; `describe` gives a key's schema description and
 * `limit` the upper bound of a key (or of its `field`) as help says it (`at most 1000`), after the
 * flag's own note. A switch has no bound.
 */
export function flagsFor<T>(
  describe: (key: keyof T & string) => string | undefined = () => undefined,
  limit: (key: keyof T & string, field?: string) => string | undefined = () => undefined,
) {
  const base = <K extends keyof T & string>(key: K, spec: Common, bound?: string) => {
    const notes = [spec.note, bound].filter((n) => n !== undefined);
    return {
      flag: spec.flag,
      key,
      help: spec.help ?? describe(key) ?? '',
      ...(notes.length === 0 ? {} : { note: notes.join('; ') }),
    };
  };
  return {
    value<K extends keyof T & string>(key: K, spec: ValueSpec<NonNullable<T[K]>>): Flag<T> {
      return {
        ...base(key, spec, limit(key, spec.field)),
        arg: spec.arg,
        ...(spec.field === undefined ? {} : { field: spec.field }),
        shown: (defaults) => {
          const value = defaults[key];
          if (spec.default !== undefined || value === undefined || value === null) return words(spec.default);
          return `default ${spec.show ? spec.show(value) : String(value)}`;
        },
        apply: (into, texts) => {
          const text = texts[0];
          if (text !== undefined) into[key] = merged(into[key], spec.parse(text, spec.flag));
        },
      };
    },
    list<K extends keyof T & string>(key: K, spec: ListSpec<NonNullable<T[K]>>): Flag<T> {
      return {
        ...base(key, spec, limit(key)),
        arg: spec.arg,
        ...(spec.many === true ? { many: true } : {}),
        shown: () => words(spec.default),
        apply: (into, texts) => {
          into[key] = spec.parse(texts, spec.flag);
        },
      };
    },
    switch<K extends keyof T & string>(key: K, spec: SwitchSpec<NonNullable<T[K]>>): Flag<T> {
      return {
        ...base(key, spec),
        shown: () => words(spec.default),
        apply: (into) => {
          into[key] = merged(into[key], spec.value);
        },
      };
    },
  };
}

/**
 * The old spelling `old` of `flag`, read as `flag` for one more release: `collect` files it under
 * the new name and says so in one line (`Collected.notices`); help lists only the new name.
 */
export function renamed<T>(flag: Flag<T>, old: string): Flag<T> {
  return { ...flag, flag: old, renamedTo: flag.flag };
}

/** The settings the flags wrote, from what `collect` gathered; flags not given write nothing. */
export function settingsFrom<T>(flags: readonly Flag<T>[], given: ReadonlyMap<string, string[]>): Partial<T> {
  const into: Partial<T> = {};
  for (const f of flags) {
    const texts = given.get(f.flag);
    if (texts !== undefined) f.apply(into, texts);
  }
  return into;
}

/** The flag that writes a settings path (`['reps', 'drive']` → `--reps-drive`), else the path itself. */
export function flagOf<T>(flags: readonly Flag<T>[], path: readonly PropertyKey[]): string {
  const hit =
    flags.find((f) => f.key === path[0] && f.field !== undefined && f.field === path[1]) ??
    flags.find((f) => f.key === path[0] && f.field === undefined);
  return hit?.flag ?? formatPath(path);
}

export interface Collected {
  /** Each flag given, with its values in order (a switch has one, `true`). */
  flags: Map<string, string[]>;
  /** Arguments that are not flags (only where `positional` allows them). */
  positional: string[];
  /** Everything after `--`: a stdio server's command. */
  command: string[];
  /** One line per old flag spelling given (`--concurrency is now --jobs`), for stderr. */
  notices: string[];
}

/** What `collect` needs of a flag: its name, whether it takes a value, and how many. */
export type FlagShape = Pick<Flag<never>, 'flag' | 'arg' | 'many' | 'renamedTo'>;

/** The values of a `many` flag: every argument from `from` up to the next flag. */
function run(head: readonly string[], from: number): string[] {
  const values: string[] = [];
  for (let i = from; i < head.length && !(head[i] ?? '').startsWith('--'); i++) values.push(head[i] ?? '');
  return values;
}

/**
 * Reads argv against the flags a command knows: a value flag takes the next argument as it is (a
 * `many` flag every argument up to the next flag), a switch takes none, everything after `--` is
 * the server's command. An unknown flag, a missing value or (unless `positional`) a bare argument
 * is a one-line usage error. An old spelling is filed under its new name, with a notice.
 */
export function collect(argv: readonly string[], known: readonly FlagShape[], how: CollectHow): Collected {
  const dash = how.dashDash === false ? -1 : argv.indexOf('--');
  const head = dash === -1 ? argv : argv.slice(0, dash);
  const out: Collected = {
    flags: new Map(),
    positional: [],
    command: dash === -1 ? [] : argv.slice(dash + 1),
    notices: [],
  };
  const byName = new Map(known.map((k) => [k.flag, k]));
  for (let i = 0; i < head.length; i++) {
    const flag = head[i] ?? '';
    const spec = byName.get(flag);
    if (spec === undefined && !flag.startsWith('-')) {
      if (how.positional !== true)
        throw new UsageError(`unexpected argument '${flag}' (try ${how.command} --help)`);
      out.positional.push(flag);
      continue;
    }
    if (spec === undefined) throw new UsageError(`unknown option '${flag}' (try ${how.command} --help)`);
    const values = spec.arg === undefined ? ['true'] : spec.many === true ? run(head, i + 1) : [head[i + 1]];
    if (values.length === 0) throw new UsageError(`${flag} needs at least one ${spec.arg}`);
    i += spec.arg === undefined ? 0 : values.length;
    const name = spec.renamedTo ?? flag;
    if (spec.renamedTo !== undefined)
      out.notices.push(
        `${how.command}: ${flag} is now ${spec.renamedTo}; the old name is read until the next release`,
      );
    for (const value of values) {
      if (value === undefined) throw new UsageError(`${flag} needs a value`);
      out.flags.set(name, [...(out.flags.get(name) ?? []), value]);
    }
  }
  return out;
}

export interface CollectHow {
  /** The command as its usage error names it (`roster`, `tape stats`). */
  command: string;
  /** Bare arguments are the command's own (a run directory, a roster file), not an error. */
  positional?: boolean;
  /** `--` ends the flags and starts a server's command (default); false: `--` is an unknown flag. */
  dashDash?: boolean;
}

const WIDTH = 100;
const COLUMN = 26;

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return line === '' ? lines : [...lines, line];
}

/** One help entry per flag: `  --tasks N   what it means (default 16)`, wrapped under its column. */
export function flagHelp<T>(
  flags: readonly Pick<Flag<T>, 'flag' | 'arg' | 'help' | 'note' | 'shown' | 'many' | 'renamedTo'>[],
  defaults: T,
): string {
  return flags
    .filter((f) => f.renamedTo === undefined)
    .map((f) => {
      const head = `  ${f.flag}${f.arg === undefined ? '' : ` ${f.arg}${f.many === true ? '...' : ''}`}`;
      const shown = f.shown(defaults);
      const said = [shown, f.note].filter((s) => s !== undefined);
      const text = said.length === 0 ? f.help : `${f.help} (${said.join('; ')})`;
      const body = wrap(text, WIDTH - COLUMN);
      const first = head.length <= COLUMN - 2 ? `${head.padEnd(COLUMN)}${body[0] ?? ''}` : undefined;
      const rest = first === undefined ? body : body.slice(1);
      return [first ?? head, ...rest.map((line) => `${' '.repeat(COLUMN)}${line}`)].join('\n');
    })
    .join('\n');
}
