import { mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
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

function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/\.(m?js|cjs|ts|py)$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return slug === '' ? 'server' : slug;
}

/**
 * A slug for the server: the script or command name of a stdio target (the last argument that
 * looks like a path or package, else the command), the host and path of an HTTP one. Never a
 * secret: env values, headers and query strings are not read.
 */
export function serverSlug(target: Target): string {
  if (target.kind === 'http') {
    const url = new URL(target.url);
    return slugify(
      `${url.hostname}${url.port ? `-${url.port}` : ''}${url.pathname === '/mcp' ? '' : url.pathname}`,
    );
  }
  const named = [...target.argv].reverse().find((a) => /[/\\]|\.(m?js|cjs|ts|py)$|^@/.test(a));
  const pick = named ?? target.argv[0] ?? 'server';
  const base = basename(pick) === 'index.js' ? basename(resolve(pick, '..', '..')) : basename(pick);
  return slugify(base);
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
