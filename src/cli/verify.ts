import { resolve } from 'node:path';
import { verifyFitnessRun } from '../run/verify.js';
import type { Command } from './command.js';

const USAGE = `Usage: fitness-report verify RUN_DIR

Checks the run's signature (DSSE, Ed25519) over every file, the prereg.json and suite.json hashes,
and recomputes every gate verdict and the score's intervals from the counts the record stores.
Exit 0 when everything agrees, 1 on any mismatch, 2 on a usage error.`;

export const verifyCommand: Command = {
  name: 'verify',
  summary: 'check a run: signature, hashes, and every verdict recomputed from its counts',
  usage: USAGE,
  async run(argv, io) {
    const [dir, ...rest] = argv;
    if (dir === undefined || rest.length > 0) {
      io.err(USAGE);
      return 2;
    }
    const result = await verifyFitnessRun(resolve(io.cwd, dir));
    for (const line of result.checked) io.out(`ok       ${line}`);
    for (const line of result.problems) io.out(`MISMATCH ${line}`);
    io.out(result.ok ? 'verified' : `NOT VERIFIED: ${result.problems.length} problem(s)`);
    return result.ok ? 0 : 1;
  },
};
