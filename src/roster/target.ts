import { dirname, isAbsolute, resolve } from 'node:path';
import { expand, serverFromConfig, variablesIn } from '../connect/config.js';
import { type NamedTarget, serverEnv } from '../connect/target.js';
import { FitnessError } from '../core/errors.js';
import type { RosterEntry, ServeSpec } from './entry.js';

/** Values a roster may name besides its environment: the job's port, data copy and the roster's folder. */
export interface JobPlaces {
  port?: number;
  data?: string;
  rosterDir: string;
}

const ROSTER_FIELDS = [
  'attempts',
  'given',
  'readOnly',
  'run',
  'serve',
  'data',
  'conformance',
  'timeoutMs',
] as const;

/** The `${NAME}`s a roster may use that are not environment variables: the job's own places. */
const PLACE_VARS = new Set(['PORT', 'DATA', 'ROSTER_DIR']);

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** The environment variables an entry names as `${VAR}` anywhere in its values, places excluded (pure). */
export function entryEnvVars(entry: RosterEntry): string[] {
  return [...new Set(stringsIn(entry).flatMap(variablesIn))].filter((name) => !PLACE_VARS.has(name));
}

/**
 * What a job may expand `${VAR}` from: the whole environment (a local roster, which its owner
 * runs), or only the variables on a worker's `--allow-env` list, whose values the entry names are
 * then its secrets (recorded as `${NAME}`, scrubbed everywhere). Pure.
 */
export function jobEnv(
  entry: RosterEntry,
  env: NodeJS.ProcessEnv,
  allowEnv: readonly string[] | undefined,
): { env: NodeJS.ProcessEnv; secretVars?: Record<string, string> } {
  if (allowEnv === undefined) return { env };
  const listed = Object.fromEntries(
    allowEnv.flatMap((name) => {
      const value = env[name];
      return value === undefined ? [] : [[name, value] as const];
    }),
  );
  const named = new Set(entryEnvVars(entry));
  return {
    env: listed,
    secretVars: Object.fromEntries(Object.entries(listed).filter(([name]) => named.has(name))),
  };
}

function expansionEnv(env: NodeJS.ProcessEnv, places: JobPlaces): NodeJS.ProcessEnv {
  return {
    ...env,
    ROSTER_DIR: places.rosterDir,
    ...(places.port === undefined ? {} : { PORT: String(places.port) }),
    ...(places.data === undefined ? {} : { DATA: places.data }),
  };
}

/**
 * The entry's given context for one job, expanded like its target, by the same `expand` from the
 * same variables (`${DATA}` names the job's data copy), so a roster can give a tool the path of a
 * file inside the seeded data. A given value is context the tasks show and the run records as
 * expanded, so it may not name a secret variable (`secretVars`, a worker's `--allow-env` values): that is
 * a one-line CONFIG_INVALID naming the entry, the given name and the variable, never its value.
 */
export function entryGiven(
  name: string,
  given: Readonly<Record<string, string>>,
  rosterFile: string,
  env: NodeJS.ProcessEnv,
  places: JobPlaces,
  secretVars: readonly string[] = [],
): Record<string, string> {
  for (const [key, value] of Object.entries(given)) {
    const secret = variablesIn(value).find((v) => secretVars.includes(v));
    if (secret !== undefined)
      throw new FitnessError(
        'CONFIG_INVALID',
        `${rosterFile}: server '${name}' given '${key}' names \${${secret}}, a secret: a given value is shown to the agent and recorded, so it cannot carry one`,
      );
  }
  const ctx = { env: expansionEnv(env, places), file: rosterFile };
  return Object.fromEntries(Object.entries(given).map(([key, value]) => [key, expand(value, ctx, name)]));
}

/**
 * The entry's target for one job, through the same mcpServers reader `run --config` uses: `${VAR}`
 * expands from the environment, `${PORT}`, `${DATA}` and `${ROSTER_DIR}` from the job. A stdio entry
 * without `cwd` runs in the roster's folder, so relative paths in a roster resolve from the roster.
 */
export function entryTarget(
  name: string,
  entry: RosterEntry,
  rosterFile: string,
  env: NodeJS.ProcessEnv,
  places: JobPlaces,
): NamedTarget {
  const plain: Record<string, unknown> = { ...entry };
  for (const field of ROSTER_FIELDS) delete plain[field];
  if (entry.command !== undefined && entry.cwd === undefined) plain.cwd = places.rosterDir;
  return serverFromConfig({ mcpServers: { [name]: plain } }, name, {
    env: expansionEnv(env, places),
    file: rosterFile,
    baseDir: dirname(rosterFile),
  });
}

export interface ServeCommand {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
}

/** The `serve` command of an entry for one job, expanded like the entry itself. */
export function serveCommand(
  name: string,
  serve: ServeSpec,
  rosterFile: string,
  env: NodeJS.ProcessEnv,
  places: JobPlaces,
): ServeCommand {
  const target = serverFromConfig(
    {
      mcpServers: {
        [name]: { command: serve.command, args: serve.args, env: serve.env, cwd: serve.cwd ?? '.' },
      },
    },
    name,
    { env: expansionEnv(env, places), file: rosterFile, baseDir: dirname(rosterFile) },
  );
  if (target.kind !== 'stdio') throw new Error('unreachable: a serve command is a command');
  const cwd = target.cwd ?? places.rosterDir;
  return {
    argv: target.argv,
    env: serverEnv(target),
    cwd: isAbsolute(cwd) ? cwd : resolve(places.rosterDir, cwd),
  };
}
