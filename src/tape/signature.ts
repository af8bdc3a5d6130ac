import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
} from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { FitnessError, messageOf } from '../core/errors.js';
import { RUN_FILES } from './file-names.js';
import { type DsseEnvelope, MANIFEST_TYPE, type Manifest } from './manifest.js';

/**
 * A run is signed as a DSSE envelope (Ed25519) over a manifest: the run id, the suite hash and
 * every file's name, length and sha256 (the complete list: a file in the run directory that the
 * manifest does not name is a finding). The public key travels in the envelope so anyone can check
 * integrity; whether the signer is somebody the reader trusts is a separate question (src/tape/trust.ts).
 */
export { DsseEnvelope, Manifest } from './manifest.js';

export class SignatureError extends FitnessError {
  constructor(message: string) {
    super('SIGNATURE', message);
  }
}

/** DSSE pre-authentication encoding: the bytes that are actually signed. */
export function pae(payloadType: string, body: Buffer): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([
    Buffer.from(`DSSEv1 ${type.length} `, 'utf8'),
    type,
    Buffer.from(` ${body.length} `, 'utf8'),
    body,
  ]);
}

/** The key's fingerprint: `ed25519:` and the full sha256 of its SPKI DER (what `--trust` names). */
export function keyId(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return `ed25519:${createHash('sha256').update(der).digest('hex')}`;
}

export function sha256File(path: string): Promise<{ sha256: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let bytes = 0;
    createReadStream(path)
      .on('data', (chunk: Buffer | string) => {
        const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        bytes += buf.length;
        hash.update(buf);
      })
      .on('error', reject)
      .on('end', () => resolve({ sha256: hash.digest('hex'), bytes }));
  });
}

export async function buildManifest(
  runDir: string,
  runId: string,
  files: readonly string[],
  suiteHash: string | null = null,
): Promise<Manifest> {
  const entries = [];
  for (const file of [...new Set(files)].sort()) {
    const digest = await sha256File(join(runDir, file));
    entries.push({ path: file.split(sep).join('/'), ...digest });
  }
  return { schema: 'fitness-report.manifest/2', runId, suiteHash, files: entries };
}

/** A one-signature DSSE envelope over `body` (Ed25519, the PAE bytes), the public key embedded. */
export function signDsse<T extends string>(
  payloadType: T,
  body: Buffer,
  privateKey: KeyObject,
): { payloadType: T; payload: string; signatures: { keyid: string; sig: string; publicKey: string }[] } {
  const publicKey = createPublicKey(privateKey);
  return {
    payloadType,
    payload: body.toString('base64'),
    signatures: [
      {
        keyid: keyId(publicKey),
        sig: sign(null, pae(payloadType, body), privateKey).toString('base64'),
        publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      },
    ],
  };
}

export function signManifest(manifest: Manifest, privateKey: KeyObject): DsseEnvelope {
  return signDsse(MANIFEST_TYPE, Buffer.from(JSON.stringify(manifest), 'utf8'), privateKey);
}

/** Signs the listed files of a run directory and writes `signature.json` beside them. */
export async function signRun(
  runDir: string,
  runId: string,
  files: readonly string[],
  privateKey: KeyObject,
  suiteHash: string | null = null,
): Promise<DsseEnvelope> {
  const envelope = signManifest(await buildManifest(runDir, runId, files, suiteHash), privateKey);
  writeFileSync(join(runDir, RUN_FILES.signature), `${JSON.stringify(envelope, null, 2)}\n`);
  return envelope;
}

/**
 * The publisher's signing key: an Ed25519 PEM at `path`, created (mode 0600) on first use so a
 * fresh machine can sign without set-up.
 */
export function loadOrCreateSigningKey(path: string): KeyObject {
  if (existsSync(path)) {
    let key: KeyObject;
    try {
      key = createPrivateKey(readFileSync(path));
    } catch (err) {
      throw new SignatureError(`${path}: not a usable private key (${messageOf(err)})`);
    }
    if (key.asymmetricKeyType !== 'ed25519')
      throw new SignatureError(
        `${path}: not an Ed25519 private key (${key.asymmetricKeyType ?? 'unknown type'})`,
      );
    return key;
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(path, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    throw new SignatureError(`${path}: cannot create the signing key (${messageOf(err)})`);
  }
  return privateKey;
}
