import { RUN_FILES } from '../../tape/file-names.js';
/**
 * The custody files a published run carries, read by hand (no schema library in the browser): the
 * run's DSSE envelope (`signature.json`, src/tape/signature.ts), the board's redaction envelope
 * (`redaction.json`) and the site's key list (`keys.json`). Anything odd is a `Broken` naming the
 * file it came from; nothing here touches the DOM or the network.
 */
/** Bytes as fetched or decoded (never a shared buffer, as WebCrypto requires). */
export type Bytes = Uint8Array<ArrayBuffer>;

export const MANIFEST_TYPE = 'application/vnd.fitness-report.manifest+json';
export const REDACTION_TYPE = 'application/vnd.fitness-report.redaction+json';

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

export interface Digest {
  bytes: number;
  sha256: string;
}

export interface FileDigest extends Digest {
  path: string;
}

export interface Manifest {
  runId: string;
  files: FileDigest[];
}

export interface RedactionEntry extends FileDigest {
  original: Digest;
}

export interface Redaction {
  runId: string;
  original: { envelopeSha256: string; keyid: string };
  files: RedactionEntry[];
}

export interface PublishedKey {
  keyid: string;
  publicKey: Bytes;
  roles: string[];
  runs: string[];
}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const HEX64 = /^[0-9a-f]{64}$/;

export function base64(text: string, culprit: string, what: string): Bytes {
  let raw: string;
  try {
    raw = atob(text);
  } catch {
    throw new Broken(culprit, `${what} is not base64`);
  }
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

export function json(bytes: Bytes, culprit: string, what: string): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    throw new Broken(culprit, `${what} is not JSON`);
  }
}

/** A DSSE envelope of the given payload type, its first signature taken as the signer's. */
export function parseEnvelope(bytes: Bytes, type: string, culprit: string): Envelope {
  const o = json(bytes, culprit, culprit === 'signature' ? RUN_FILES.signature : culprit);
  if (!isObj(o) || !isText(o.payloadType) || !isText(o.payload) || !Array.isArray(o.signatures))
    throw new Broken(culprit, 'not a DSSE envelope');
  if (o.payloadType !== type) throw new Broken(culprit, `payload type is ${o.payloadType}, not ${type}`);
  const s: unknown = o.signatures[0];
  if (!isObj(s) || !isText(s.keyid) || !isText(s.sig) || !isText(s.publicKey))
    throw new Broken(culprit, 'the envelope carries no signature with a key id and a public key');
  return {
    payloadType: o.payloadType,
    payload: base64(o.payload, culprit, 'the payload'),
    keyid: s.keyid,
    sig: base64(s.sig, culprit, 'the signature'),
    publicKey: base64(s.publicKey, culprit, 'the public key'),
  };
}

function digest(v: unknown): Digest | undefined {
  if (!isObj(v) || !isText(v.sha256) || !HEX64.test(v.sha256)) return undefined;
  if (typeof v.bytes !== 'number' || !Number.isInteger(v.bytes) || v.bytes < 0) return undefined;
  return { bytes: v.bytes, sha256: v.sha256 };
}

/** A relative path inside the run directory: no `..`, no empty or `.` segment, not absolute. */
function safePath(p: unknown): p is string {
  return (
    isText(p) &&
    p !== '' &&
    !p.startsWith('/') &&
    !p.split('/').some((s) => s === '' || s === '.' || s === '..')
  );
}

function fileDigest(v: unknown, culprit: string): FileDigest {
  const d = digest(v);
  if (!isObj(v) || !d || !safePath(v.path))
    throw new Broken(culprit, 'a file entry is not a path, length and sha256');
  return { path: v.path, ...d };
}

function unique<T extends { path: string }>(entries: T[], culprit: string): T[] {
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.path)) throw new Broken(culprit, `${e.path} is listed twice`);
    seen.add(e.path);
  }
  return entries;
}

/** The signed manifest (schema /1 or /2): the run id and every file's path, length and sha256. */
export function parseManifest(payload: Bytes): Manifest {
  const o = json(payload, 'signature', 'the signed payload');
  const schemas = ['fitness-report.manifest/1', 'fitness-report.manifest/2'];
  if (
    !isObj(o) ||
    !isText(o.schema) ||
    !schemas.includes(o.schema) ||
    !isText(o.runId) ||
    !Array.isArray(o.files)
  )
    throw new Broken('signature', 'the signed payload is not a run manifest');
  return {
    runId: o.runId,
    files: unique(
      o.files.map((f) => fileDigest(f, 'signature')),
      'signature',
    ),
  };
}

/** The redaction payload (`fitness-report.redaction/1`): the published copies and their signed originals. */
export function parseRedaction(payload: Bytes): Redaction {
  const culprit = RUN_FILES.redaction;
  const o = json(payload, culprit, 'the redaction payload');
  if (!isObj(o) || (o.schema !== undefined && o.schema !== 'fitness-report.redaction/1'))
    throw new Broken(culprit, 'the payload is not a fitness-report.redaction/1 statement');
  const orig = o.original;
  if (
    !isText(o.runId) ||
    !isObj(orig) ||
    !isText(orig.envelopeSha256) ||
    !isText(orig.keyid) ||
    !Array.isArray(o.files)
  )
    throw new Broken(culprit, 'the payload lacks the run id, the original envelope or the file list');
  const files = o.files.map((f: unknown) => {
    const entry = fileDigest(f, culprit);
    const original = isObj(f) ? digest(f.original) : undefined;
    if (!original) throw new Broken(culprit, `${entry.path}: no original length and sha256`);
    return { ...entry, original };
  });
  return {
    runId: o.runId,
    original: { envelopeSha256: orig.envelopeSha256, keyid: orig.keyid },
    files: unique(files, culprit),
  };
}

/**
 * The site's `keys.json` (`fitness-report.keys/1`, src/tape/keys-file.ts): the public keys it
 * publishes, their roles and the runs each signed.
 */
export function parseKeys(value: unknown): PublishedKey[] | undefined {
  if (!isObj(value) || value.schema !== 'fitness-report.keys/1' || !Array.isArray(value.keys))
    return undefined;
  const keys: PublishedKey[] = [];
  for (const k of value.keys) {
    if (!isObj(k) || !isText(k.keyid) || !isText(k.publicKey) || !Array.isArray(k.roles)) return undefined;
    let publicKey: Bytes;
    try {
      publicKey = base64(k.publicKey, 'keys.json', 'a public key');
    } catch {
      return undefined;
    }
    const runs = Array.isArray(k.runs) ? k.runs.filter(isText) : [];
    keys.push({ keyid: k.keyid, publicKey, roles: k.roles.filter(isText), runs });
  }
  return keys;
}
