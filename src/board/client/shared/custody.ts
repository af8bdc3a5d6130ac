import { RUN_FILES } from '../../../tape/file-names.js';
import type { KeyRole } from '../../../tape/keys-file.js';
import {
  Broken,
  type Bytes,
  type Digest,
  type Envelope,
  type Manifest,
  type PublishedKey,
  parseEnvelope,
  parseKeys,
  parseManifest,
  parseRedaction,
  type Redaction,
} from './custody-parse.js';
import type { SignerClaim } from './viewer-run.js';

/**
 * The custody check a reader's browser makes on a published run, with WebCrypto alone: the run's
 * Ed25519 signature over its manifest (DSSE, the same PAE bytes src/tape/signature.ts signs), every
 * listed file's length and sha256 as the site serves it now, the board's redaction statement when
 * the published copies are redacted, and whether the site publishes the signing keys. Pure: the
 * files come through `read`, so Node tests run it on fixtures with globalThis.crypto.subtle.
 */

export interface CustodyInput {
  runId: string;
  /** A run file's published bytes; undefined when the site does not have it (HTTP 404). */
  read: (path: string) => Promise<Bytes | undefined>;
  /** The parsed `keys.json` (KEYS_NOT_JSON when it is not JSON), or undefined when the site publishes none. */
  keys: unknown;
  /** The files the site says it published for the run (each must be in the signed manifest). */
  published?: readonly string[];
  signer?: SignerClaim;
  subtle: SubtleCrypto | undefined;
}

export type Verdict =
  | { state: 'verified'; keyid: string; files: number; publisher?: string }
  /** Signature and digests hold, but the site does not publish the key as this run's signer. */
  | { state: 'unpublished-key'; keyid: string; files: number; publisher?: string; why: string }
  | { state: 'tampered'; culprit: string; problems: string[] }
  | { state: 'unsigned'; reason: string }
  | { state: 'cannot-check'; reason: string };

/** Thrown by a reader when a file could not be fetched at all (not a 404): nothing can be said. */
export class Unreachable extends Error {}

/** DSSE pre-authentication encoding: `DSSEv1 <len(type)> <type> <len(body)> <body>`. */
export function pae(payloadType: string, body: Bytes): Bytes {
  const enc = new TextEncoder();
  const type = enc.encode(payloadType);
  const head = enc.encode(`DSSEv1 ${type.length} `);
  const mid = enc.encode(` ${body.length} `);
  const out = new Uint8Array(head.length + type.length + mid.length + body.length);
  out.set(head, 0);
  out.set(type, head.length);
  out.set(mid, head.length + type.length);
  out.set(body, head.length + type.length + mid.length);
  return out;
}

