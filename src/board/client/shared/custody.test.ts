import { describe, expect, it } from 'vitest';
import {
  envelope,
  type Files,
  flip,
  keypair,
  keysJson,
  manifestOf,
  REDACTION_TYPE,
  redact,
  runFiles,
  signatureJson,
} from '../../../../test/support/board/custody.js';
import { DsseEnvelope, MANIFEST_TYPE } from '../../../tape/manifest.js';
import { REDACTION_TYPE as CLIENT_REDACTION_TYPE, RedactionEnvelope } from '../../../tape/redaction.js';
import { pae as nodePae } from '../../../tape/signature.js';
import { type CustodyInput, pae, Unreachable, type Verdict, verifyCustody } from './custody.js';
import { badgeOf } from './custody-text.js';

/**
 * The browser's custody check, run in Node on WebCrypto (globalThis.crypto.subtle has Ed25519 in
 * Node 20) over runs signed by the product's own signing code: every state it can reach, and every
 * tampering named by the file (or `signature`, `redaction.json`) that shows it.
 */
const RUN = 'fixture-run-2026-12-01';
const signer = keypair();
const publisher = keypair();
const stranger = keypair();
const original = runFiles(RUN);
const signature = signatureJson(manifestOf(RUN, original), signer.privateKey);
const trusted = keysJson([
  { key: signer, roles: ['run signer'], runs: [RUN] },
  { key: publisher, roles: ['board publisher'], runs: [] },
]);

function site(files: Files, extra: Record<string, Buffer | undefined> = {}): Map<string, Buffer> {
  const all = new Map([...files, ['signature.json', signature] as const]);
  for (const [path, b] of Object.entries(extra)) {
    if (b === undefined) all.delete(path);
    else all.set(path, b);
  }
  return all;
}

function check(served: Map<string, Buffer>, over: Partial<CustodyInput> = {}): Promise<Verdict> {
  return verifyCustody({
    runId: RUN,
    read: async (path) => {
      const b = served.get(path);
      return b === undefined ? undefined : new Uint8Array(b);
    },
    keys: trusted,
    published: [...served.keys()],
    signer: { status: 'signed', keyid: signer.keyid },
    subtle: globalThis.crypto.subtle,
    ...over,
  });
}

const tampered = (culprit: string) => expect.objectContaining({ state: 'tampered', culprit });

