/**
 * A finding that quotes a secret a server returned, and `verify SITE_URL` on the served board.
 * The planted ambiguous server with FERRY_GATEWAY=1 (here built in memory with its gateway, the
 * run command run on it by runCommandOn) answers a vessel name with its gateway's refusal, which
 * echoes a GitHub-token-shaped credential, so the run's error-text finding quotes that text. The
 * signed record and the published copy must not carry the token, whole or cut at the quote's 80
 * characters; `verify` re-derives the findings from the redacted copies and agrees; the CLI,
 * spawned from dist/, verifies the run from its URL on the real site server, and fails naming the
 * file when one byte of a published file changes on disk, and names the findings when the
 * published record is edited and its redaction re-signed.
 */
import { createPrivateKey } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, serveSite } from '../../src/board/serve.js';
import { buildSite } from '../../src/board/site.js';
import { readRecord } from '../../src/record/io.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { defaultSigningKeyPath } from '../../src/tape/publisher.js';
import { Redaction, RedactionEnvelope } from '../../src/tape/redaction.js';
import { signRedaction } from '../../src/tape/redaction-sign.js';
import { sha256File } from '../../src/tape/signature.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { cli, stopAll } from './roster/cli.js';
import { captureIO, outDir, runCommandOn } from './run/helpers.js';

// Pieces of the token the server forwards: none may appear anywhere a reader sees.
const TOKEN_PARTS = ['ZqWxKpLm', 'RtYuHjNb', 'DfGaQeTr'];
const out = outDir();
const site = join(out, 'site');
let dir = '';
let runId = '';
let served: RunningServer;
const target = plantedInMemory('ambiguous-gateway');

const published = () => join(site, 'runs', runId);
const allText = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');

async function verifyUrl(): Promise<{ code: number | null; text: string }> {
  const p = cli(['verify', `${served.url}runs/${runId}/`]);
  const code = await p.exited;
  return { code, text: p.lines.join('\n') };
}

beforeAll(async () => {
  const io = captureIO();
  const code = await runCommandOn(target, ['--out', join(out, 'runs'), '--seed', '1'], io);
  if (code !== 0) throw new Error(`run failed (${code}): ${io.stderr.join('\n')}`);
  dir = (io.stdout.find((l) => l.startsWith('run: ')) ?? '').replace(/^run: /, '');
  runId = (await readRecord(join(dir, 'record.json'))).runId;
  await buildSite({ runs: [dir], out: site });
  served = await serveSite({ site, port: 0 });
}, 600_000);

afterAll(async () => {
  await stopAll();
  await target.closeAll();
  await served?.close();
  rmSync(out, { recursive: true, force: true });
});

describe('a finding quoting a secret a server returned', () => {
  it('the server said it (the wire tape keeps it); the signed record quotes a marker, never the token or a piece of it', async () => {
    const wire = readFileSync(join(dir, 'wire.jsonl'), 'utf8');
    for (const part of TOKEN_PARTS) expect(wire, part).toContain(part);
    const record = await readRecord(join(dir, 'record.json'));
    const texts = (record.findings?.findings ?? [])
      .filter((f) => f.kind === 'error-text')
      .flatMap((f) => (f.detail?.texts as string[] | undefined) ?? []);
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) expect(t).toMatch(/^Access denied; the fleet gateway refused .*\[REDACTED:gi/);
    const signed = readFileSync(join(dir, 'record.json'), 'utf8');
    for (const part of TOKEN_PARTS) expect(signed, part).not.toContain(part);
    for (const part of TOKEN_PARTS) expect(allText(site), part).not.toContain(part);
  });

  it('verify passes on the run directory and on the published copy, the findings re-derived from the redacted tapes', async () => {
    expect((await verifyFitnessRun(dir)).problems).toEqual([]);
    const copy = await verifyFitnessRun(published());
    expect(copy.problems).toEqual([]);
    const redaction = copy.checks.find((c) => c.check === 'redaction');
    expect(redaction?.detail).toMatch(/wire\.jsonl \([^)]*github-token/);
    expect(copy.checked.join('\n')).toMatch(/^findings: \d+ re-derived from the redacted copies/m);
  });

  it('an edited finding in the published record, its redaction re-signed by the board key: the findings check names it', async () => {
    const edited = mkdtempSync(join(out, 'edited-'));
    cpSync(published(), edited, { recursive: true });
    const path = join(edited, 'record.json');
    const record = JSON.parse(readFileSync(path, 'utf8'));
    record.findings.findings[0].count += 1;
    writeFileSync(path, JSON.stringify(record));
    const envPath = join(edited, 'redaction.json');
    const env = RedactionEnvelope.parse(JSON.parse(readFileSync(envPath, 'utf8')));
    const payload = Redaction.parse(JSON.parse(Buffer.from(env.payload, 'base64').toString('utf8')));
    const entry = payload.files.find((f) => f.path === 'record.json');
    if (entry === undefined) throw new Error('redaction.json lists no record.json');
    Object.assign(entry, await sha256File(path));
    const key = createPrivateKey(readFileSync(defaultSigningKeyPath()));
    writeFileSync(envPath, JSON.stringify(signRedaction(payload, key)));
    const result = await verifyFitnessRun(edited);
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toMatch(/^findings: \d+ re-derived .*\(they differ\)/m);
    expect(result.problems.some((p) => p.startsWith('files:') || p.startsWith('redaction'))).toBe(false);
  });
});

describe('verify SITE_URL on the served board, the CLI from dist/', () => {
  it('verifies the run from its URL, the redaction accepted', async () => {
    const { code, text } = await verifyUrl();
    expect(code, text).toBe(0);
    expect(text).toMatch(/^redaction signature\s+ok/m);
    expect(text).toMatch(/^redaction signer\s+ok/m);
    expect(text).toMatch(/^redaction\s+ok\s+of this signature\.json/m);
    expect(text).toMatch(/^findings\s+ok/m);
  }, 120_000);

  it('one byte of a published file flipped on disk: exit 1, naming the file', async () => {
    const path = join(published(), 'wire.jsonl');
    const saved = readFileSync(path);
    const bytes = Buffer.from(saved);
    const at = Math.floor(bytes.length / 3);
    bytes[at] = (bytes[at] ?? 0) ^ 1;
    writeFileSync(path, bytes);
    try {
      const { code, text } = await verifyUrl();
      expect(code, text).toBe(1);
      expect(text).toMatch(/^files\s+MISMATCH\s+wire\.jsonl: changed \(against redaction\.json\)/m);
    } finally {
      writeFileSync(path, saved);
    }
  }, 120_000);
});
