import { existsSync } from 'node:fs';
import { posix } from 'node:path';
import type { GivenValue } from '../given.js';
import { absoluteOf, isAbsolutePath } from './forms.js';

/**
 * Where the registration says the data lives: the absolute paths among the given values (`--given`,
 * and the target's own argv, env and cwd entries that exist). A folder holds everything under it; a
 * file is only itself.
 */
export interface DataRoots {
  dirs: string[];
  files: string[];
}

export function dataRoots(given: readonly GivenValue[]): DataRoots {
  const roots: DataRoots = { dirs: [], files: [] };
  for (const g of given) {
    if (!isAbsolutePath(g.value)) continue;
    const path = posix.normalize(g.value);
    if (g.kind === 'file') roots.files.push(path);
    else roots.dirs.push(path);
  }
  return roots;
}

function inside(path: string, roots: DataRoots): boolean {
  const p = posix.normalize(path);
  return (
    roots.files.includes(p) ||
    roots.dirs.some((dir) => p === dir || p.startsWith(dir.endsWith('/') ? dir : `${dir}/`))
  );
}

/**
 * A path on this machine outside every place the registration names is the host's, not the
 * server's data (`/root`, `/tmp`, a home folder a server allows by default): facts about it describe
 * where the run happened. Only a path that exists here counts; a server's own virtual paths
 * ("/notes/a.md" inside a vault) do not, and with no named place nothing is the host's.
 */
export function isHostPath(value: string, roots: DataRoots, exists: (path: string) => boolean): boolean {
  const path = absoluteOf(value);
  if (path === undefined) return false;
  if (roots.dirs.length === 0 && roots.files.length === 0) return false;
  return !inside(path, roots) && exists(posix.normalize(path));
}

/** Does a path exist on this machine? Each path looked up once. */
function existsHere(): (path: string) => boolean {
  const seen = new Map<string, boolean>();
  return (path) => {
    let hit = seen.get(path);
    if (hit === undefined) {
      hit = existsSync(path);
      seen.set(path, hit);
    }
    return hit;
  };
}

/** `isHostPath` against this machine's file system, each path looked up once. */
export function hostPathTest(given: readonly GivenValue[]): (value: string) => boolean {
  const roots = dataRoots(given);
  const exists = existsHere();
  return (value) => isHostPath(value, roots, exists);
}

/**
 * Is an absolute path (or `file://` URL) a place on this machine, inside the data or not? Such a
 * path says where to look; one that exists nowhere here is a name the server gave something.
 */
export function placeTest(): (value: string) => boolean {
  const exists = existsHere();
  return (value) => {
    const path = absoluteOf(value);
    return path !== undefined && exists(posix.normalize(path));
  };
}
