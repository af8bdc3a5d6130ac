/**
 * Publish-time redaction on real third-party servers: server-memory on a graph whose observations
 * carry planted credentials (a JWT, an OpenAI-shaped key, a bearer token, a database URL with a
 * password), and server-everything, whose tools return image content. The run directory keeps what
 * the servers said; the built site holds markers and size notes instead; `verify` passes on both,
 * the published copy as a redaction of the signed original, and fails on every edit of the copy,
 * naming the check.
 */
import { createPrivateKey } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/audit/execute.js';
import { buildSite } from '../../src/board/site.js';
import { main } from '../../src/cli/main.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { KeysFile } from '../../src/tape/keys-file.js';
import { defaultSigningKeyPath, publicKeyInfo } from '../../src/tape/publisher.js';
import { Redaction, RedactionEnvelope } from '../../src/tape/redaction.js';
import { signRedaction } from '../../src/tape/redaction-sign.js';
import { captureIO } from './run/helpers.js';
import { CREDENTIALS, RAW_CREDENTIALS, sharedMemoryRun } from './shared/memory-secrets.js';
import { sharedEverythingStdioRun } from './shared/shared-runs.js';

const out = mkdtempSync(join(tmpdir(), 'board-redaction-'));
const site = join(out, 'site');
/** What this file reads of a run: its id, its directory and its record. */
type Run = Pick<RunReport, 'id' | 'dir' | 'record'>;
let memory: Run;
let everything: Run;
const published = (r: Run) => join(site, 'runs', r.record?.runId ?? 'missing');
const filesOf = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
const textOf = (dir: string) =>
  filesOf(dir)
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');

beforeAll(async () => {
  // Both runs are shared and only read: server-everything's with real-everything
  // (shared/shared-runs.ts), server-memory's on a graph with planted credentials with real-memory,
  // board-custody and server-pool (shared/memory-secrets.ts). The site is built from them.
  const [secrets, shared] = await Promise.all([sharedMemoryRun(), sharedEverythingStdioRun()]);
  if (shared.dir === undefined) throw new Error(`server-everything run failed: ${shared.error ?? '?'}`);
  everything = shared;
  memory = { id: 'server-memory-secrets', dir: secrets.dir, record: secrets.record };
  await buildSite({ runs: [secrets.runs, shared.dir], out: site });
}, 600_000);

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

describe('the site publishes redacted copies of what real servers returned', () => {
  it('the run directory keeps the planted strings; the site copy has markers instead', () => {
    const dir = memory.dir ?? '';
    const original = readFileSync(join(dir, 'wire.jsonl'), 'utf8');
    for (const s of RAW_CREDENTIALS) expect(original, s).toContain(s);
    const copy = textOf(published(memory));
    for (const s of RAW_CREDENTIALS) expect(copy, s).not.toContain(s);
    for (const kind of ['jwt', 'openai-key', 'bearer', 'url-userinfo'])
      expect(copy, kind).toContain(`[REDACTED:${kind}]`);
    // Nothing the site shows carries them either: pages, viewer data, keys.
    expect(textOf(site).includes(CREDENTIALS.jwt)).toBe(false);
  });

  it("server-everything's image content becomes a size note in the published copy", () => {
    const original = readFileSync(join(everything.dir ?? '', 'wire.jsonl'), 'utf8');
    expect(original).toContain('"type":"image"');
    const copy = readFileSync(join(published(everything), 'wire.jsonl'), 'utf8');
    expect(copy).toMatch(/\[media image\/png \d+ bytes\]/);
    expect(copy).not.toContain('"type":"image","data":"iVBOR');
  });

  it('verify passes on the run directory and on the published copy, as a redaction of the signed original', async () => {
    for (const r of [memory, everything]) {
      const direct = await verifyFitnessRun(r.dir ?? '');
      expect(direct.problems, r.id).toEqual([]);
      const copy = await verifyFitnessRun(published(r));
      expect(copy.problems, r.id).toEqual([]);
      const names = copy.checks.map((c) => c.check);
      for (const name of [
        'signature',
        'signer',
        'redaction signature',
        'redaction signer',
        'files',
        'redaction',
      ])
        expect(names, r.id).toContain(name);
    }
    const row = (await verifyFitnessRun(published(memory))).checks.find((c) => c.check === 'redaction');
    expect(row?.detail).toMatch(/wire\.jsonl \([^)]*jwt/);
    const io = captureIO();
    expect(await main(['verify', published(memory)], io)).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/^redaction signer\s+ok/m);
  });

  it('keys.json lists the publisher key with both roles and every run; the keys page names it', () => {
    const keys = KeysFile.parse(JSON.parse(readFileSync(join(site, 'keys.json'), 'utf8')));
    const own = publicKeyInfo(createPrivateKey(readFileSync(defaultSigningKeyPath()))).fingerprint;
    const entry = keys.keys.find((k) => k.keyid === own);
    expect(entry?.roles).toEqual(['board publisher', 'run signer']);
    expect(entry?.runs).toEqual(
      [memory.record?.runId, everything.record?.runId].filter((x) => x !== undefined).sort(),
    );
    expect(keys.unsigned).toEqual([]);
    const page = readFileSync(join(site, 'keys.html'), 'utf8');
    expect(page).toContain(own);
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toContain('href="keys.html"');
  });
});

