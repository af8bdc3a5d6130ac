import { createHash, type KeyObject, verify } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { messageOf } from '../core/errors.js';
import type { FileCheck } from './check-signature.js';
import { embeddedKey, readEnvelope, readManifest } from './check-signature.js';
import { RUN_FILES } from './file-names.js';
import { Redaction, RedactionEnvelope } from './redaction.js';
import { listRunDir, type RunListing } from './run-files.js';
import { keyId, type Manifest, pae, SignatureError, sha256File } from './signature.js';

/** One DSSE envelope checked: its signature over the payload, and who made it. */
export interface EnvelopeCheck {
  signatureValid: boolean;
  /** The fingerprint computed from the embedded key; `keyidMatches` says whether the envelope named it. */
  keyid: string;
  keyidMatches: boolean;
  publicKey: KeyObject;
}

export interface RedactionCheck {
  /** The run signer's envelope over the manifest of the original files. */
  original: EnvelopeCheck & { manifest: Manifest; envelopeSha256: string };
  /** The board builder's envelope over the redaction payload. */
  redaction: EnvelopeCheck & { payload: Redaction };
  /** Every file redaction.json lists, against what the published directory holds under that name. */
  files: FileCheck[];
  /** Where redaction.json and the signed manifest disagree (one line each); empty when they agree. */
  accounting: string[];
  /** Files the published directory holds that redaction.json does not list (the envelopes excepted). */
  extra: string[];
  /** Files whose published copy differs from the signed original (markers were written). */
  redacted: string[];
  listing: RunListing;
}

function checkEnvelope(
  envelope: {
    payloadType: string;
    payload: string;
    signatures: { keyid: string; sig: string; publicKey: string }[];
  },
  where: string,
): EnvelopeCheck & { body: Buffer } {
  const [signature] = envelope.signatures;
  if (signature === undefined) throw new SignatureError(`${where}: no signature in the envelope`);
  const publicKey = embeddedKey(signature.publicKey, where);
  const body = Buffer.from(envelope.payload, 'base64');
  const keyid = keyId(publicKey);
  return {
    body,
    keyid,
    keyidMatches: keyid === signature.keyid,
    publicKey,
    signatureValid: verify(
      null,
      pae(envelope.payloadType, body),
      publicKey,
      Buffer.from(signature.sig, 'base64'),
    ),
  };
}

function parseAt<T extends z.core.$ZodType>(
  schema: T,
  json: unknown,
  where: string,
  what: string,
): z.infer<T> {
  const parsed = z.safeParse(schema, json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new SignatureError(
    `${where}: not ${what} (${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'})`,
  );
}

function readJson(path: string, body: Buffer | undefined): unknown {
  try {
    return JSON.parse((body ?? readFileSync(path)).toString('utf8'));
  } catch (err) {
    throw new SignatureError(`${path}: not JSON (${messageOf(err)})`);
  }
}

function readRedaction(dir: string): EnvelopeCheck & { payload: Redaction } {
  const where = join(dir, RUN_FILES.redaction);
  if (!existsSync(where)) throw new SignatureError(`${where}: no redaction file`);
  const envelope = parseAt(RedactionEnvelope, readJson(where, undefined), where, 'a redaction envelope');
  const { body, ...check } = checkEnvelope(envelope, where);
  const payload = parseAt(Redaction, readJson(`${where} payload`, body), where, 'a redaction payload');
  return { ...check, payload };
}

/** Where redaction.json and the run signer's manifest disagree. */
function accountingProblems(original: RedactionCheck['original'], payload: Redaction): string[] {
  const out: string[] = [];
  if (payload.original === null)
    out.push('redaction.json says the run was unsigned, but signature.json is present');
  else {
    if (payload.original.envelopeSha256 !== original.envelopeSha256)
      out.push('redaction.json is of another signature.json (envelope sha256 differs)');
    if (payload.original.keyid !== original.keyid)
      out.push(
        `redaction.json names run signer ${payload.original.keyid}, signature.json is by ${original.keyid}`,
      );
  }
  if (payload.runId !== original.manifest.runId)
    out.push(`redaction.json is for run ${payload.runId}, the manifest for ${original.manifest.runId}`);
  const signed = new Map(original.manifest.files.map((f) => [f.path, f]));
  const seen = new Set<string>();
  for (const entry of payload.files) {
    if (seen.has(entry.path)) out.push(`${entry.path}: listed twice in redaction.json`);
    seen.add(entry.path);
    const m = signed.get(entry.path);
    if (m === undefined) out.push(`${entry.path}: published, but not in the signed manifest`);
    else if (m.sha256 !== entry.original.sha256 || m.bytes !== entry.original.bytes)
      out.push(`${entry.path}: redaction.json's original digest differs from the signed manifest's`);
  }
  for (const path of signed.keys())
    if (!seen.has(path)) out.push(`${path}: signed, but redaction.json does not account for it`);
  return out;
}

/**
 * Checks a published run (`<site>/runs/<id>/`) as a redaction of its signed original: the run
 * signer's envelope, the board builder's envelope, every published file against redaction.json, and
 * every original digest in redaction.json against the signed manifest. No link is followed. Throws
 * a one-line SignatureError when either envelope cannot be read at all.
 */
export async function verifyPublishedRun(dir: string): Promise<RedactionCheck> {
  const sigPath = join(dir, RUN_FILES.signature);
  const envelopeBytes = existsSync(sigPath) ? readFileSync(sigPath) : undefined;
  const signed = readEnvelope(dir);
  const { body, ...signer } = checkEnvelope(signed, sigPath);
  const original = {
    ...signer,
    manifest: readManifest(body, sigPath),
    envelopeSha256: createHash('sha256')
      .update(envelopeBytes ?? Buffer.alloc(0))
      .digest('hex'),
  };
  const redaction = readRedaction(dir);
  const listing = listRunDir(dir);
  const present = new Set(listing.files);
  const linked = new Set(listing.links.map((l) => l.path));
  const files: FileCheck[] = [];
  for (const entry of redaction.payload.files) {
    if (linked.has(entry.path)) files.push({ path: entry.path, status: 'link' });
    else if (!present.has(entry.path)) files.push({ path: entry.path, status: 'missing' });
    else {
      const d = await sha256File(join(dir, entry.path));
      const ok = d.sha256 === entry.sha256 && d.bytes === entry.bytes;
      files.push({ path: entry.path, status: ok ? 'ok' : 'changed' });
    }
  }
  const listed = new Set(redaction.payload.files.map((f) => f.path));
  const extra = [...listing.files, ...listing.links.map((l) => l.path), ...listing.special].filter(
    (p) => p !== RUN_FILES.signature && p !== RUN_FILES.redaction && !listed.has(p),
  );
  const redacted = redaction.payload.files.filter((f) => f.sha256 !== f.original.sha256).map((f) => f.path);
  return {
    original,
    redaction,
    files,
    accounting: accountingProblems(original, redaction.payload),
    extra,
    redacted,
    listing,
  };
}
