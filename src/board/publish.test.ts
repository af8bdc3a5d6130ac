import { generateKeyPairSync } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureRecord } from '../../test/support/board/records.js';
import { writeFixtureRun } from '../../test/support/board/runs.js';
import { readRecord } from '../record/io.js';
import { verifyPublishedRun } from '../tape/check-redaction.js';
import { publicKeyInfo } from '../tape/publisher.js';
import { REDACTED } from '../tape/redact.js';
import { publishRun, verification } from './publish.js';

const BOARD_KEY = generateKeyPairSync('ed25519').privateKey;
const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

async function run(text?: string) {
  const root = mkdtempSync(join(tmpdir(), 'board-publish-'));
  const record = fixtureRecord('scored', { slug: 'pub', startedAt: '2026-11-01T12:00:00Z' });
  const dir = await writeFixtureRun(root, record, text === undefined ? {} : { hostile: text });
  return { dir, record: await readRecord(join(dir, 'record.json')), recordPath: join(dir, 'record.json') };
}

describe('publishRun', () => {
  it('copies the run files and reports a verified signature', async () => {
    const r = await run();
    const site = mkdtempSync(join(tmpdir(), 'board-site-'));
    const published = await publishRun(
      { runDir: r.dir, record: r.record, recordPath: r.recordPath },
      site,
      [],
      BOARD_KEY,
    );
    expect(published.files.map((f) => f.path).sort()).toEqual(
      [
        'agent.jsonl',
        'prereg.json',
        'record.json',
        'redaction.json',
        'signature.json',
        'suite.json',
        'wire.jsonl',
      ].sort(),
    );
    // Nothing needed redacting: each copy is the original, and redaction.json says so under both keys.
    const check = await verifyPublishedRun(join(site, 'runs', r.record.runId));
    expect(check.redaction.signatureValid).toBe(true);
    expect(check.redaction.keyid).toBe(publicKeyInfo(BOARD_KEY).fingerprint);
    expect(check.accounting).toEqual([]);
    expect(check.redacted).toEqual([]);
    expect(check.files.every((f) => f.status === 'ok')).toBe(true);
    expect(published.planes.map((p) => p.plane)).toEqual(['wire', 'agent']);
    expect(published.verification).toMatchObject({ status: 'verified', problems: [] });
    expect(readFileSync(join(site, 'runs', r.record.runId, 'wire.jsonl'), 'utf8')).toBe(
      readFileSync(join(r.dir, 'wire.jsonl'), 'utf8'),
    );
  });

  it('scrubs known secrets from the published copy only, and says so', async () => {
    const secret = 'tok-4f9a1c77e2';
    const r = await run(`search ${secret} books`);
    const site = mkdtempSync(join(tmpdir(), 'board-site-'));
    const published = await publishRun(
      { runDir: r.dir, record: r.record, recordPath: r.recordPath },
      site,
      [secret],
      BOARD_KEY,
    );
    const copy = readFileSync(join(site, 'runs', r.record.runId, 'wire.jsonl'), 'utf8');
    expect(copy).not.toContain(secret);
    expect(copy).toContain(REDACTED);
    expect(readFileSync(join(r.dir, 'wire.jsonl'), 'utf8')).toContain(secret);
    expect(published.files.find((f) => f.path === 'wire.jsonl')?.redacted).toBe(true);
    const markers = published.files.find((f) => f.path === 'wire.jsonl')?.markers ?? {};
    expect(markers['known-secret']).toBe(
      occurrences(readFileSync(join(r.dir, 'wire.jsonl'), 'utf8'), secret),
    );
    expect(published.files.find((f) => f.path === 'suite.json')?.redacted).toBe(false);
    const check = await verifyPublishedRun(join(site, 'runs', r.record.runId));
    expect(check.redacted).toContain('wire.jsonl');
    expect(check.redacted).not.toContain('suite.json');
    expect(check.accounting).toEqual([]);
  });

  it('reports a tampered run as failed and an unsigned one as unsigned', async () => {
    const r = await run();
    appendFileSync(
      join(r.dir, 'agent.jsonl'),
      '{"t":"2026-11-01T00:00:00Z","dir":"event","kind":"x","raw":{}}\n',
    );
    const tampered = await verification(r.dir);
    expect(tampered.status).toBe('failed');
    expect(tampered.problems).toContain('agent.jsonl: content differs from the signed digest');
    rmSync(join(r.dir, 'signature.json'));
    expect((await verification(r.dir)).status).toBe('unsigned');
  });

  it('an unsigned run says why, in the words its record gives', async () => {
    const r = await run();
    rmSync(join(r.dir, 'signature.json'));
    const record = {
      ...r.record,
      signer: { status: 'unsigned' as const, reason: 'the key file was corrupt' },
    };
    expect(await verification(r.dir, record)).toMatchObject({
      status: 'unsigned',
      problems: ['recorded unsigned: the key file was corrupt'],
    });
  });
});
