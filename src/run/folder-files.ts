import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { GivenValue } from '../suite/given.js';

/**
 * The files inside a folder the registration names (docs/design.md §5.2, "A folder named is
 * context, and so are its files"). A user who says "the project is at /srv/x" has told an agent
 * what is in it as well: an agent with no tool that lists it would look. Read here, at the run's
 * edge, once, before exploration; recorded as derived given values, so pre-registered and never
 * keys (a file name a server lists is then context, not a key). Bounded (`FOLDER_LIMITS`): hidden
 * entries and dependency or build folders are not entered, at most `maxDepth` folders deep,
 * `maxEntries` entries read, `maxFiles` files kept, breadth first and in name order.
 */
export interface FolderLimits {
  maxDepth: number;
  maxEntries: number;
  maxFiles: number;
}

export const FOLDER_LIMITS: Readonly<FolderLimits> = { maxDepth: 3, maxEntries: 400, maxFiles: 40 };

/** Folders that hold what a project depends on or builds, not the project. */
const SKIPPED = new Set([
  'node_modules',
  'dist',
  'build',
  'out',
  'target',
  'vendor',
  'coverage',
  '__pycache__',
]);

function entriesOf(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  } catch {
    return [];
  }
}

/** Every regular file under `root`, breadth first (a top-level file before a nested one), bounded. */
export function folderFiles(root: string, limits: Readonly<FolderLimits> = FOLDER_LIMITS): string[] {
  const files: string[] = [];
  let read = 0;
  let level = [root];
  for (let depth = 0; depth <= limits.maxDepth && level.length > 0; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      for (const entry of entriesOf(dir)) {
        if (++read > limits.maxEntries || files.length >= limits.maxFiles) return files;
        if (entry.name.startsWith('.')) continue;
        const path = join(dir, entry.name);
        if (entry.isFile()) files.push(path);
        else if (entry.isDirectory() && !SKIPPED.has(entry.name)) next.push(path);
      }
    }
    level = next;
  }
  return files;
}

function isFolder(g: GivenValue): boolean {
  if (g.in !== undefined) return false;
  if (g.kind !== undefined) return g.kind === 'dir';
  try {
    return statSync(g.value).isDirectory();
  } catch {
    return false;
  }
}

/** Given values for the files in each named folder (given or derived): named by their path inside it. */
export function filesInFolders(
  given: readonly GivenValue[],
  seen: Set<string>,
  secrets: readonly string[],
): GivenValue[] {
  const out: GivenValue[] = [];
  for (const folder of given) {
    if (!isFolder(folder)) continue;
    for (const path of folderFiles(folder.value)) {
      if (seen.has(path) || secrets.includes(path)) continue;
      seen.add(path);
      const name = relative(folder.value, path);
      out.push({
        name,
        value: path,
        origin: 'derived',
        source: `in ${folder.name}`,
        kind: 'file',
        in: folder.name,
      });
    }
  }
  return out;
}
