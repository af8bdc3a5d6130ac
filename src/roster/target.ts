import { dirname, isAbsolute, resolve } from 'node:path';
import { expand, serverFromConfig } from '../connect/config.js';
import { serverEnv, type Target } from '../connect/target.js';
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

function expansionEnv(env: NodeJS.ProcessEnv, places: JobPlaces): NodeJS.ProcessEnv {
  return {
    ...env,
    ROSTER_DIR: places.rosterDir,
    ...(places.port === undefined ? {} : { PORT: String(places.port) }),
    ...(places.data === undefined ? {} : { DATA: places.data }),
  };
}

/**
 * The entry's given context for one job, expanded like its target (`${DATA}` names the job's data
 * copy), so a roster can give a tool the path of a file inside the seeded data.
 */
export function entryGiven(
  name: string,
  given: Readonly<Record<string, string>>,
  rosterFile: string,
  env: NodeJS.ProcessEnv,
  places: JobPlaces,
): Record<string, string> {
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
): Target {
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
