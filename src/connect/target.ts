import type { Transport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { FitnessError, UsageError } from '../core/errors.js';
import { MIN_SECRET_LENGTH } from '../tape/redact.js';

export const Credential = z.enum(['anonymous', 'free-key', 'owner-key']);
export type Credential = z.infer<typeof Credential>;

/**
 * Values expanded from `${NAME}` variables a worker was told to pass (`worker --allow-env NAME`), by name:
 * each value is a secret, scrubbed wherever it appears, and the argv or URL is recorded with
 * `${NAME}` in its place.
 */
const SecretVars = z.record(z.string(), z.string()).optional();

export const StdioTarget = z.object({
  kind: z.literal('stdio'),
  argv: z
    .array(z.string())
    .min(1, 'argv needs a command')
    .refine((a) => (a[0] ?? '').trim() !== '', {
      message: 'the command is empty',
    }),
  /** Configuration the server is started with (`--env`): recorded like any other setting. */
  env: z.record(z.string(), z.string()).default({}),
  /** Secrets the server is started with (`--secret-env`): passed on, never written anywhere. */
  secretEnv: z.record(z.string(), z.string()).default({}),
  cwd: z.string().min(1).optional(),
  /** The credential context, when the caller (or the config entry) states it. */
  credential: Credential.optional(),
  secretVars: SecretVars,
});
export type StdioTarget = z.infer<typeof StdioTarget>;

export const HttpTarget = z.object({
  kind: z.literal('http'),
  url: z
    .string()
    .refine((u) => URL.canParse(u), { message: 'not a URL' })
    .refine((u) => !URL.canParse(u) || ['http:', 'https:'].includes(new URL(u).protocol), {
      message: 'only http and https URLs',
    }),
  /** Headers whose values are secrets (`--header`): sent, never written anywhere. */
  headers: z.record(z.string(), z.string()).default({}),
  /** Headers that are configuration (`--public-header`): sent and recorded in plain. */
  publicHeaders: z.record(z.string(), z.string()).default({}),
  credential: Credential.optional(),
  secretVars: SecretVars,
});
export type HttpTarget = z.infer<typeof HttpTarget>;

/**
 * A server object in the harness's own process, reached over a transport made in code (the SDK's
 * linked in-memory pair; see test/support/memory-server.ts): the seam stage and pipeline tests run
 * on. It carries a function, so no flag, config file, roster or record can name one: parsing a
 * `kind: 'memory'` read from anywhere fails on `connect`, and a rerun refuses a record of one.
 * Frames still pass the recording transport, so its wire tape is like any other's.
 */
export const MemoryTarget = z.object({
  kind: z.literal('memory'),
  /** The server's name on the tape and in the record (`memory:<name>`). */
  name: z.string().regex(/^[\w.-]+$/, 'letters, digits, dot, dash, underscore'),
  /** Makes the client's end of a fresh transport per session, its server already listening on the other. */
  connect: z.custom<() => Transport>((v) => typeof v === 'function', {
    message: 'an in-memory target is made in code (a function), never read from a flag or file',
  }),
  credential: Credential.optional(),
  secretVars: SecretVars,
});
export type MemoryTarget = z.infer<typeof MemoryTarget>;

/** A target a flag, a config file or a roster entry names: a command or a URL, never an in-memory one. */
export const NamedTarget = z.discriminatedUnion('kind', [StdioTarget, HttpTarget]);
export type NamedTarget = z.infer<typeof NamedTarget>;

/** Every target a session can open: a named one, or an in-memory one built in code. */
export const Target = z.discriminatedUnion('kind', [StdioTarget, HttpTarget, MemoryTarget]);
export type Target = z.infer<typeof Target>;
export type TargetInput = z.input<typeof Target>;

/** Validates a target; a bad one is a `TARGET_INVALID` fault naming the field. */
export function parseTarget(input: unknown): Target {
  return parseWith(Target, input);
}

/** Validates a target read from a flag, file or roster: only a command or a URL. */
export function parseNamedTarget(input: unknown): NamedTarget {
  return parseWith(NamedTarget, input);
}

function parseWith<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'target';
  throw new FitnessError('TARGET_INVALID', `invalid target: ${where}: ${issue?.message ?? 'invalid'}`);
}

/** Query parameters whose values are credentials by name (e.g. `?api_key=`). */
const SECRET_QUERY = /key|token|secret|auth|pass|sig|session|code|credential/i;
/** `Bearer T`, `Basic T`, `token T`: the part after the scheme is the secret itself. */
const SCHEME_VALUE = /^([A-Za-z][A-Za-z0-9._~+-]*)\s+(\S.*)$/;

/** One secret the target carries, with where it came from (for a usage error that names it). */
interface SecretSource {
  where: string;
  value: string;
  /** Derived by the harness (e.g. a token after its scheme); checked for length like its source. */
  derived?: boolean;
}

