import { mkdirSync, renameSync, rmdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Target } from '../connect/target.js';
import { errorCode, FitnessError, messageOf } from '../core/errors.js';
import { makeRunId, parseRunId } from '../record/run-id.js';
import { MIN_SECRET_LENGTH, Redactor } from '../tape/redact.js';

/** Longest slug kept: a run id stays readable and well inside any file-name limit. */
export const SLUG_MAX = 48;

/**
 * Lowercase ASCII letters and digits joined by single hyphens, at most `SLUG_MAX` characters; may
 * be empty. Everything else (dots, slashes, `..`, spaces, control and non-ASCII characters) becomes
 * a separator, so a slug can never name a path outside the directory it is joined to.
 */
export function slugify(text: string): string {
  return capSlug(fullSlug(text));
}

/** The slug before its length cap. */
function fullSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function capSlug(slug: string): string {
  return slug.slice(0, SLUG_MAX).replace(/-+$/, '');
}

/** A slug from a file or URL name: a script extension is not part of the server's name. */
function nameSlug(text: string): string {
  return slugify(text.toLowerCase().replace(/\.(m?js|cjs|ts|py)$/, '')) || 'server';
}

/**
 * The slug a target gives before anything is known about the server: the script or command name of
 * a stdio target (the last argument that looks like a path or package, else the command), the host,
 * port and path of an HTTP one. Never a secret: env values, headers and query strings are not read.
 */
export function serverSlug(target: Target, secrets: readonly string[] = []): string {
  if (target.kind === 'http') {
    const url = new URL(target.url);
    return withoutSecrets(
      nameSlug(
        `${url.hostname}${url.port ? `-${url.port}` : ''}${url.pathname === '/mcp' ? '' : url.pathname}`,
      ),
      secrets,
    );
  }
  if (target.kind === 'memory') return withoutSecrets(nameSlug(target.name), secrets);
  const named = [...target.argv].reverse().find((a) => /[/\\]|\.(m?js|cjs|ts|py)$|^@/.test(a));
  const pick = named ?? target.argv[0] ?? 'server';
  const base = basename(pick) === 'index.js' ? basename(resolve(pick, '..', '..')) : basename(pick);
  return withoutSecrets(nameSlug(base), secrets);
}

/** A slug with the slug form of every known secret replaced (a secret may sit in a command's path). */
function withoutSecrets(slug: string, secrets: readonly string[]): string {
  let out = slug;
  for (const secret of secrets) {
    const form = fullSlug(secret);
    if (form.length >= MIN_SECRET_LENGTH && out.includes(form)) out = out.split(form).join('redacted');
  }
  return capSlug(out) || 'server';
}

/**
 * The slug of a target once it has answered `initialize`: its self-reported `serverInfo.name`, so
 * runs of one server over stdio and HTTP, on different hosts, ports or data directories are
 * attempts of one server on the board. The name is server-controlled: every known secret is
 * scrubbed from it first (a server may name itself after the token it was sent), the slug of each
 * secret is kept out too, and it only ever passes through `slugify`. Undefined (keep the slug the
 * target gave) when there is no name or it slugifies to nothing.
 */
export function reportedSlug(
  _target: Target,
  serverInfo: { name?: unknown } | undefined,
  redactor: Redactor = new Redactor([]),
  secrets: readonly string[] = [],
): string | undefined {
  if (typeof serverInfo?.name !== 'string') return undefined;
  // Compared before the length cap, so a long secret cannot survive as the prefix of a cut slug.
  const slug = fullSlug(redactor.scrub(serverInfo.name));
  return slug === '' ? undefined : withoutSecrets(slug, secrets);
}

/** Ids a run may take, in order: to the second, then to the millisecond, then later milliseconds. */
function* candidateIds(slug: string, startedAt: Date): Generator<string> {
  yield makeRunId(slug, startedAt);
  for (let offset = 0; offset < 1000; offset += 1)
    yield makeRunId(slug, new Date(startedAt.getTime() + offset), 'ms');
}

/**
 * Creates `<outDir>/<slug>-<UTC time>`. An existing run directory is never overwritten: a run that
 * starts in the same second as another of the same server takes the next free id to the
 * millisecond, so two runs never collide and neither falls back to another name.
 */
export function createRunDir(outDir: string, slug: string, startedAt: Date): { runId: string; dir: string } {
  mkdirSync(outDir, { recursive: true });
  for (const runId of candidateIds(slug, startedAt)) {
    const dir = join(outDir, runId);
    try {
      mkdirSync(dir);
      return { runId, dir };
    } catch (err) {
      if (errorCode(err) === 'EEXIST') continue;
      throw new FitnessError('RUN_DIR', `${dir}: cannot create (${messageOf(err)})`);
    }
  }
  throw new FitnessError('RUN_EXISTS', `${join(outDir, slug)}-…: every run id for this second is taken`);
}

/**
 * Moves a run directory to the id `slug` gives it (same start time, same parent). The new name is
 * claimed first with an exclusive mkdir (the next free id to the millisecond when the plain one is
 * taken), so an existing run directory is never overwritten; the move then replaces that empty
 * claim. Undefined, with the directory left where it was, when the platform will not move a
 * directory whose files are open (Windows): the run keeps the id it started with.
 */
export function renameRunDir(
  dir: string,
  slug: string,
  startedAt: Date,
): { runId: string; dir: string } | undefined {
  if (parseRunId(basename(dir))?.slug === slug) return undefined;
  for (const runId of candidateIds(slug, startedAt)) {
    const next = join(dirname(dir), runId);
    try {
      mkdirSync(next);
    } catch {
      continue;
    }
    try {
      renameSync(dir, next);
      return { runId, dir: next };
    } catch {
      try {
        rmdirSync(next);
      } catch {
        // Something else wrote into the claim: it is no longer ours to remove.
      }
      return undefined;
    }
  }
  return undefined;
}
