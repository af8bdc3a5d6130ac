import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { Redaction } from '../../../src/tape/redaction.js';
import { keyId, type Manifest, pae, signManifest } from '../../../src/tape/signature.js';

/**
 * A published run in memory for the browser custody check's unit tests, signed with the product's
 * own signing code (src/tape/signature.ts) and, for the redaction path, a redaction envelope built
 * to the board's redaction contract with node:crypto. Each helper returns fresh bytes to tamper with.
 */
export const REDACTION_TYPE = 'application/vnd.fitness-report.redaction+json';

export type Files = Map<string, Buffer>;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export function keypair(): { privateKey: KeyObject; publicKey: KeyObject; keyid: string; spki: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey,
    publicKey,
    keyid: keyId(publicKey),
    spki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

/** A run's files, one of each kind a run publishes. */
export function runFiles(runId: string): Files {
  const line = (o: object) => `${JSON.stringify(o)}\n`;
  return new Map([
    ['record.json', Buffer.from(`${JSON.stringify({ schema: 'fitness-report.run/3', runId }, null, 2)}\n`)],
    ['suite.json', Buffer.from(JSON.stringify({ tasks: [{ id: 't1', prompt: 'list the files' }] }))],
    ['prereg.json', Buffer.from(JSON.stringify({ seed: 7, tasks: 12 }))],
    [
      'wire.jsonl',
      Buffer.from(
        line({ v: 1, type: 'meta', startedAt: '2026-12-01T10:00:00Z' }) +
          line({
            type: 'request',
            body: { method: 'tools/call', params: { token: 'sk-live-abcdef0123456789' } },
          }),
      ),
    ],
    ['agent.jsonl', Buffer.from(line({ type: 'turn', text: 'I will call list_directory' }))],
    ['judge.jsonl', Buffer.from(line({ type: 'verdict', pass: true }))],
  ]);
}

export function manifestOf(runId: string, files: Files): Manifest {
  const entries = [...files].map(([path, b]) => ({ path, bytes: b.length, sha256: sha(b) }));
  return { schema: 'fitness-report.manifest/2', runId, suiteHash: sha(Buffer.from('suite')), files: entries };
}

export function signatureJson(manifest: Manifest, key: KeyObject): Buffer {
  return Buffer.from(`${JSON.stringify(signManifest(manifest, key), null, 2)}\n`);
}

/** A DSSE envelope of any payload type, signed the way the product signs (PAE, Ed25519). */
export function envelope(type: string, payload: object, key: ReturnType<typeof keypair>): Buffer {
  const body = Buffer.from(JSON.stringify(payload));
  const sig = sign(null, pae(type, body), key.privateKey).toString('base64');
  return Buffer.from(
    JSON.stringify({
      payloadType: type,
      payload: body.toString('base64'),
      signatures: [{ keyid: key.keyid, sig, publicKey: key.spki }],
    }),
  );
}

/** Replaces `changed` files by their published copies and states it in a redaction envelope. */
export function redact(
  runId: string,
  original: Files,
  signature: Buffer,
  signerKeyid: string,
  changed: Record<string, Buffer>,
  publisher: ReturnType<typeof keypair>,
): { published: Files; redaction: Buffer; payload: Redaction } {
  const published = new Map(original);
  const files = Object.entries(changed).map(([path, copy]) => {
    const was = original.get(path) ?? Buffer.alloc(0);
    published.set(path, copy);
    return {
      path,
      bytes: copy.length,
      sha256: sha(copy),
      original: { bytes: was.length, sha256: sha(was) },
      markers: { 'api-key': 1 },
    };
  });
  const payload = Redaction.parse({
    schema: 'fitness-report.redaction/1',
    runId,
    original: { envelopeSha256: sha(signature), keyid: signerKeyid },
    files,
  });
  return { published, redaction: envelope(REDACTION_TYPE, payload, publisher), payload };
}

export function keysJson(
  entries: { key: ReturnType<typeof keypair>; roles: string[]; runs: string[] }[],
): unknown {
  return {
    schema: 'fitness-report.keys/1',
    keys: entries.map((e) => ({ keyid: e.key.keyid, publicKey: e.key.spki, roles: e.roles, runs: e.runs })),
    unsigned: [],
  };
}

export function flip(b: Buffer, at: number): Buffer {
  const copy = Buffer.from(b);
  const i = Math.min(Math.max(0, at), copy.length - 1);
  copy[i] = (copy[i] ?? 0) ^ 0x01;
  return copy;
}