describe('an edit of the published copy fails, naming the check', () => {
  const copy = () => {
    const to = mkdtempSync(join(out, 'edit-'));
    cpSync(published(memory), to, { recursive: true });
    return to;
  };
  const failing = async (dir: string) => {
    const result = await verifyFitnessRun(dir);
    expect(result.ok).toBe(false);
    return result.checks.filter((c) => !c.ok);
  };
  const readRedaction = (dir: string) => {
    const env = RedactionEnvelope.parse(JSON.parse(readFileSync(join(dir, 'redaction.json'), 'utf8')));
    return Redaction.parse(JSON.parse(Buffer.from(env.payload, 'base64').toString('utf8')));
  };

  it('a byte flipped in a published copy: the files check names the file', async () => {
    const dir = copy();
    const path = join(dir, 'agent.jsonl');
    const bytes = readFileSync(path);
    const at = Math.floor(bytes.length / 2);
    bytes[at] = (bytes[at] ?? 0) ^ 1;
    writeFileSync(path, bytes);
    const failed = await failing(dir);
    expect(failed.find((c) => c.check === 'files')?.detail).toContain('agent.jsonl: changed');
  });

  it('redaction.json edited: its signature fails', async () => {
    const dir = copy();
    const path = join(dir, 'redaction.json');
    const env = RedactionEnvelope.parse(JSON.parse(readFileSync(path, 'utf8')));
    const payload = readRedaction(dir);
    const [first] = payload.files;
    if (first === undefined) throw new Error('the redaction lists no files');
    payload.files[0] = { ...first, markers: {} };
    env.payload = Buffer.from(JSON.stringify(payload)).toString('base64');
    writeFileSync(path, JSON.stringify(env));
    const failed = await failing(dir);
    expect(failed.map((c) => c.check)).toContain('redaction signature');
  });

  it('an original digest that disagrees with the signed manifest, re-signed by the board: named', async () => {
    const dir = copy();
    const payload = readRedaction(dir);
    const entry = payload.files.find((f) => f.path === 'wire.jsonl');
    if (entry === undefined) throw new Error('no wire.jsonl entry');
    entry.original = { ...entry.original, sha256: entry.sha256 };
    const key = createPrivateKey(readFileSync(defaultSigningKeyPath()));
    writeFileSync(join(dir, 'redaction.json'), JSON.stringify(signRedaction(payload, key)));
    const failed = await failing(dir);
    expect(failed.find((c) => c.check === 'redaction')?.detail).toContain(
      "wire.jsonl: redaction.json's original digest differs from the signed manifest's",
    );
  });

  it('a signed file left out of redaction.json: named', async () => {
    const dir = copy();
    const payload = readRedaction(dir);
    payload.files = payload.files.filter((f) => f.path !== 'suite.json');
    const key = createPrivateKey(readFileSync(defaultSigningKeyPath()));
    writeFileSync(join(dir, 'redaction.json'), JSON.stringify(signRedaction(payload, key)));
    const failed = await failing(dir);
    expect(failed.find((c) => c.check === 'redaction')?.detail).toContain(
      'suite.json: signed, but redaction.json does not account for it',
    );
  });
});