describe('the browser custody check', () => {
  it('encodes PAE byte for byte as the signer does, for the same payload type', () => {
    const body = Buffer.from('{"schema":"x","ü":1}');
    expect(Buffer.from(pae(MANIFEST_TYPE, new Uint8Array(body)))).toEqual(nodePae(MANIFEST_TYPE, body));
    expect(CLIENT_REDACTION_TYPE).toBe(REDACTION_TYPE);
  });

  it('verifies an untouched run whose signer the site publishes', async () => {
    const v = await check(site(original));
    expect(v).toEqual({ state: 'verified', keyid: signer.keyid, files: original.size });
    expect(badgeOf(v).text).toContain(`verified in this browser: signed by ${signer.keyid}`);
  });

  it('says signed by the key, not published by this site, when there is no keys.json', async () => {
    const v = await check(site(original), { keys: undefined });
    expect(v).toMatchObject({
      state: 'unpublished-key',
      keyid: signer.keyid,
      why: 'this site publishes no keys.json',
    });
    expect(badgeOf(v).text).toMatch(/^signed by ed25519:[0-9a-f]{64}, key not published by this site/);
    expect(badgeOf(v).text).not.toContain('verified');
  });

  it('names the file when one byte of it is flipped, at its start, middle and end, for every file', async () => {
    for (const [path, bytes] of original) {
      for (const at of [0, Math.floor(bytes.length / 2), bytes.length - 1]) {
        const v = await check(site(original, { [path]: flip(bytes, at) }));
        expect(v, `${path}@${at}`).toEqual(tampered(path));
        expect(badgeOf(v).text).toMatch(new RegExp(`^tampered: ${path.replace('.', '\\.')}: differs`));
      }
    }
  });

  it('names the file when it is missing, or appended to, and a published file the manifest does not list', async () => {
    expect(await check(site(original, { 'judge.jsonl': undefined }))).toEqual(tampered('judge.jsonl'));
    const longer = Buffer.concat([original.get('wire.jsonl') ?? Buffer.alloc(0), Buffer.from('\n')]);
    expect(await check(site(original, { 'wire.jsonl': longer }))).toEqual(tampered('wire.jsonl'));
    expect(await check(site(original, { 'evil.html': Buffer.from('<script>') }))).toEqual(
      tampered('evil.html'),
    );
  });

  it('names the signature when its envelope, payload or signature bytes are touched', async () => {
    const env = DsseEnvelope.parse(JSON.parse(signature.toString()));
    const payload = Buffer.from(env.payload, 'base64');
    const edited = { ...env, payload: flip(payload, payload.indexOf('"bytes"') + 9).toString('base64') };
    expect(await check(site(original, { 'signature.json': Buffer.from(JSON.stringify(edited)) }))).toEqual(
      tampered('signature'),
    );
    const sig = Buffer.from(env.signatures[0]?.sig ?? '', 'base64');
    const badSig = { ...env, signatures: [{ ...env.signatures[0], sig: flip(sig, 10).toString('base64') }] };
    expect(await check(site(original, { 'signature.json': Buffer.from(JSON.stringify(badSig)) }))).toEqual(
      tampered('signature'),
    );
    expect(await check(site(original, { 'signature.json': flip(signature, 0) }))).toEqual(
      tampered('signature'),
    );
  });

  it('refuses a wrong key: a swapped-in public key, and an edit re-signed with another key', async () => {
    const env = DsseEnvelope.parse(JSON.parse(signature.toString()));
    const swapped = {
      ...env,
      signatures: [{ ...env.signatures[0], publicKey: stranger.spki, keyid: stranger.keyid }],
    };
    const v = await check(site(original, { 'signature.json': Buffer.from(JSON.stringify(swapped)) }));
    expect(v).toEqual(tampered('signature'));
    if (v.state === 'tampered') expect(v.problems[0]).toContain('does not verify');
    const lying = { ...env, signatures: [{ ...env.signatures[0], keyid: stranger.keyid }] };
    expect(await check(site(original, { 'signature.json': Buffer.from(JSON.stringify(lying)) }))).toEqual(
      tampered('signature'),
    );
    // A consistent edit re-signed by a stranger: the bytes check out, the key is not the site's.
    const edited = new Map(original);
    edited.set('agent.jsonl', Buffer.from('{"type":"turn","text":"edited"}\n'));
    const resigned = signatureJson(manifestOf(RUN, edited), stranger.privateKey);
    const r = await check(site(edited, { 'signature.json': resigned }), { signer: undefined });
    expect(r).toMatchObject({ state: 'unpublished-key', keyid: stranger.keyid });
    // With the record's signer claim, the mismatch is named on the signature.
    expect(await check(site(edited, { 'signature.json': resigned }))).toEqual(tampered('signature'));
    // A key the site publishes, but for other runs only.
    const elsewhere = keysJson([{ key: signer, roles: ['run signer'], runs: ['another-run'] }]);
    expect(await check(site(original), { keys: elsewhere })).toMatchObject({
      state: 'unpublished-key',
      why: expect.stringContaining('not as this run’s signer'),
    });
  });

  it('reports unsigned with the record’s reason, and a removed signature as tampering', async () => {
    const reason = 'the publisher key could not be read (EACCES)';
    const v = await check(site(original, { 'signature.json': undefined }), {
      signer: { status: 'unsigned', reason },
    });
    expect(v).toEqual({ state: 'unsigned', reason });
    expect(badgeOf(v)).toEqual({ tone: 'warn', text: `unsigned: ${reason}` });
    expect(await check(site(original, { 'signature.json': undefined }))).toEqual(tampered('signature'));
  });

  it('cannot check without WebCrypto, when a fetch fails, or with an unreadable keys.json; never verified', async () => {
    const none = await check(site(original), { subtle: undefined });
    expect(none.state).toBe('cannot-check');
    const down = await check(site(original), {
      read: async () => {
        throw new Unreachable('runs/x/wire.jsonl: HTTP 503');
      },
    });
    expect(down).toEqual({ state: 'cannot-check', reason: 'runs/x/wire.jsonl: HTTP 503' });
    expect((await check(site(original), { keys: { not: 'a list' } })).state).toBe('cannot-check');
    expect(badgeOf(down).text).toBe('cannot check in this browser: runs/x/wire.jsonl: HTTP 503');
    // A WebCrypto without Ed25519 (older browsers) refuses the key import with NotSupportedError.
    const real = globalThis.crypto.subtle;
    const noEd25519 = {
      digest: real.digest.bind(real),
      importKey: async () => {
        throw new DOMException('Unrecognized name.', 'NotSupportedError');
      },
    } as unknown as SubtleCrypto;
    expect(await check(site(original), { subtle: noEd25519 })).toEqual({
      state: 'cannot-check',
      reason: 'this browser’s WebCrypto does not support Ed25519',
    });
  });
});

