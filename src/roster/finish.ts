import { join, relative } from 'node:path';
import { buildSite } from '../board/site.js';
import { SitePaths } from '../board/site-paths.js';
import type { CommandIO } from '../core/io.js';
import { plural } from '../core/io.js';
import type { RosterArgs } from './args.js';

function show(io: Pick<CommandIO, 'cwd'>, path: string): string {
  const rel = relative(io.cwd, path);
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel;
}

/** Builds the board over the roster's runs and prints where to look. */
export async function finish(
  args: Pick<RosterArgs, 'site' | 'out'>,
  io: CommandIO,
  runDirs: readonly string[],
  lines: readonly string[],
  interrupted: boolean,
  incomplete: boolean,
  /** How to continue an interrupted roster (default: the local work list's --resume). */
  resumeHint?: string,
): Promise<number> {
  for (const line of lines) io.out(line);
  if (runDirs.length > 0) {
    const site = await buildSite({ runs: runDirs, out: args.site });
    io.out(
      `board: ${show(io, join(site.out, SitePaths.board))} (${plural(site.runs, 'run')} in ${plural(site.groups, 'group')})`,
    );
    io.out(`  fitness-report serve ${show(io, site.out)}`);
  } else io.out('board: not built: no run was recorded');
  if (interrupted) {
    io.out(
      `roster interrupted: ${resumeHint ?? `continue with the same command and --resume (work list ${show(io, join(args.out, 'roster.sqlite'))})`}`,
    );
    return 3;
  }
  return incomplete ? 1 : 0;
}
