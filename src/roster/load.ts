import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describeError, errorCode, FitnessError, UsageError } from '../core/errors.js';
import { type EntryError, parseRoster, type RosterEntry } from './entry.js';
import { entryEnvVars, entryTarget } from './target.js';

export interface LoadedRoster {
  file: string;
  entries: { name: string; entry: RosterEntry; position: number }[];
  errors: EntryError[];
}

/**
 * What each `${VAR}` of an entry stands for while the entry is checked: the environment's value (a
 * local roster), or, for a queued roster, a stand-in: its variables are the workers' to expand
 * (`worker --allow-env`), and their values never need to be on the machine that queues it.
 */
export type Expansion = { env: NodeJS.ProcessEnv } | 'stand-ins';

function expansionOf(how: Expansion, entry: RosterEntry): NodeJS.ProcessEnv {
  if (how !== 'stand-ins') return how.env;
  return Object.fromEntries(entryEnvVars(entry).map((name) => [name, `stand-in-for-${name}`]));
}

/**
 * Reads a roster file. A file that is not a roster is a fault; an entry that cannot be parsed or
 * expanded (an unknown field value, a missing `${VAR}`, a missing data folder) is reported with its
 * name and the rest still run. `only` keeps the named entries (a name that is not there is a fault).
 */
export function loadRoster(path: string, how: Expansion, only?: readonly string[]): LoadedRoster {
  const file = resolve(path);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new FitnessError('ROSTER_INVALID', `${file}: ${errorCode(err) ?? describeError(err)}`);
  }
  const parsed = parseRoster(json, file);
  if ('fault' in parsed) throw new FitnessError('ROSTER_INVALID', parsed.fault);
  const known = new Set([...parsed.entries.map((e) => e.name), ...parsed.errors.map((e) => e.name)]);
  for (const name of only ?? [])
    if (!known.has(name))
      throw new UsageError(`--only ${name}: no such entry in ${file} (have: ${[...known].join(', ')})`);
  const keep = (name: string) => only === undefined || only.includes(name);
  const out: LoadedRoster = { file, entries: [], errors: parsed.errors.filter((e) => keep(e.name)) };
  const rosterDir = dirname(file);
  parsed.entries.forEach(({ name, entry }, position) => {
    if (!keep(name)) return;
    try {
      if (entry.data !== undefined && !existsSync(resolve(rosterDir, entry.data)))
        throw new Error(`data: ${resolve(rosterDir, entry.data)} does not exist`);
      entryTarget(name, entry, file, expansionOf(how, entry), { rosterDir, port: 1, data: rosterDir });
      out.entries.push({ name, entry, position });
    } catch (err) {
      const message = err instanceof FitnessError ? err.message.replace(`${file}: `, '') : describeError(err);
      out.errors.push({ name, message });
    }
  });
  return out;
}
