import { resolve } from 'node:path';
import { loadServerConfig } from '../connect/config.js';
import { Credential, type TargetInput } from '../connect/target.js';
import { UsageError } from '../core/errors.js';
import { type Collected, type Flag, flagHelp, flagsFor, settingsFrom } from './flags.js';

/** What the target flags say, read: the one target parser of `run`, `probe`, `rerun`. */
export interface TargetFlags {
  url?: string;
  headers?: Record<string, string>;
  publicHeaders?: Record<string, string>;
  config?: string;
  server?: string;
  secret?: string[];
  notSecret?: string[];
  env?: Record<string, string>;
  secretEnv?: Record<string, string>;
  cwd?: string;
  credential?: Credential;
}

function header(flag: string, text: string): [string, string] {
  const colon = text.indexOf(':');
  // The value is never echoed: a malformed header may still be a credential.
  if (colon <= 0)
    throw new UsageError(`${flag} needs 'Name: value', got '${text.split(':')[0]?.slice(0, 40)}…'`);
  return [text.slice(0, colon).trim(), text.slice(colon + 1).trim()];
}

function assignment(flag: string, text: string): [string, string] {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`${flag} needs NAME=VALUE, got '${text.split('=')[0]?.slice(0, 40)}…'`);
  return [text.slice(0, eq), text.slice(eq + 1)];
}

const text = (t: string) => t;
/** `'K: V'` texts → a header map; a malformed one is a usage error that never echoes its value. */
export const headers = (texts: readonly string[], flag: string) =>
  Object.fromEntries(texts.map((t) => header(flag, t)));
const assignments = (texts: readonly string[], flag: string) =>
  Object.fromEntries(texts.map((t) => assignment(flag, t)));
const names = (texts: readonly string[]) => [...texts];

function credential(t: string, flag: string): Credential {
  const parsed = Credential.safeParse(t);
  if (!parsed.success) throw new UsageError(`${flag} must be anonymous, free-key or owner-key, got '${t}'`);
  return parsed.data;
}

const on = flagsFor<TargetFlags>();

/** The target flags, in the order `--help` lists them. */
export const TARGET_FLAGS: readonly Flag<TargetFlags>[] = [
  on.value('url', { flag: '--url', arg: 'URL', parse: text, help: 'a Streamable HTTP server' }),
  on.list('headers', {
    flag: '--header',
    arg: "'K: V'",
    parse: headers,
    help: 'HTTP header whose value is a secret (repeatable; never written anywhere)',
  }),
  on.list('publicHeaders', {
    flag: '--public-header',
    arg: "'K: V'",
    parse: headers,
    help: 'HTTP header that is configuration (repeatable; recorded in plain)',
  }),
  on.value('config', {
    flag: '--config',
    arg: 'FILE',
    parse: text,
    help: 'an mcpServers config file (with --server)',
  }),
  on.value('server', { flag: '--server', arg: 'NAME', parse: text, help: 'the entry of --config to run' }),
  on.list('env', {
    flag: '--env',
    arg: 'K=V',
    parse: assignments,
    help: 'environment variable of a stdio server: configuration, recorded in plain',
  }),
  on.list('secretEnv', {
    flag: '--secret-env',
    arg: 'K=V',
    parse: assignments,
    help: 'environment variable of a stdio server that is a secret (never written anywhere)',
  }),
  on.value('cwd', { flag: '--cwd', arg: 'DIR', parse: text, help: 'working directory of a stdio server' }),
  on.list('secret', {
    flag: '--secret',
    arg: 'NAME',
    parse: names,
    help: 'with --config: treat this env/header entry as a secret',
  }),
  on.list('notSecret', {
    flag: '--not-secret',
    arg: 'NAME',
    parse: names,
    help: 'with --config: treat this env/header entry as configuration (by default an entry is a secret when its name says key, token, secret, password, auth, credential or cookie)',
  }),
  on.value('credential', {
    flag: '--credential',
    arg: 'KIND',
    parse: credential,
    help: 'anonymous | free-key | owner-key. Default: anonymous when no secret is sent; when one is sent (--header, --secret-env, URL userinfo, a secret config entry) it must be given, and anonymous is refused.',
  }),
];

/** The target flags' lines of a command's `--help`. */
export const targetFlagHelp = (): string => flagHelp(TARGET_FLAGS, {});

type Kind = 'command' | 'url' | 'config';

/** Which target kinds each flag applies to: anything else is a usage error, never a silent no-op. */
const APPLIES: readonly [keyof TargetFlags, readonly Kind[]][] = [
  ['headers', ['url']],
  ['publicHeaders', ['url']],
  ['env', ['command']],
  ['secretEnv', ['command']],
  ['cwd', ['command']],
  ['server', ['config']],
  ['secret', ['config']],
  ['notSecret', ['config']],
];

const WHAT: Readonly<Record<Kind, string>> = {
  command: 'a stdio command (-- <command> [args])',
  url: 'an HTTP target (--url)',
  config: 'a config entry (--config FILE --server NAME)',
};

/** The target flags given, read (a malformed header, assignment or credential is a usage error). */
export const targetFlags = (collected: Collected): TargetFlags => settingsFrom(TARGET_FLAGS, collected.flags);

/** True when any target flag was given. */
export const anyTargetFlag = (t: TargetFlags): boolean => Object.values(t).some((v) => v !== undefined);

function kindOf(t: TargetFlags, command: readonly string[]): Kind {
  const given = [command.length > 0, t.url !== undefined, t.config !== undefined].filter(Boolean).length;
  if (given !== 1)
    throw new UsageError(
      'name exactly one target: -- <command> [args], --url URL, or --config FILE --server NAME',
    );
  const kind = t.config !== undefined ? 'config' : t.url !== undefined ? 'url' : 'command';
  for (const [key, kinds] of APPLIES) {
    const flag = TARGET_FLAGS.find((f) => f.key === key)?.flag ?? key;
    if (t[key] !== undefined && !kinds.includes(kind))
      throw new UsageError(
        `${flag} does not apply to ${WHAT[kind]}; it is for ${kinds.map((k) => WHAT[k]).join(' or ')}`,
      );
  }
  return kind;
}

/**
 * The target from the flags: exactly one of a command after `--`, `--url`, or `--config` with
 * `--server`. A flag that does not apply to that kind of target (`--header` on stdio, `--env` or
 * `--cwd` with `--url`) is a usage error.
 */
export function targetFrom(
  t: TargetFlags,
  command: readonly string[],
  io: { cwd: string; env: NodeJS.ProcessEnv },
): TargetInput {
  const kind = kindOf(t, command);
  const stated = t.credential === undefined ? {} : { credential: t.credential };
  if (kind === 'config') {
    if (t.server === undefined) throw new UsageError('--config needs --server NAME');
    const target = loadServerConfig(resolve(io.cwd, t.config ?? ''), t.server, io.env, {
      secret: t.secret ?? [],
      notSecret: t.notSecret ?? [],
    });
    return { ...target, ...stated };
  }
  if (kind === 'url')
    return {
      kind: 'http',
      url: t.url ?? '',
      headers: t.headers ?? {},
      publicHeaders: t.publicHeaders ?? {},
      ...stated,
    };
  return {
    kind: 'stdio',
    argv: [...command],
    env: t.env ?? {},
    secretEnv: t.secretEnv ?? {},
    ...(t.cwd ? { cwd: resolve(io.cwd, t.cwd) } : {}),
    ...stated,
  };
}
