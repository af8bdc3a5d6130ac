import { z } from 'zod';
import { FitnessError } from '../cli/errors.js';

export const Credential = z.enum(['anonymous', 'free-key', 'owner-key']);
export type Credential = z.infer<typeof Credential>;

export const StdioTarget = z.object({
  kind: z.literal('stdio'),
  argv: z
    .array(z.string())
    .min(1, 'argv needs a command')
    .refine((a) => (a[0] ?? '').trim() !== '', {
      message: 'the command is empty',
    }),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().min(1).optional(),
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
  headers: z.record(z.string(), z.string()).default({}),
  credential: Credential.default('anonymous'),
});
export type HttpTarget = z.infer<typeof HttpTarget>;

export const Target = z.discriminatedUnion('kind', [StdioTarget, HttpTarget]);
export type Target = z.infer<typeof Target>;
export type TargetInput = z.input<typeof Target>;

/** Validates a target; a bad one is a `TARGET_INVALID` fault naming the field. */
export function parseTarget(input: unknown): Target {
  const parsed = Target.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'target';
  throw new FitnessError('TARGET_INVALID', `invalid target: ${where}: ${issue?.message ?? 'invalid'}`);
}

/** Query parameters whose values are credentials by name (e.g. `?api_key=`). */
const SECRET_QUERY = /key|token|secret|auth|pass|sig|session|code|credential/i;

/**
 * The values that must never reach a tape, record or log: header values, env values, URL userinfo
 * and credential-named query values.
 */
export function targetSecrets(target: Target): string[] {
  if (target.kind === 'stdio') return Object.values(target.env);
  const url = new URL(target.url);
  const secrets = [...Object.values(target.headers)];
  if (url.username !== '') secrets.push(decodeURIComponent(url.username), url.username);
  if (url.password !== '') secrets.push(decodeURIComponent(url.password), url.password);
  for (const [name, value] of url.searchParams)
    if (SECRET_QUERY.test(name) && value !== '') secrets.push(value);
  return secrets;
}

/** A one-line name for the target, safe to print: no userinfo, no secret values, no env values. */
export function describeTarget(target: Target): string {
  if (target.kind === 'stdio') return target.argv.map(quoteArg).join(' ');
  const url = new URL(target.url);
  url.username = '';
  url.password = '';
  for (const [name] of url.searchParams) if (SECRET_QUERY.test(name)) url.searchParams.set(name, 'REDACTED');
  return url.href;
}

function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}