export async function sha256Hex(subtle: SubtleCrypto, bytes: Bytes): Promise<string> {
  const hash = new Uint8Array(await subtle.digest('SHA-256', bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('');
}

const sameBytes = (a: Bytes, b: Bytes) => a.length === b.length && a.every((x, i) => x === b[i]);

class NoEd25519 extends Error {}

/** Checks an envelope's signature with its embedded key; returns the key's computed fingerprint. */
async function checkEnvelope(subtle: SubtleCrypto, env: Envelope, culprit: string): Promise<string> {
  const keyid = `ed25519:${await sha256Hex(subtle, env.publicKey)}`;
  if (keyid !== env.keyid) throw new Broken(culprit, 'the key id does not match the embedded public key');
  let key: CryptoKey;
  try {
    key = await subtle.importKey('spki', env.publicKey, { name: 'Ed25519' }, false, ['verify']);
  } catch (err) {
    if (err instanceof Error && err.name === 'NotSupportedError') throw new NoEd25519();
    throw new Broken(culprit, 'the embedded public key is not an Ed25519 key');
  }
  const ok = await subtle.verify({ name: 'Ed25519' }, key, env.sig, pae(env.payloadType, env.payload));
  if (!ok) throw new Broken(culprit, 'the signature does not verify over the signed payload');
  return keyid;
}

/** The redaction statement must describe this run's signed original, file by file. */
function checkRedaction(r: Redaction, manifest: Manifest, envelopeSha256: string, signer: string): void {
  const bad = (m: string) => new Broken(RUN_FILES.redaction, m);
  if (r.runId !== manifest.runId) throw bad(`it is for run ${r.runId}, not ${manifest.runId}`);
  if (r.original.envelopeSha256 !== envelopeSha256 || r.original.keyid !== signer)
    throw bad('it does not name this run’s signature.json as its original');
  const signed = new Map(manifest.files.map((f) => [f.path, f]));
  for (const entry of r.files) {
    const original = signed.get(entry.path);
    if (!original) throw bad(`${entry.path}: not a file of the signed original`);
    if (original.sha256 !== entry.original.sha256 || original.bytes !== entry.original.bytes)
      throw bad(`${entry.path}: its original is not the signed file`);
  }
}

interface Signed {
  keyid: string;
  /** The signer's SPKI DER, as the envelope carries it. */
  key: Bytes;
  manifest: Manifest;
  expected: Map<string, Digest & { redacted: boolean }>;
  publisher?: string;
}

async function checkSignatures(input: CustodyInput, subtle: SubtleCrypto, envBytes: Bytes): Promise<Signed> {
  const env = parseEnvelope(envBytes, 'signature');
  const keyid = await checkEnvelope(subtle, env, 'signature');
  const manifest = parseManifest(env.payload);
  if (manifest.runId !== input.runId)
    throw new Broken('signature', `signed for run ${manifest.runId}, not ${input.runId}`);
  if (input.signer?.status === 'signed' && input.signer.keyid !== undefined && input.signer.keyid !== keyid)
    throw new Broken('signature', `signed by ${keyid}, but the record names ${input.signer.keyid}`);
  const expected = new Map(manifest.files.map((f) => [f.path, { ...f, redacted: false }]));
  const redactionBytes = await input.read(RUN_FILES.redaction);
  if (redactionBytes === undefined) return { keyid, key: env.publicKey, manifest, expected };
  const renv = parseEnvelope(redactionBytes, RUN_FILES.redaction);
  const publisher = await checkEnvelope(subtle, renv, RUN_FILES.redaction);
  const redaction = parseRedaction(renv.payload);
  checkRedaction(redaction, manifest, await sha256Hex(subtle, envBytes), keyid);
  for (const f of redaction.files)
    expected.set(f.path, { path: f.path, bytes: f.bytes, sha256: f.sha256, redacted: true });
  return { keyid, key: env.publicKey, manifest, expected, publisher };
}

/** Every signed file as published now: present, and with the length and digest it was signed with. */
async function checkFiles(input: CustodyInput, subtle: SubtleCrypto, signed: Signed): Promise<Broken[]> {
  const problems: Broken[] = [];
  for (const [path, want] of signed.expected) {
    const bytes = await input.read(path);
    if (bytes === undefined) {
      problems.push(new Broken(path, 'missing from the published run'));
      continue;
    }
    if (bytes.length !== want.bytes || (await sha256Hex(subtle, bytes)) !== want.sha256)
      problems.push(
        new Broken(path, `differs from the ${want.redacted ? 'redacted copy’s signed' : 'signed'} digest`),
      );
  }
  for (const path of input.published ?? []) {
    if (path !== RUN_FILES.signature && path !== RUN_FILES.redaction && !signed.expected.has(path))
      problems.push(new Broken(path, 'published, but not in the signed manifest'));
  }
  return problems;
}

/** Why the site's keys.json does not vouch for the run's keys, or undefined when it does. */
function untrusted(keys: PublishedKey[] | undefined, runId: string, signed: Signed): string | undefined {
  if (keys === undefined) return 'this site publishes no keys.json';
  const find = (id: string, role: KeyRole) => keys.find((k) => k.keyid === id && k.roles.includes(role));
  const runKey = find(signed.keyid, 'run signer');
  if (!runKey || !sameBytes(runKey.publicKey, signed.key))
    return 'the site’s keys.json does not list this key as a run signer';
  if (!runKey.runs.includes(runId))
    return 'the site’s keys.json lists this key, but not as this run’s signer';
  if (signed.publisher !== undefined && !find(signed.publisher, 'board publisher'))
    return `the redaction’s key ${signed.publisher} is not listed as a board publisher in keys.json`;
  return undefined;
}

export async function verifyCustody(input: CustodyInput): Promise<Verdict> {
  const { subtle } = input;
  if (!subtle)
    return { state: 'cannot-check', reason: 'this page has no WebCrypto (it needs https or localhost)' };
  const read = input.keys === undefined ? undefined : parseKeys(input.keys);
  if (read !== undefined && 'problem' in read)
    return { state: 'cannot-check', reason: `the site’s keys.json is not a list of keys: ${read.problem}` };
  const keys = read?.keys;
  try {
    const envBytes = await input.read(RUN_FILES.signature);
    if (envBytes === undefined) {
      if (input.signer?.status === 'signed')
        return {
          state: 'tampered',
          culprit: 'signature',
          problems: [
            `signature.json is missing, but the record says ${input.signer.keyid ?? 'a key'} signed the run`,
          ],
        };
      return { state: 'unsigned', reason: input.signer?.reason ?? 'the run has no signature.json' };
    }
    const signed = await checkSignatures(input, subtle, envBytes);
    const problems = await checkFiles(input, subtle, signed);
    if (problems.length > 0)
      return {
        state: 'tampered',
        culprit: problems[0]?.culprit ?? 'signature',
        problems: problems.map((p) => `${p.culprit}: ${p.message}`),
      };
    const why = untrusted(keys, input.runId, signed);
    const found = {
      keyid: signed.keyid,
      files: signed.expected.size,
      ...(signed.publisher ? { publisher: signed.publisher } : {}),
    };
    return why === undefined ? { state: 'verified', ...found } : { state: 'unpublished-key', ...found, why };
  } catch (err) {
    if (err instanceof Broken)
      return { state: 'tampered', culprit: err.culprit, problems: [`${err.culprit}: ${err.message}`] };
    if (err instanceof NoEd25519)
      return { state: 'cannot-check', reason: 'this browser’s WebCrypto does not support Ed25519' };
    if (err instanceof Unreachable) return { state: 'cannot-check', reason: err.message };
    return { state: 'cannot-check', reason: err instanceof Error ? err.message : String(err) };
  }
}
