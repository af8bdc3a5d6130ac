import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { FitnessError, messageOf } from '../core/errors.js';
import { Credential, type NamedTarget, parseNamedTarget } from './target.js';

/** One entry of an `mcpServers` config (Claude Desktop, Cursor, Claude Code, VS Code `servers`). */
const ServerEntry = z.looseObject({
  type: z.string().optional(),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  credential: Credential.optional(),
});

const ConfigFile = z.looseObject({
  mcpServers: z.record(z.string(), z.unknown()).optional(),
  servers: z.record(z.string(), z.unknown()).optional(),
});

/**
 * Which `env` and `headers` entries of a config entry are secrets: by default those whose name says
 * key, token, secret, password, auth, credential or cookie; `secret` and `notSecret` (the run's
 * `--secret NAME` and `--not-secret NAME`) override the rule for the names they list.
 */
export interface SecretRule {
  secret?: readonly string[];
  notSecret?: readonly string[];
}

export const SECRET_NAME = /key|token|secret|passw|auth|credential|cookie/i;

export function isSecretName(name: string, rule: SecretRule = {}): boolean {
  const lower = name.toLowerCase();
  if (rule.notSecret?.some((n) => n.toLowerCase() === lower)) return false;
  if (rule.secret?.some((n) => n.toLowerCase() === lower)) return true;
  return SECRET_NAME.test(name);
}

function split(
  entries: Record<string, string> | undefined,
  rule: SecretRule,
): [Record<string, string>, Record<string, string>] {
  const plain: Record<string, string> = {};
  const secret: Record<string, string> = {};
  for (const [k, v] of Object.entries(entries ?? {})) (isSecretName(k, rule) ? secret : plain)[k] = v;
  return [plain, secret];
}

/**
 * Reads the target `name` from an MCP client config file. `${VAR}`, `${VAR:-default}` and
 * `${env:VAR}` in strings expand from `env`; a missing variable without a default is a fault.
 */
export function loadServerConfig(
  file: string,
  name: string,
  env: NodeJS.ProcessEnv = process.env,
  rule: SecretRule = {},
): NamedTarget {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new FitnessError('CONFIG_INVALID', `${file}: cannot read config (${messageOf(err)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new FitnessError('CONFIG_INVALID', `${file}: not JSON (${messageOf(err)})`);
  }
  return serverFromConfig(json, name, { env, file, baseDir: dirname(resolve(file)), rule });
}

export interface ConfigContext {
  env: NodeJS.ProcessEnv;
  file: string;
  baseDir: string;
  rule?: SecretRule;
}

export function serverFromConfig(json: unknown, name: string, ctx: ConfigContext): NamedTarget {
  const config = ConfigFile.safeParse(json);
  if (!config.success)
    throw new FitnessError('CONFIG_INVALID', `${ctx.file}: not an MCP client config object`);
  const servers = { ...config.data.servers, ...config.data.mcpServers };
  const names = Object.keys(servers);
  if (names.length === 0) throw new FitnessError('CONFIG_INVALID', `${ctx.file}: no "mcpServers" entries`);
  const rawEntry = servers[name];
  if (rawEntry === undefined) {
    throw new FitnessError(
      'CONFIG_INVALID',
      `${ctx.file}: no server named '${name}' (have: ${names.join(', ')})`,
    );
  }
  const parsed = ServerEntry.safeParse(rawEntry);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FitnessError(
      'CONFIG_INVALID',
      `${ctx.file}: server '${name}': ${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const entry = expandAll(parsed.data, (v) => expand(v, ctx, name));
  if (entry.type === 'sse') {
    throw new FitnessError(
      'CONFIG_INVALID',
      `${ctx.file}: server '${name}' uses the deprecated HTTP+SSE transport; only stdio and Streamable HTTP are supported`,
    );
  }
  const rule = ctx.rule ?? {};
  if (entry.url !== undefined) {
    const [publicHeaders, headers] = split(entry.headers, rule);
    return parseNamedTarget({
      kind: 'http',
      url: entry.url,
      headers,
      publicHeaders,
      ...(entry.credential ? { credential: entry.credential } : {}),
    });
  }
  if (entry.command === undefined) {
    throw new FitnessError('CONFIG_INVALID', `${ctx.file}: server '${name}' has neither "command" nor "url"`);
  }
  const [env, secretEnv] = split(entry.env, rule);
  return parseNamedTarget({
    kind: 'stdio',
    argv: [entry.command, ...(entry.args ?? [])],
    env,
    secretEnv,
    cwd: entry.cwd === undefined ? undefined : resolve(ctx.baseDir, entry.cwd),
    ...(entry.credential ? { credential: entry.credential } : {}),
  });
}

type Entry = z.infer<typeof ServerEntry>;

function expandAll(entry: Entry, fn: (v: string) => string): Entry {
  const map = (r: Record<string, string> | undefined) =>
    r === undefined ? undefined : Object.fromEntries(Object.entries(r).map(([k, v]) => [k, fn(v)]));
  return {
    ...entry,
    command: entry.command === undefined ? undefined : fn(entry.command),
    args: entry.args?.map(fn),
    env: map(entry.env),
    cwd: entry.cwd === undefined ? undefined : fn(entry.cwd),
    url: entry.url === undefined ? undefined : fn(entry.url),
    headers: map(entry.headers),
  };
}

const VAR = /\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** The variables one config value names (`${VAR}`, `${env:VAR}`, `${VAR:-fallback}`), in order (pure). */
export function variablesIn(value: string): string[] {
  return [...value.matchAll(VAR)].flatMap((m) => (m[1] === undefined ? [] : [m[1]]));
}

/**
 * `${VAR}`, `${env:VAR}` and `${VAR:-fallback}` in one config value, from `ctx.env`; a missing
 * variable without a fallback is a CONFIG_INVALID naming the server and the variable.
 */
export function expand(value: string, ctx: Pick<ConfigContext, 'env' | 'file'>, server: string): string {
  return value.replace(VAR, (_match, name: string, fallback: string | undefined) => {
    const v = ctx.env[name];
    if (v !== undefined) return v;
    if (fallback !== undefined) return fallback;
    throw new FitnessError(
      'CONFIG_INVALID',
      `${ctx.file}: server '${server}' needs environment variable ${name}`,
    );
  });
}