function userinfo(url: URL): { user: string; password: string } {
  return { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
}

function secretSources(target: Target): SecretSource[] {
  if (target.kind === 'memory') return [];
  if (target.kind === 'stdio')
    return Object.entries(target.secretEnv).map(([name, value]) => ({
      where: `--secret-env ${name}`,
      value,
    }));
  const out: SecretSource[] = [];
  for (const [name, value] of Object.entries(target.headers)) {
    out.push({ where: `--header ${name}`, value });
    const token = SCHEME_VALUE.exec(value)?.[2];
    if (token !== undefined)
      out.push({ where: `--header ${name} (after its scheme)`, value: token, derived: true });
  }
  const url = new URL(target.url);
  const { user, password } = userinfo(url);
  if (password !== '') out.push({ where: 'the URL password', value: password });
  if (user !== '' || password !== '') {
    // The harness itself turns userinfo into `Authorization: Basic <base64(user:password)>`.
    const basic = Buffer.from(`${user}:${password}`).toString('base64');
    out.push({ where: 'the URL userinfo', value: `${user}:${password}`, derived: true });
    out.push({ where: 'the URL userinfo (Basic)', value: basic, derived: true });
    out.push({ where: 'the URL userinfo (Basic)', value: `Basic ${basic}`, derived: true });
  }
  for (const [name, value] of url.searchParams)
    if (SECRET_QUERY.test(name) && value !== '') out.push({ where: `the URL query ${name}`, value });
  return out;
}

/**
 * The values that must never reach a tape, record, log, file name or page: secret env and header
 * values, every form the harness derives from them (the token after `Bearer`, the Basic header
 * built from URL userinfo and its base64 payload), URL userinfo and credential-named query values.
 * Env values given with `--env` and `--public-header` values are configuration, not secrets.
 */
export function targetSecrets(target: Target): string[] {
  const out = [...secretSources(target).map((s) => s.value), ...Object.values(target.secretVars ?? {})];
  if (target.kind === 'http') {
    const url = new URL(target.url);
    // The raw (percent-encoded) forms appear in the URL itself.
    if (url.password !== '') out.push(url.password);
    const { user } = userinfo(url);
    if (user.length >= MIN_SECRET_LENGTH) out.push(user, url.username);
  }
  return [...new Set(out.filter((s) => s !== ''))];
}

/** True when the target sends a credential (a secret header, URL userinfo, a secret env value). */
export function sendsCredential(target: Target): boolean {
  return secretSources(target).some((s) => !s.derived);
}

/**
 * Secrets under 8 characters cannot be scrubbed without destroying the tape (a value `pass` would
 * erase every "passenger"), so they are refused before anything runs: a usage error naming where
 * the short secret was given. A value that is not a secret belongs in `--env` / `--public-header`.
 */
export function checkSecrets(target: Target): void {
  for (const [name, value] of Object.entries(target.secretVars ?? {}))
    if (value.length < MIN_SECRET_LENGTH)
      throw new UsageError(
        `\${${name}}: a secret of ${value.length} character(s) is too short to scrub from the tapes (at least ${MIN_SECRET_LENGTH}); put a value that is not a secret in the roster itself`,
      );
  for (const source of secretSources(target)) {
    if (source.value.length >= MIN_SECRET_LENGTH) continue;
    const hint =
      target.kind === 'stdio'
        ? 'if it is not a secret, pass it with --env'
        : source.where.startsWith('--header')
          ? 'if it is not a secret, pass it with --public-header'
          : 'use a longer secret';
    throw new UsageError(
      `${source.where}: a secret of ${source.value.length} character(s) is too short to scrub from the tapes (at least ${MIN_SECRET_LENGTH}); ${hint}`,
    );
  }
}

/** A one-line name for the target, safe to print: no userinfo, no secret values, no env values. */
export function describeTarget(target: Target): string {
  const vars = target.secretVars ?? {};
  if (target.kind === 'stdio') return target.argv.map((a) => quoteArg(namedVars(a, vars))).join(' ');
  if (target.kind === 'memory') return `memory:${target.name}`;
  const url = new URL(target.url);
  url.username = '';
  url.password = '';
  for (const [name] of url.searchParams) if (SECRET_QUERY.test(name)) url.searchParams.set(name, 'REDACTED');
  return namedVars(url.href, vars);
}

/**
 * A text with each secret variable's value (plain or URL-encoded) replaced by `${NAME}`, longest
 * value first, so an argv or URL is recorded as the roster wrote it (pure).
 */
export function namedVars(text: string, vars: Readonly<Record<string, string>>): string {
  const forms = Object.entries(vars)
    .filter(([, value]) => value !== '')
    .flatMap(([name, value]) => [value, encodeURIComponent(value)].map((form) => ({ name, form })))
    .sort((a, b) => b.form.length - a.form.length);
  let out = text;
  for (const { name, form } of forms) out = out.split(form).join(`\${${name}}`);
  return out;
}

/** Every header an HTTP target sends: configuration first, so a secret of the same name wins. */
export function sentHeaders(target: HttpTarget): Record<string, string> {
  return { ...target.publicHeaders, ...target.headers };
}

/** Every variable a stdio server is started with (configuration and secrets). */
export function serverEnv(target: StdioTarget): Record<string, string> {
  return { ...target.env, ...target.secretEnv };
}

function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}
