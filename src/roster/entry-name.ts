import { createHash } from 'node:crypto';
import { slugify } from '../run/run-dir.js';

/**
 * The longest name a roster entry may have. A name is the server's key in an mcpServers file: far
 * shorter in practice. Longer, the entry is reported as its own failure and the rest still run.
 */
export const ENTRY_NAME_MAX = 200;

/** Why `name` cannot name an entry (pure), or undefined when it can. */
export function entryNameFault(name: string): string | undefined {
  if (name.trim() === '') return 'the entry needs a name that is not blank';
  if (name.length > ENTRY_NAME_MAX)
    return `its name is ${name.length} characters long; at most ${ENTRY_NAME_MAX} are allowed`;
  return undefined;
}

const short = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

/**
 * An entry's name as a file-name part (its try folders, its queue job id): the slug of the name
 * (lowercase ASCII letters, digits and hyphens, at most 48 characters, so never a path separator,
 * `..` or a name too long for the file system) and a hash of the whole name, so two names whose
 * slugs are the same still differ. The name itself stays whole in the work list and the output.
 */
export function entryFolder(name: string): string {
  return `${slugify(name) || 'entry'}-${short(name)}`;
}