describe('the browser custody check of a redacted copy', () => {
  const secretFree = Buffer.from(
    (original.get('wire.jsonl') ?? Buffer.alloc(0))
      .toString()
      .replace('sk-live-abcdef0123456789', '[redacted:api-key]'),
  );
  const made = () => redact(RUN, original, signature, signer.keyid, { 'wire.jsonl': secretFree }, publisher);
  const served = (r: ReturnType<typeof made>, extra: Record<string, Buffer | undefined> = {}) =>
    site(r.published, { 'redaction.json': r.redaction, ...extra });

  it('verifies a redacted copy of the signed original, naming the redaction’s signer', async () => {
    const v = await check(served(made()));
    expect(v).toEqual({
      state: 'verified',
      keyid: signer.keyid,
      files: original.size,
      publisher: publisher.keyid,
    });
    expect(badgeOf(v).text).toContain('a redacted copy of the signed original');
  });

  it('names the redacted file when its published copy changes, and any unredacted file as before', async () => {
    const r = made();
    expect(await check(served(r, { 'wire.jsonl': flip(secretFree, 40) }))).toEqual(tampered('wire.jsonl'));
    expect(
      await check(served(r, { 'record.json': flip(original.get('record.json') ?? Buffer.alloc(1), 3) })),
    ).toEqual(tampered('record.json'));
    // Without the redaction statement, the redacted copy is simply not the signed file.
    expect(await check(site(r.published))).toEqual(tampered('wire.jsonl'));
  });

  it('refuses an entry for a file the original does not have, or whose original is not the signed one', async () => {
    const r = made();
    const files = r.payload.files;
    const extra = {
      ...r.payload,
      files: [...files, { ...files[0], path: 'evil.html' }],
    };
    const v = await check(served(r, { 'redaction.json': envelope(REDACTION_TYPE, extra, publisher) }));
    expect(v).toEqual(tampered('redaction.json'));
    if (v.state === 'tampered')
      expect(v.problems[0]).toContain('evil.html: not a file of the signed original');
    const wrong = {
      ...r.payload,
      files: files.map((f) => ({ ...f, original: { ...f.original, sha256: 'e'.repeat(64) } })),
    };
    const w = await check(served(r, { 'redaction.json': envelope(REDACTION_TYPE, wrong, publisher) }));
    expect(w).toEqual(tampered('redaction.json'));
    if (w.state === 'tampered')
      expect(w.problems[0]).toContain('wire.jsonl: its original is not the signed file');
  });

  it('refuses a redaction of another signature, a broken redaction signature, and an unpublished publisher', async () => {
    const r = made();
    const other = { ...r.payload, original: { envelopeSha256: 'a'.repeat(64), keyid: signer.keyid } };
    expect(await check(served(r, { 'redaction.json': envelope(REDACTION_TYPE, other, publisher) }))).toEqual(
      tampered('redaction.json'),
    );
    const env = RedactionEnvelope.parse(JSON.parse(r.redaction.toString()));
    const forged = {
      ...env,
      signatures: [{ ...env.signatures[0], publicKey: stranger.spki, keyid: stranger.keyid }],
    };
    expect(await check(served(r, { 'redaction.json': Buffer.from(JSON.stringify(forged)) }))).toEqual(
      tampered('redaction.json'),
    );
    const byStranger = redact(RUN, original, signature, signer.keyid, { 'wire.jsonl': secretFree }, stranger);
    expect(await check(served(byStranger))).toMatchObject({
      state: 'unpublished-key',
      publisher: stranger.keyid,
      why: expect.stringContaining('not listed as a board publisher'),
    });
  });
});
