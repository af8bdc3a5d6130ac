import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { messageOf } from '../core/errors.js';
import { RUN_FILES } from './file-names.js';
import { listRunDir, type RunListing } from './run-files.js';
import { DsseEnvelope, keyId, Manifest, pae, SignatureError, sha256File } from './signature.js';

export interface FileCheck {
  path: string;
  status: 'ok' | 'changed' | 'missing' | 'link';
}

export interface SignatureCheck {
  /** The signature verifies and the directory is exactly what the manifest lists, byte for byte. */
  valid: boolean;
  /** The Ed25519 signature verifies over the manifest with the envelope's public key. */
  signatureValid: boolean;
  /** The fingerprint of the public key that signed (computed from the key, not taken from the envelope). */
  keyid: string;
  publicKey: KeyObject;
  manifest: Manifest;
  /** Every file the manifest lists, with what the directory holds under that name. */
  files: FileCheck[];
  /** Files in the directory the manifest does not list (signature.json itself excepted). */
  extra: string[];
  listing: RunListing;
  problems: string[];
}

export function readEnvelope(runDir: string): DsseEnvelope {
  const path = join(runDir, RUN_FILES.signature);
  if (!existsSync(path)) throw new SignatureError(`${path}: no signature file`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new SignatureError(`${path}: not JSON (${messageOf(err)})`);
  }
  const parsed = DsseEnvelope.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SignatureError(`${path}: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

export function embeddedKey(publicKey: string, where: string): KeyObject {
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${key.asymmetricKeyType ?? 'unknown'} key`);
    return key;
  } catch (err) {
    throw new SignatureError(
      `${where}: the embedded public key is not a usable Ed25519 key (${messageOf(err)})`,
    );
  }
}

/** What a one-signature DSSE envelope says once its signature is checked. */
export interface OpenedEnvelope {
  /** The fingerprint of the key that signed (computed from the embedded key, not the envelope's word). */
  keyid: string;
  body: Buffer;
}

/**
 * Checks a DSSE envelope (Ed25519 over the PAE bytes, the public key embedded) and returns its
 * signer and payload; a SignatureError when the signature does not verify over the payload or the
 * key id is not the embedded key's. Whether the signer is trusted is the caller's question.
 */
export function openEnvelope(
  envelope: {
    payloadType: string;
    payload: string;
    signatures: readonly { keyid: string; sig: string; publicKey: string }[];
  },
  where: string,
): OpenedEnvelope {
  const [signature] = envelope.signatures;
  if (signature === undefined) throw new SignatureError(`${where}: no signature in the envelope`);
  const publicKey = embeddedKey(signature.publicKey, where);
  const keyid = keyId(publicKey);
  if (keyid !== signature.keyid)
    throw new SignatureError(`${where}: key id does not match the embedded public key`);
  const body = Buffer.from(envelope.payload, 'base64');
  if (!verify(null, pae(envelope.payloadType, body), publicKey, Buffer.from(signature.sig, 'base64')))
    throw new SignatureError(`${where}: the payload does not match its signature`);
  return { keyid, body };
}

export function readManifest(body: Buffer, where: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new SignatureError(`${where}: the signed payload is not JSON`);
  }
  const manifest = Manifest.safeParse(json);
  if (!manifest.success) throw new SignatureError(`${where}: the signed payload is not a manifest`);
  for (const entry of manifest.data.files) {
    if (isAbsolute(entry.path) || entry.path.split('/').some((p) => p === '..' || p === '' || p === '.'))
      throw new SignatureError(`${where}: manifest entry ${entry.path} escapes the run directory`);
  }
  return manifest.data;
}

/**
 * Checks the envelope's signature, that every listed file still has its signed length and digest,
 * and that the directory holds nothing else; no symbolic link is ever followed. Throws a one-line
 * SignatureError when there is no envelope to check (absent, not JSON, not an envelope, a bad key).
 */
export async function verifyRun(runDir: string): Promise<SignatureCheck> {
  const where = join(runDir, RUN_FILES.signature);
  const envelope = readEnvelope(runDir);
  const body = Buffer.from(envelope.payload, 'base64');
  const [signature] = envelope.signatures;
  if (signature === undefined) throw new SignatureError(`${where}: no signature in the envelope`);
  const publicKey = embeddedKey(signature.publicKey, where);
  const problems: string[] = [];
  const keyid = keyId(publicKey);
  if (keyid !== signature.keyid) problems.push('key id does not match the embedded public key');
  const signatureValid = verify(
    null,
    pae(envelope.payloadType, body),
    publicKey,
    Buffer.from(signature.sig, 'base64'),
  );
  if (!signatureValid) problems.push('signature does not verify over the manifest');
  const manifest = readManifest(body, where);
  const listing = listRunDir(runDir);
  const present = new Set(listing.files);
  const linked = new Set(listing.links.map((l) => l.path));
  const files: FileCheck[] = [];
  for (const entry of manifest.files) {
    if (linked.has(entry.path)) {
      files.push({ path: entry.path, status: 'link' });
      problems.push(`${entry.path}: a symbolic link, not followed`);
      continue;
    }
    if (!present.has(entry.path)) {
      files.push({ path: entry.path, status: 'missing' });
      problems.push(`${entry.path}: missing`);
      continue;
    }
    const digest = await sha256File(join(runDir, entry.path));
    const ok = digest.sha256 === entry.sha256 && digest.bytes === entry.bytes;
    files.push({ path: entry.path, status: ok ? 'ok' : 'changed' });
    if (!ok) problems.push(`${entry.path}: content differs from the signed digest`);
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  const extra = [...listing.files, ...listing.links.map((l) => l.path), ...listing.special].filter(
    (p) => p !== RUN_FILES.signature && !listed.has(p),
  );
  for (const path of extra) problems.push(`${path}: not in the signed manifest`);
  return {
    valid: problems.length === 0,
    signatureValid,
    keyid,
    publicKey,
    manifest,
    files,
    extra,
    listing,
    problems,
  };
}
