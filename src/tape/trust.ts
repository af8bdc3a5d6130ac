import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { messageOf } from '../core/errors.js';
import { type ConfigEnv, configDir, defaultSigningKeyPath, publicKeyInfo, TRUST_FILE } from './publisher.js';
import { loadOrCreateSigningKey, SignatureError } from './signature.js';

const FINGERPRINT = /^ed25519:[0-9a-f]{64}$/;
const PEM_BLOCK = /-----BEGIN ([A-Z ]+)-----[\s\S]*?-----END \1-----/g;

/** Why a signer is trusted: named on the command line, in the trust file, or your own publisher key. */
export const TrustSource = z.enum(['--trust', 'trust file', 'own publisher key']);
export type TrustSource = z.infer<typeof TrustSource>;

/** The signers a verifier trusts, by fingerprint. */
export type TrustSet = Map<string, TrustSource>;

function keyFromPem(pem: string, where: string): KeyObject {
  try {
    const key = pem.includes('PRIVATE KEY') ? createPublicKey(createPrivateKey(pem)) : createPublicKey(pem);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${key.asymmetricKeyType ?? 'unknown'} key`);
    return key;
  } catch (err) {
    throw new SignatureError(`${where}: not a usable Ed25519 key (${messageOf(err)})`);
  }
}

/** Fingerprints a text names: each PEM block it holds, and each line that is a fingerprint. */
function fingerprintsIn(text: string, where: string): string[] {
  const out = [...text.matchAll(PEM_BLOCK)].map((m) => publicKeyInfo(keyFromPem(m[0], where)).fingerprint);
  const rest = text.replace(PEM_BLOCK, '');
  rest.split('\n').forEach((raw, i) => {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') return;
    if (!FINGERPRINT.test(line))
      throw new SignatureError(
        `${where}:${i + 1}: expected a fingerprint (ed25519:<64 hex digits>) or a PEM public key, got '${line.slice(0, 40)}'`,
      );
    out.push(line);
  });
  return out;
}

/** One `--trust` value: a fingerprint, or a file holding a public key (or a private key, whose public half is trusted). */
export function trustArgument(value: string, cwdResolve: (p: string) => string): string[] {
  if (FINGERPRINT.test(value)) return [value];
  if (/^ed25519:/.test(value))
    throw new SignatureError(`--trust ${value}: a fingerprint is ed25519: and 64 hex digits`);
  const path = cwdResolve(value);
  if (!existsSync(path))
    throw new SignatureError(`--trust ${value}: neither a fingerprint nor an existing key file`);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new SignatureError(`--trust ${value}: cannot read (${messageOf(err)})`);
  }
  const found = fingerprintsIn(text, path);
  if (found.length === 0) throw new SignatureError(`${path}: holds no key and no fingerprint`);
  return found;
}

/**
 * Who this verifier trusts: the `--trust` values, the trust file in the config directory, and the
 * publisher key on this machine (your own runs), when it exists. Nothing is created.
 */
export function loadTrust(
  trust: readonly string[],
  env: ConfigEnv,
  cwdResolve: (p: string) => string,
): TrustSet {
  const set: TrustSet = new Map();
  const own = defaultSigningKeyPath(env);
  if (existsSync(own)) {
    try {
      set.set(publicKeyInfo(loadOrCreateSigningKey(own)).fingerprint, 'own publisher key');
    } catch {
      // An unreadable own key trusts nothing; `fitness-report key` says what is wrong with it.
    }
  }
  const file = `${configDir(env)}/${TRUST_FILE}`;
  if (existsSync(file))
    for (const f of fingerprintsIn(readFileSync(file, 'utf8'), file)) set.set(f, 'trust file');
  for (const value of trust) for (const f of trustArgument(value, cwdResolve)) set.set(f, '--trust');
  return set;
}
