import { rmSync } from 'node:fs';
import { FitnessError } from '../core/errors.js';
import { onStopSignals } from '../core/signals.js';
import { type VerifyReport, verifyReport } from '../record/result.js';
import { fetchPublishedRun } from '../run/fetch-run.js';
import type { VerifyResult } from '../run/verify.js';
import { check } from '../run/verify-table.js';
import type { CommandIO } from './command.js';

/** Rejects once `signal` aborts, so a verification can be left when the command is stopped. */
function stopped(signal: AbortSignal, target: string): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () =>
      reject(
        new FitnessError(
          'VERIFY_FETCH',
          `${target}: interrupted by ${String(signal.reason)}; nothing verified`,
        ),
      );
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/**
 * `verify SITE_URL`: fetches the published run into a temporary folder within the fetch limits,
 * verifies it with `verify`, and removes the folder on every way out: after the table, on a fetch
 * error (fetchPublishedRun removes its own), and on a stop signal (SIGINT, SIGTERM, SIGHUP), which
 * stops the fetch or leaves the verification and ends with exit 3. Names that clash are a
 * mismatch in the published run, reported as a row of the table (exit 1).
 */
export async function verifyRemote(
  target: string,
  verify: (dir: string) => Promise<VerifyResult>,
  io: CommandIO,
  print: (report: VerifyReport) => number,
): Promise<number> {
  const abort = new AbortController();
  const unsubscribe = onStopSignals((sig) => {
    io.err(`fitness-report verify: ${sig}: stopping; removing the fetched copy`);
    abort.abort(sig);
  }, 'once');
  try {
    let dir: string;
    try {
      dir = await fetchPublishedRun(target, { signal: abort.signal });
    } catch (err) {
      if (!(err instanceof FitnessError) || err.code !== 'VERIFY_CLASH') throw err;
      return print(verifyReport([check('names', false, err.message)]));
    }
    try {
      const verifying = verify(dir);
      // Left running when the command stops; its result (or failure) is no longer wanted.
      verifying.catch(() => undefined);
      return print((await Promise.race([verifying, stopped(abort.signal, target)])).report);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    unsubscribe();
  }
}
