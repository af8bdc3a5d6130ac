import { resolve } from 'node:path';
import { loadServerConfig } from '../connect/config.js';
import { Credential, type TargetInput } from '../connect/target.js';
import { UsageError } from '../core/errors.js';

/** Flags that name the target and what it is sent; shared by `run` and `probe`. */
export const TARGET_VALUE_FLAGS = [
  '--url',
  '--header',
  '--public-header',
  '--config',
  '--server',
  '--secret',
  '--not-secret',
  '--env',
  '--secret-env',
  '--cwd',
  '--credential',
] as const;

/** Which target kinds each flag applies to: anything else is a usage error, never a silent no-op. */
const APPLIES: Readonly<Record<string, readonly ('command' | 'url' | 'config')[]>> = {
  '--header': ['url'],
  '--public-header': ['url'],
  '--env': ['command'],
  '--secret-env': ['command'],
  '--cwd': ['command'],
  '--server': ['config'],
  '--secret': ['config'],
  '--not-secret': ['config'],
};

const WHAT: Readonly<Record<'command' | 'url' | 'config', string>> = {
  command: 'a stdio command (-- <command> [args])',
  url: 'an HTTP target (--url)',
  config: 'a config entry (--config FILE --server NAME)',
};

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

/** The credential flag, validated. */
export function credentialFlag(flags: ReadonlyMap<string, string[]>): Credential | undefined {
  const text = flags.get('--credential')?.[0];
  if (text === undefined) return undefined;
  const parsed = Credential.safeParse(text);
  if (!parsed.success)
    throw new UsageError(`--credential must be anonymous, free-key or owner-key, got '${text}'`);
  return parsed.data;
}

/**
 * The target from the flags: exactly one of a command after `--`, `--url`, or `--config` with
 * `--server`. A flag that does not apply to that kind of target (`--header` on stdio, `--env` or
 * `--cwd` with `--url`) is a usage error.
 */
export function targetFromFlags(
  flags: ReadonlyMap<string, string[]>,
  command: readonly string[],
  io: { cwd: string; env: NodeJS.ProcessEnv },
): TargetInput {
  const url = flags.get('--url')?.[0];
  const config = flags.get('--config')?.[0];
  const given = [command.length > 0, url !== undefined, config !== undefined].filter(Boolean).length;
  if (given !== 1)
    throw new UsageError(
      'name exactly one target: -- <command> [args], --url URL, or --config FILE --server NAME',
    );
  const kind = config !== undefined ? 'config' : url !== undefined ? 'url' : 'command';
  for (const [flag, kinds] of Object.entries(APPLIES)) {
    if (flags.has(flag) && !kinds.includes(kind))
      throw new UsageError(
        `${flag} does not apply to ${WHAT[kind]}; it is for ${kinds.map((k) => WHAT[k]).join(' or ')}`,
      );
  }
  const credential = credentialFlag(flags);
  const all = (flag: string) => flags.get(flag) ?? [];
  if (config !== undefined) {
    const server = flags.get('--server')?.[0];
    if (server === undefined) throw new UsageError('--config needs --server NAME');
    const target = loadServerConfig(resolve(io.cwd, config), server, io.env, {
      secret: all('--secret'),
      notSecret: all('--not-secret'),
    });
    return credential === undefined ? target : { ...target, credential };
  }
  if (url !== undefined) {
    return {
      kind: 'http',
      url,
      headers: Object.fromEntries(all('--header').map((h) => header('--header', h))),
      publicHeaders: Object.fromEntries(all('--public-header').map((h) => header('--public-header', h))),
      ...(credential ? { credential } : {}),
    };
  }
  const dir = flags.get('--cwd')?.[0];
  return {
    kind: 'stdio',
    argv: [...command],
    env: Object.fromEntries(all('--env').map((p) => assignment('--env', p))),
    secretEnv: Object.fromEntries(all('--secret-env').map((p) => assignment('--secret-env', p))),
    ...(dir ? { cwd: resolve(io.cwd, dir) } : {}),
    ...(credential ? { credential } : {}),
  };
}
