import { describe, expect, it } from 'vitest';
import {
  envelope,
  keypair,
  keysJson,
  manifestOf,
  runFiles,
  signatureJson,
} from '../../../../test/support/board/custody.js';
import { DsseEnvelope } from '../../../tape/manifest.js';
import { KEYS_NOT_JSON, parseEnvelope, parseKeys, parseManifest, parseRedaction } from './custody-parse.js';

/**
 * The viewer reads the custody files with the schemas their writers use; what it says about a bad
 * one is one line naming the file and the field.
 */
const RUN = 'fixture-run-2026-12-01';
const signer = keypair();
const bytes = (v: unknown) => new Uint8Array(Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)));
const signature = () =>
  DsseEnvelope.parse(JSON.parse(signatureJson(manifestOf(RUN, runFiles(RUN)), signer.privateKey).toString()));

function broken(f: () => unknown): { culprit: string; message: string } {
  try {
    f();
  } catch (err) {
    if (err instanceof Error && 'culprit' in err && typeof err.culprit === 'string')
      return { culprit: err.culprit, message: err.message };
    throw err;
  }
  throw new Error('expected a Broken');
}

describe('custody files as the viewer parses them', () => {
  it('reads a signed run envelope and its manifest', () => {
    const env = parseEnvelope(bytes(signature()), 'signature');
    expect(env.keyid).toBe(signer.keyid);
    expect(parseManifest(env.payload).runId).toBe(RUN);
  });

  it('names signature.json and the field of a malformed envelope', () => {
    const env = signature();
    const badKey = { ...env, signatures: [{ ...env.signatures[0], publicKey: '%%%' }] };
    expect(broken(() => parseEnvelope(bytes(badKey), 'signature'))).toEqual({
      culprit: 'signature',
      message: 'signature.json: signatures[0].publicKey: expected base64, got "%%%"',
    });
    expect(
      broken(() => parseEnvelope(bytes({ ...env, payloadType: 'text/plain' }), 'signature')).message,
    ).toMatch(
      /^signature\.json: payloadType: expected "application\/vnd\.fitness-report\.manifest\+json", got "text\/plain"$/,
    );
    expect(broken(() => parseEnvelope(bytes('{"payload":'), 'signature')).message).toBe(
      'signature.json is not JSON',
    );
    // The run's envelope is not a redaction envelope.
    expect(broken(() => parseEnvelope(bytes(env), 'redaction.json'))).toMatchObject({
      culprit: 'redaction.json',
      message: expect.stringMatching(/^redaction\.json: payloadType: expected /),
    });
  });

  it('names the manifest field, a path outside the run directory, and a path listed twice', () => {
    const good = manifestOf(RUN, runFiles(RUN));
    const file = good.files[0];
    if (!file) throw new Error('no file');
    expect(broken(() => parseManifest(bytes({ ...good, files: [{ ...file, sha256: 'x' }] }))).message).toBe(
      'signature.json payload: files[0].sha256: expected regex, got "x"',
    );
    expect(broken(() => parseManifest(bytes({ ...good, files: [{ ...file, path: '../x' }] }))).message).toBe(
      'signature.json payload: files[0].path: ../x is not a path inside the run directory',
    );
    expect(broken(() => parseManifest(bytes({ ...good, files: [file, file] }))).message).toBe(
      `signature.json payload: files[1].path: ${file.path} is listed twice`,
    );
  });

  it('refuses a redaction payload of an unsigned original, naming the field', () => {
    const payload = { schema: 'fitness-report.redaction/1', runId: RUN, original: null, files: [] };
    expect(broken(() => parseRedaction(bytes(payload)))).toEqual({
      culprit: 'redaction.json',
      message: 'its payload: original: null names no signed original to check against',
    });
    const env = envelope('application/vnd.fitness-report.redaction+json', payload, signer);
    expect(parseEnvelope(new Uint8Array(env), 'redaction.json').keyid).toBe(signer.keyid);
  });

  it('says what is wrong with keys.json in one line, and reads a good one', () => {
    const good = keysJson([{ key: signer, roles: ['run signer'], runs: [RUN] }]);
    const read = parseKeys(good);
    expect('keys' in read && read.keys[0]?.keyid).toBe(signer.keyid);
    const bad = keysJson([{ key: signer, roles: ['owner'], runs: [RUN] }]);
    expect(parseKeys(bad)).toEqual({
      problem: 'keys[0].roles[0]: expected "run signer" | "board publisher", got "owner"',
    });
    expect(parseKeys(KEYS_NOT_JSON)).toEqual({ problem: 'not JSON' });
    expect(parseKeys({ not: 'a list' })).toEqual({
      problem: 'schema: expected "fitness-report.keys/1", got nothing (and 3 more)',
    });
  });
});
