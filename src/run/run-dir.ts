import { mkdirSync, renameSync, rmdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { FitnessError } from '../cli/errors.js';
import type { Target } from '../connect/target.js';
import { makeRunId } from '../record/identity.js';

export const FILES = {
  record: 'record.json',
  prereg: 'prereg.json',
  suite: 'suite.json',
  wire: 'wire.jsonl',
  agent: 'agent.jsonl',
  judge: 'judge.jsonl',
} as const;

/** Longest slug kept: a run id stays readable and well inside any file-name limit. */
export const SLUG_MAX = 48;

/**
 * Lowercase ASCII letters and digits joined by single hyphens, at most `SLUG_MAX` characters; may
 * be empty. Everything else (dots, slashes, `..`, spaces, control and non-ASCII characters) becomes
 * a separator, so a slug can never name a path outside the directory it is joined to.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
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
export function serverSlug(target: Target): string {
  if (target.kind === 'http') {
    const url = new URL(target.url);
    return nameSlug(
      `${url.hostname}${url.port ? `-${url.port}` : ''}${url.pathname === '/mcp' ? '' : url.pathname}`,
    );
  }
  const named = [...target.argv].reverse().find((a) => /[/\\]|\.(m?js|cjs|ts|py)$|^@/.test(a));
  const pick = named ?? target.argv[0] ?? 'server';
  const base = basename(pick) === 'index.js' ? basename(resolve(pick, '..', '..')) : basename(pick);
  return nameSlug(base);
}

/**
 * The slug of an HTTP target once it has answered `initialize`: its self-reported
 * `serverInfo.name`, so runs of one server on different hosts or ports are attempts of one server
 * on the board. The name is server-controlled: it only ever passes through `slugify`. Undefined
 * (keep the URL-based slug) for a stdio target, whose script name already names it the same way
 * every run, and for a name that slugifies to nothing.
 */
export function reportedSlug(target: Target, serverInfo: { name?: unknown } | undefined): string | undefined {
  if (target.kind !== 'http' || typeof serverInfo?.name !== 'string') return undefined;
  return slugify(serverInfo.name) || undefined;
}

/** Creates `<outDir>/<slug>-<UTC time>`; an existing run directory is never overwritten. */
export function createRunDir(outDir: string, slug: string, startedAt: Date): { runId: string; dir: string } {
  const runId = makeRunId(slug, startedAt);
  const dir = join(outDir, runId);
  mkdirSync(outDir, { recursive: true });
  try {
    mkdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new FitnessError('RUN_EXISTS', `${dir} already exists; a run directory is never overwritten`);
    }
    throw new FitnessError('RUN_DIR', `${dir}: cannot create (${(err as Error).message})`);
  }
  return { runId, dir };
}

/**
 * Moves a run directory to the id `slug` gives it (same start time, same parent). The new name is
 * claimed first with an exclusive mkdir, so an existing run directory is never overwritten; the
 * move then replaces that empty claim. Undefined, with the directory left where it was, when the
 * name is taken or the platform will not move a directory whose files are open (Windows): the
 * run keeps the id it started with.
 */
export function renameRunDir(
  dir: string,
  slug: string,
  startedAt: Date,
): { runId: string; dir: string } | undefined {
  const runId = makeRunId(slug, startedAt);
  const next = join(dirname(dir), runId);
  if (next === dir) return undefined;
  try {
    mkdirSync(next);
  } catch {
    return undefined;
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
