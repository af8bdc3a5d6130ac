import { FitnessError } from '../core/errors.js';
import type { TrustSet } from '../tape/trust.js';
import { type VerifyResult, verifyFitnessRun } from './verify.js';

/**
 * A run from elsewhere is data until it verifies: before a rerun contacts anything, the original
 * must pass every check `verify` makes (signature, files, signer, every verdict re-derived). An
 * untrusted signer passes only with `allowUntrusted`; an unsigned run passes only with it and a
 * target the caller gave, since nothing vouches for the target the run recorded.
 */
export interface CustodyOptions {
  trust?: TrustSet;
  allowUntrusted?: boolean;
  /** The caller gave the target (flags), so the run's own copy of it is not what runs. */
  targetGiven: boolean;
}

/** Who vouches for the original, in one line; throws RERUN_UNVERIFIED when nothing may run. */
export async function originalCustody(dir: string, o: CustodyOptions): Promise<string> {
  const result = await verifyFitnessRun(dir, {
    ...(o.trust ? { trust: o.trust } : {}),
    allowUntrusted: o.allowUntrusted === true,
  });
  if (result.ok) return signedBy(result);
  const failed = result.checks.filter((c) => !c.ok);
  const unsignedOnly = result.signature === undefined && failed.every((c) => c.check === 'signature');
  if (unsignedOnly && o.allowUntrusted === true && o.targetGiven)
    return `unsigned (${failed[0]?.detail ?? 'no signature'}), allowed by --allow-untrusted with the target you gave`;
  const how = unsignedOnly
    ? o.allowUntrusted === true
      ? 'an unsigned run is rerun only against a target you give again (-- <command> or --url)'
      : 'pass --allow-untrusted and give the target again to rerun an unsigned run'
    : 'fitness-report verify shows every check';
  throw new FitnessError(
    'RERUN_UNVERIFIED',
    `${dir} does not verify, so nothing of it runs: ${failed[0]?.check ?? 'check'}: ${failed[0]?.detail ?? 'failed'}${failed.length > 1 ? ` (and ${failed.length - 1} more)` : ''}; ${how}`,
  );
}

function signedBy(result: VerifyResult): string {
  const s = result.signer;
  if (s === undefined) return 'verified';
  return `verified, signed by ${s.keyid} (${s.trusted ?? 'untrusted, allowed by --allow-untrusted'})`;
}
