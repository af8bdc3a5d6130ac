import type * as z from 'zod/mini';
import { summarize } from '../../../core/issues.js';
import { RUN_FILES } from '../../../tape/file-names.js';
import { type PublishedKey as KeyEntry, KeysFile } from '../../../tape/keys-file.js';
import { DsseEnvelope, type ManifestFile, Manifest as SignedManifest } from '../../../tape/manifest.js';
import { RedactionEnvelope, Redaction as RedactionPayload } from '../../../tape/redaction.js';

/*
 * The custody files a published run carries, validated with the schemas their writers use (the
 * viewer bundle carries them): the run's DSSE envelope (`signature.json`, src/tape/manifest.ts), the
 * board's redaction envelope (`redaction.json`, src/tape/redaction.ts) and the site's key list
 * (`keys.json`, src/tape/keys-file.ts). Anything odd is a `Broken` naming the file and the field it
 * came from; nothing here touches the DOM or the network.
 */

/** Bytes as fetched or decoded (never a shared buffer, as WebCrypto requires). */
export type Bytes = Uint8Array<ArrayBuffer>;

/** A problem with one thing a reader can name: a file of the run, or `signature` / `redaction.json`. */
export class Broken extends Error {
  constructor(
    readonly culprit: string,
    message: string,
  ) {
    super(message);
  }
}

export interface Envelope {
  payloadType: string;
  /** The payload's bytes, exactly as signed (decoded from base64, never re-serialised). */
  payload: Bytes;
  keyid: string;
  sig: Bytes;
  /** SPKI DER of the signer's Ed25519 public key. */
  publicKey: Bytes;
}

type FileDigest = z.infer<typeof ManifestFile>;
export type Digest = Omit<FileDigest, 'path'>;

/** What the custody check reads of the signed manifest (schema /1 or /2). */
export type Manifest = Pick<SignedManifest, 'runId' | 'files'>;

/** The redaction payload of a signed original (an unsigned original has nothing to check against). */
export type Redaction = RedactionPayload & { original: NonNullable<RedactionPayload['original']> };

/** A keys.json entry with its public key decoded. */
export type PublishedKey = Omit<KeyEntry, 'publicKey'> & { publicKey: Bytes };

/** Handed in for a keys.json that is there but is not JSON (never read as "no keys published"). */
export const KEYS_NOT_JSON = Symbol('keys.json is not JSON');

function decode(text: string): Bytes {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

function json(bytes: Bytes, culprit: string, what: string): unknown {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return value;
  } catch {
    throw new Broken(culprit, `${what} is not JSON`);
  }
}

/** The schema's reading of `value`, or a Broken naming `what` and the first field that is wrong. */
function valid<T>(schema: z.ZodMiniType<T>, value: unknown, culprit: string, what: string): T {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (!parsed.success) throw new Broken(culprit, `${what}: ${summarize(parsed.error.issues)}`);
  return parsed.data;
}

const ENVELOPES = { signature: DsseEnvelope, [RUN_FILES.redaction]: RedactionEnvelope } as const;

/** A DSSE envelope (the run's, or the redaction's), its first signature taken as the signer's. */
export function parseEnvelope(bytes: Bytes, culprit: keyof typeof ENVELOPES): Envelope {
  const file = culprit === 'signature' ? RUN_FILES.signature : culprit;
  const env = valid<z.infer<typeof DsseEnvelope> | z.infer<typeof RedactionEnvelope>>(
    ENVELOPES[culprit],
    json(bytes, culprit, file),
    culprit,
    file,
  );
  const [s] = env.signatures;
  if (s === undefined) throw new Broken(culprit, `${file}: signatures: expected length >= 1, got 0`);
  return {
    payloadType: env.payloadType,
    payload: decode(env.payload),
    keyid: s.keyid,
    sig: decode(s.sig),
    publicKey: decode(s.publicKey),
  };
}

/** A relative path inside the run directory: no `..`, no empty or `.` segment, not absolute. */
function safePath(p: string): boolean {
  return !p.startsWith('/') && !p.split('/').some((s) => s === '' || s === '.' || s === '..');
}

/** Paths the schemas allow but a run directory cannot hold: outside it, or listed twice. */
function checkPaths<T extends { path: string }>(entries: readonly T[], culprit: string, what: string): T[] {
  const seen = new Set<string>();
  for (const [i, e] of entries.entries()) {
    if (!safePath(e.path))
      throw new Broken(
        culprit,
        `${what}: files[${i}].path: ${e.path} is not a path inside the run directory`,
      );
    if (seen.has(e.path)) throw new Broken(culprit, `${what}: files[${i}].path: ${e.path} is listed twice`);
    seen.add(e.path);
  }
  return [...entries];
}

/** The signed manifest (schema /1 or /2): the run id and every file's path, length and sha256. */
export function parseManifest(payload: Bytes): Manifest {
  const what = `${RUN_FILES.signature} payload`;
  const m = valid(SignedManifest, json(payload, 'signature', what), 'signature', what);
  return { runId: m.runId, files: checkPaths(m.files, 'signature', what) };
}

/** The redaction payload (`fitness-report.redaction/1`): the published copies and their signed originals. */
export function parseRedaction(payload: Bytes): Redaction {
  const culprit = RUN_FILES.redaction;
  const what = 'its payload';
  const r = valid(RedactionPayload, json(payload, culprit, what), culprit, what);
  if (r.original === null)
    throw new Broken(culprit, `${what}: original: null names no signed original to check against`);
  return { ...r, original: r.original, files: checkPaths(r.files, culprit, what) };
}

/**
 * The site's `keys.json` (`fitness-report.keys/1`): the public keys it publishes, their roles and
 * the runs each signed; or what is wrong with it, in one line.
 */
export function parseKeys(value: unknown): { keys: PublishedKey[] } | { problem: string } {
  if (value === KEYS_NOT_JSON) return { problem: 'not JSON' };
  const parsed = KeysFile.safeParse(value, { reportInput: true });
  if (!parsed.success) return { problem: summarize(parsed.error.issues) };
  return { keys: parsed.data.keys.map((k) => ({ ...k, publicKey: decode(k.publicKey) })) };
}
