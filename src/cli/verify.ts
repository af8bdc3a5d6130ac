import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { verifyFitnessRun } from '../run/verify.js';
import type { Command } from './command.js';
import { UsageError } from './errors.js';
import { EXIT, exitCodeHelp, plural } from './exit-codes.js';

const USAGE = `Usage: fitness-report verify RUN_DIR

Checks the run's signature (DSSE, Ed25519) over every file, the prereg.json and suite.json hashes,
and recomputes every gate verdict and the score's intervals from the counts the record stores.

${exitCodeHelp({ ok: 'verified: every check agrees', finding: 'a mismatch: a file, hash or verdict does not agree' })}`;

/** A path that is not a run directory is the caller's mistake, not a mismatch in somebody's run. */
function runDir(path: string): string {
  if (!existsSync(path)) throw new UsageError(`${path}: no such run directory`);
  if (!statSync(path).isDirectory()) throw new UsageError(`${path}: not a directory (give a run directory)`);
  if (!existsSync(join(path, 'record.json')))
    throw new UsageError(`${path}: not a run directory (no record.json)`);
  return path;
}

export const verifyCommand: Command = {
  name: 'verify',
  summary: 'check a run: signature, hashes, and every verdict recomputed from its counts',
  usage: USAGE,
  async run(argv, io) {
    const [dir, ...rest] = argv;
    if (dir === undefined || rest.length > 0) throw new UsageError('verify needs exactly one RUN_DIR');
    const result = await verifyFitnessRun(runDir(resolve(io.cwd, dir)));
    for (const line of result.checked) io.out(`ok       ${line}`);
    for (const line of result.problems) io.out(`MISMATCH ${line}`);
    io.out(result.ok ? 'verified' : `NOT VERIFIED: ${plural(result.problems.length, 'problem')}`);
    return result.ok ? EXIT.ok : EXIT.finding;
  },
};
