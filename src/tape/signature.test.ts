import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyRun } from './check-signature.js';
import { RUN_FILES } from './file-names.js';
import { loadOrCreateSigningKey, pae, SignatureError, signRun } from './signature.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fr-sign-'));
  writeFileSync(join(dir, 'record.json'), '{"a":1}\n');
  writeFileSync(join(dir, 'wire.jsonl'), '{"v":1}\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const key = () => generateKeyPairSync('ed25519').privateKey;

describe('DSSE signing of a run', () => {
  it('encodes the DSSE pre-authentication string byte-exactly', () => {
    expect(pae('t/x', Buffer.from('hello')).toString()).toBe('DSSEv1 3 t/x 5 hello');
  });

  it('verifies an untouched run and lists every file as ok', async () => {
    await signRun(dir, 'run-1', ['wire.jsonl', 'record.json'], key());
    const check = await verifyRun(dir);
    expect(check.valid).toBe(true);
    expect(check.files.map((f) => [f.path, f.status])).toEqual([
      ['record.json', 'ok'],
      ['wire.jsonl', 'ok'],
    ]);
  });

  it('names a file whose content changed after signing', async () => {
    await signRun(dir, 'run-1', ['record.json', 'wire.jsonl'], key());
    writeFileSync(join(dir, 'record.json'), '{"a":2}\n');
    const check = await verifyRun(dir);
    expect(check.valid).toBe(false);
    expect(check.problems).toEqual(['record.json: content differs from the signed digest']);
  });

  it('rejects a manifest edited without re-signing', async () => {
    await signRun(dir, 'run-1', ['record.json'], key());
    const path = join(dir, RUN_FILES.signature);
    const envelope = JSON.parse(readFileSync(path, 'utf8'));
    const manifest = JSON.parse(Buffer.from(envelope.payload, 'base64').toString());
    manifest.runId = 'run-2';
    envelope.payload = Buffer.from(JSON.stringify(manifest)).toString('base64');
    writeFileSync(path, JSON.stringify(envelope));
    const check = await verifyRun(dir);
    expect(check.problems).toContain('signature does not verify over the manifest');
  });

  it('reports a missing signature as a typed error naming the file', async () => {
    await expect(verifyRun(dir)).rejects.toThrow(SignatureError);
    await expect(verifyRun(dir)).rejects.toThrow(/signature\.json: no signature file/);
  });

  it('creates a private key file readable only by its owner, then reuses it', () => {
    const path = join(dir, 'keys', 'signing.pem');
    const first = loadOrCreateSigningKey(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const again = loadOrCreateSigningKey(path);
    expect(again.export({ type: 'pkcs8', format: 'pem' })).toBe(
      first.export({ type: 'pkcs8', format: 'pem' }),
    );
  });
});
