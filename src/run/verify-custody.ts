import { describeError } from '../core/errors.js';
import type { RunRecord } from '../record/run.js';
import { type SignatureCheck, verifyRun } from '../tape/check-signature.js';
import { linksProblem, listRunDir } from '../tape/run-files.js';
import type { TrustSet, TrustSource } from '../tape/trust.js';
import { type Check, check } from './verify-table.js';

export interface Signer {
  keyid: string;
  /** Why it is trusted; absent when it is not. */
  trusted?: TrustSource;
}

export interface Custody {
  checks: Check[];
  signature?: SignatureCheck;
  signer?: Signer;
  /** A published run: the board builder who signed its redaction.json. */
  redactionSigner?: Signer;
  /** A published run: each file whose copy was redacted, with the signed original's sha256. */
  redacted?: ReadonlyMap<string, string>;
}

function list(items: readonly string[], none: string): string {
  return items.length === 0 ? none : items.join('; ');
}

export function signerCheck(
  keyid: string,
  source: TrustSource | undefined,
  allowUntrusted: boolean,
  name = 'signer',
): Check {
  if (source !== undefined) return check(name, true, `${keyid}, trusted (${source})`);
  return check(
    name,
    allowUntrusted,
    `${keyid} is not a key you trust${allowUntrusted ? ' (allowed by --allow-untrusted)' : ': name it with --trust KEYFILE|FINGERPRINT if it is the publisher you expect'}`,
  );
}

export function bindingChecks(
  sig: Pick<SignatureCheck, 'manifest' | 'keyid'>,
  record: RunRecord | undefined,
): Check[] {
  if (record === undefined) return [];
  const m = sig.manifest;
  const suite = record.suite?.hash ?? record.identity.suiteHash ?? null;
  const out = [
    check('run id', m.runId === record.runId, `manifest ${m.runId}, record ${record.runId}`),
    m.schema === 'fitness-report.manifest/2'
      ? check(
          'suite hash',
          m.suiteHash === suite,
          `manifest ${m.suiteHash ?? 'none'}, record ${suite ?? 'none'}`,
        )
      : check('suite hash', false, `${m.schema} does not bind the suite hash`),
  ];
  const named = record.signer;
  if (named?.status === 'signed')
    out.push(check('record signer', named.keyid === sig.keyid, `record names ${named.keyid}`));
  else if (named?.status === 'unsigned')
    out.push(
      check('record signer', false, `record says unsigned (${named.reason}) but a signature is present`),
    );
  return out;
}

/**
 * Chain of custody: the signature over the manifest, who made it and whether you trust them,
 * every listed file byte for byte, nothing unlisted, no links, and the manifest bound to this run.
 */
export async function custodyChecks(
  dir: string,
  record: RunRecord | undefined,
  trust: TrustSet,
  allowUntrusted: boolean,
): Promise<Custody> {
  let sig: SignatureCheck;
  try {
    sig = await verifyRun(dir);
  } catch (err) {
    const unsigned =
      record?.signer?.status === 'unsigned' ? ` (the record says: ${record.signer.reason})` : '';
    const listing = listRunDir(dir);
    const links = linksProblem(listing);
    return {
      checks: [
        check('signature', false, `${describeError(err)}${unsigned}`),
        ...(links ? [check('links', false, links)] : []),
      ],
    };
  }
  const changed = sig.files.filter((f) => f.status !== 'ok').map((f) => `${f.path}: ${f.status}`);
  const links = linksProblem(sig.listing);
  const signer: Signer = {
    keyid: sig.keyid,
    ...(trust.has(sig.keyid) ? { trusted: trust.get(sig.keyid) } : {}),
  };
  const checks = [
    check(
      'signature',
      sig.signatureValid && !sig.problems.includes('key id does not match the embedded public key'),
      sig.signatureValid ? 'Ed25519 (DSSE) over the manifest' : 'does not verify over the manifest',
    ),
    signerCheck(sig.keyid, signer.trusted, allowUntrusted),
    check(
      'files',
      changed.length === 0,
      list(changed, `${sig.files.length} listed, each length and sha256 as signed`),
    ),
    check(
      'complete',
      sig.extra.length === 0,
      list(
        sig.extra.map((p) => `${p}: not in the signed manifest`),
        'nothing unlisted',
      ),
    ),
    check('links', links === undefined, links ?? 'no symbolic links'),
    ...bindingChecks(sig, record),
  ];
  return { checks, signature: sig, signer };
}
