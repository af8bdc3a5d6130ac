import { lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

/** What a run directory holds, seen without following a single symbolic link. */
export interface RunListing {
  /** Regular files, as `/`-separated paths relative to the run directory, sorted. */
  files: string[];
  /** Symbolic links (never followed), with where they point. */
  links: { path: string; target: string }[];
  /** Anything else that is not a regular file or a directory (sockets, FIFOs, devices). */
  special: string[];
}

/** Lists every entry under `dir` with lstat: a link is reported, never read through. */
export function listRunDir(dir: string): RunListing {
  const out: RunListing = { files: [], links: [], special: [] };
  const walk = (rel: string) => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const path = rel === '' ? name : `${rel}/${name}`;
      const st = lstatSync(join(dir, path));
      if (st.isSymbolicLink()) {
        let target = '?';
        try {
          target = readlinkSync(join(dir, path));
        } catch {
          // an unreadable link is still a link
        }
        out.links.push({ path, target });
      } else if (st.isDirectory()) walk(path);
      else if (st.isFile()) out.files.push(path);
      else out.special.push(path);
    }
  };
  walk('');
  return out;
}

/** One line naming every link of a listing, or undefined when there is none. */
export function linksProblem(listing: RunListing): string | undefined {
  if (listing.links.length === 0 && listing.special.length === 0) return undefined;
  const parts = [
    ...listing.links.map((l) => `${l.path} is a symbolic link (to ${l.target})`),
    ...listing.special.map((p) => `${p} is not a regular file`),
  ];
  return `${parts.join('; ')}: links are never followed`;
}
