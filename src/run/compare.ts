import { join } from 'node:path';
import { FitnessError } from '../core/errors.js';
import type { CompareResult } from '../record/compare.js';
import { compareRecords } from '../record/compare-build.js';
import { readRecord } from '../record/io.js';
import { RUN_FILES } from '../tape/file-names.js';
import type { TrustSet } from '../tape/trust.js';
import { verifyFitnessRun } from './verify.js';

export interface CompareOptions {
  /** Signers you trust; default: your own publisher key and the trust file in the config directory. */
  trust?: TrustSet;
  /** An untrusted signer is accepted (the files and verdicts are still checked). */
  allowUntrusted?: boolean;
}

/**
 * A run is compared only once it verifies as `verify` checks it: signature, every file, the signer
 * trusted (or allowed), every verdict re-derived. Throws COMPARE_UNVERIFIED naming the run and the
 * first failed check, in one line.
 */
async function verified(label: 'A' | 'B', dir: string, o: CompareOptions): Promise<void> {
  const result = await verifyFitnessRun(dir, {
    ...(o.trust ? { trust: o.trust } : {}),
    allowUntrusted: o.allowUntrusted === true,
  });
  if (result.ok) return;
  const failed = result.checks.filter((c) => !c.ok);
  const more = failed.length > 1 ? ` (and ${failed.length - 1} more)` : '';
  throw new FitnessError(
    'COMPARE_UNVERIFIED',
    `${label} (${dir}) does not verify, so it is not compared: ${failed[0]?.check ?? 'check'}: ${failed[0]?.detail ?? 'failed'}${more}; fitness-report verify shows every check`,
  );
}

/**
 * `fitness-report compare A B` as a library job: verifies both run directories, reads their
 * records, and compares B (the newer run) against A (the baseline) with compareRecords.
 */
export async function compareFitnessRuns(
  dirA: string,
  dirB: string,
  options: CompareOptions = {},
): Promise<CompareResult> {
  await verified('A', dirA, options);
  await verified('B', dirB, options);
  const a = await readRecord(join(dirA, RUN_FILES.record));
  const b = await readRecord(join(dirB, RUN_FILES.record));
  return compareRecords(a, b);
}
