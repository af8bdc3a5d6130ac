import { describeError } from '../core/errors.js';
import type { RunRecord } from '../record/run.js';
import { type RedactionCheck, verifyPublishedRun } from '../tape/check-redaction.js';
import { linksProblem, listRunDir } from '../tape/run-files.js';
import type { TrustSet } from '../tape/trust.js';
import { bindingChecks, type Custody, type Signer, signerCheck } from './verify-custody.js';
import { type Check, check } from './verify-table.js';

function signerOf(keyid: string, trust: TrustSet): Signer {
  const source = trust.get(keyid);
  return { keyid, ...(source !== undefined ? { trusted: source } : {}) };
}

function markersLine(r: RedactionCheck): string {
  const entries = r.redaction.payload.files.filter((f) => r.redacted.includes(f.path));
  if (entries.length === 0) return 'no file needed redacting: every copy is the signed original';
  return entries
    .map((f) => {
      const kinds = Object.entries(f.markers).map(([k, n]) => `${n} ${k}`);
      return `${f.path} (${kinds.join(', ') || 'rewritten'})`;
    })
    .join('; ');
}

/**
 * Chain of custody for a published run, a redaction of the signed original: the run signer's
 * envelope over the original manifest and whether you trust them, the board builder's envelope over
 * redaction.json and whether you trust them, each published file against redaction.json, each
 * original digest there against the signed manifest, nothing unlisted, no links.
 */
export async function publishedCustodyChecks(
  dir: string,
  record: RunRecord | undefined,
  trust: TrustSet,
  allowUntrusted: boolean,
): Promise<Custody> {
  let r: RedactionCheck;
  try {
    r = await verifyPublishedRun(dir);
  } catch (err) {
    const unsigned =
      record?.signer?.status === 'unsigned' ? ` (the record says: ${record.signer.reason})` : '';
    const links = linksProblem(listRunDir(dir));
    return {
      checks: [
        check('signature', false, `${describeError(err)}${unsigned}`),
        ...(links ? [check('links', false, links)] : []),
      ],
    };
  }
  const signer = signerOf(r.original.keyid, trust);
  const redactionSigner = signerOf(r.redaction.keyid, trust);
  const changed = r.files.filter((f) => f.status !== 'ok').map((f) => `${f.path}: ${f.status}`);
  const links = linksProblem(r.listing);
  const checks: Check[] = [
    check(
      'signature',
      r.original.signatureValid && r.original.keyidMatches,
      r.original.signatureValid
        ? 'Ed25519 (DSSE) over the manifest of the original files'
        : 'does not verify over the manifest',
    ),
    signerCheck(r.original.keyid, signer.trusted, allowUntrusted),
    check(
      'redaction signature',
      r.redaction.signatureValid && r.redaction.keyidMatches,
      r.redaction.signatureValid
        ? 'Ed25519 (DSSE) over redaction.json, by the board that published the copy'
        : 'redaction.json does not verify: its payload or signature was changed',
    ),
    signerCheck(r.redaction.keyid, redactionSigner.trusted, allowUntrusted, 'redaction signer'),
    check(
      'files',
      changed.length === 0,
      changed.length > 0
        ? `${changed.join('; ')} (against redaction.json)`
        : `${r.files.length} published, each length and sha256 as redaction.json states`,
    ),
    check(
      'redaction',
      r.accounting.length === 0,
      r.accounting.length > 0
        ? r.accounting.join('; ')
        : `of this signature.json; every signed file accounted for, each original digest as signed; ${markersLine(r)}`,
    ),
    check(
      'complete',
      r.extra.length === 0,
      r.extra.length > 0 ? r.extra.map((p) => `${p}: not in redaction.json`).join('; ') : 'nothing unlisted',
    ),
    check('links', links === undefined, links ?? 'no symbolic links'),
    ...bindingChecks({ manifest: r.original.manifest, keyid: r.original.keyid }, record),
  ];
  const originals = new Map(r.redaction.payload.files.map((f) => [f.path, f.original.sha256]));
  const redacted = new Map(r.redacted.map((p) => [p, originals.get(p) ?? '']));
  return { checks, signer, redactionSigner, redacted };
}
