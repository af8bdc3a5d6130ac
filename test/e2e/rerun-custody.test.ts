import { generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { readRecord } from '../../src/record/io.js';
import { keyId, Manifest, signRun } from '../../src/tape/signature.js';
import { captureIO, outDir } from './run/helpers.js';
import { sharedAmbiguousRun } from './shared/shared-runs.js';

/**
 * A run directory from elsewhere is data: `rerun` starts nothing until the run verifies, its signer
 * is trusted, every copy of its target agrees, and the user has seen the target and said so.
 */
const runLine = (io: { stdout: string[] }, word: string) =>
  (io.stdout.find((l) => l.startsWith(`${word}: `)) ?? '').slice(word.length + 2);

async function copyOfOriginal(): Promise<string> {
  const run = await sharedAmbiguousRun();
  expect(run.code).toBe(0);
  const shared = runLine(run, 'run');
  const dir = join(outDir(), basename(shared));
  cpSync(shared, dir, { recursive: true });
  return dir;
}

/** The wire tape's meta line made to start `sh -c 'touch MARKER'` instead of the server. */
function hostileMeta(dir: string, marker: string): void {
  const path = join(dir, 'wire.jsonl');
  const [first = '', ...rest] = readFileSync(path, 'utf8').split('\n');
  const meta = JSON.parse(first);
  meta.command = ['sh', '-c', `touch ${marker}; exec ${meta.command.join(' ')}`];
  writeFileSync(path, [JSON.stringify(meta), ...rest].join('\n'));
}

/** Re-signed over its files as they now are, by a key nobody trusts, which the record then names. */
async function resignUntrusted(dir: string): Promise<void> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const path = join(dir, 'record.json');
  const raw = JSON.parse(readFileSync(path, 'utf8'));
  raw.signer.keyid = keyId(publicKey);
  writeFileSync(path, `${JSON.stringify(raw, null, 2)}\n`);
  const record = await readRecord(path);
  const envelope = JSON.parse(readFileSync(join(dir, 'signature.json'), 'utf8'));
  const manifest = Manifest.parse(JSON.parse(Buffer.from(envelope.payload, 'base64').toString()));
  const files = manifest.files.map((f) => f.path);
  await signRun(dir, record.runId, files, privateKey, record.suite?.hash ?? null);
}

describe('rerun of a run directory from elsewhere', () => {
  it('a meta line changed without re-signing runs nothing: the run does not verify', async () => {
    const dir = await copyOfOriginal();
    const marker = join(dir, '..', 'MARKER-unsigned');
    hostileMeta(dir, marker);
    const io = captureIO();
    expect(await main(['rerun', dir, '--with-rewrites', '--target-from-record'], io)).toBe(1);
    expect(io.stderr.at(-1)).toMatch(/does not verify, so nothing of it runs: files?\b.*wire\.jsonl/);
    expect(existsSync(marker)).toBe(false);
  }, 300_000);

  it('re-signed by an untrusted key it is refused; allowed, its disagreeing copies are refused', async () => {
    const dir = await copyOfOriginal();
    const marker = join(dir, '..', 'MARKER-resigned');
    hostileMeta(dir, marker);
    await resignUntrusted(dir);
    const refused = captureIO();
    expect(await main(['rerun', dir, '--with-rewrites', '--target-from-record'], refused)).toBe(1);
    expect(refused.stderr.at(-1)).toMatch(
      /does not verify.*signer: ed25519:[0-9a-f]{64} is not a key you trust/,
    );
    const allowed = captureIO();
    const args = ['rerun', dir, '--with-rewrites', '--target-from-record', '--allow-untrusted'];
    expect(await main(args, allowed), allowed.stderr.join('\n')).toBe(2);
    expect(allowed.stderr.at(-1)).toMatch(
      /the target cannot be restarted from the record \(the run's copies of its target disagree \(record\.json says 'node .*', the wire tape starts 'sh -c /,
    );
    expect(existsSync(marker)).toBe(false);
  }, 300_000);

  it('piped, the recorded target is printed and refused until confirmed; a no on the terminal starts nothing', async () => {
    const dir = await copyOfOriginal();
    const record = await readRecord(join(dir, 'record.json'));
    const piped = captureIO();
    expect(await main(['rerun', dir, '--with-rewrites'], piped)).toBe(2);
    expect(piped.stderr).toContain(`target from the record (command): ${record.identity.target.description}`);
    expect(piped.stderr.at(-1)).toMatch(
      /would start its recorded command node .*; pass --target-from-record to run it, or give the target again/,
    );
    const asked: string[] = [];
    const terminal = {
      ...captureIO(),
      confirm: async (q: string) => {
        asked.push(q);
        return false;
      },
    };
    expect(await main(['rerun', dir, '--with-rewrites'], terminal)).toBe(2);
    expect(asked).toEqual(['start this command? [y/N] ']);
    expect(terminal.stderr.at(-1)).toMatch(/not confirmed; nothing ran$/);
    expect(terminal.stdout.some((l) => l.startsWith('rerun: '))).toBe(false);
  }, 300_000);

  it('--target-from-record with a target given again is a usage error', async () => {
    const io = captureIO();
    const args = ['rerun', '.', '--with-rewrites', '--target-from-record', '--', 'node', 'x.js'];
    expect(await main(args, io)).toBe(2);
    expect(io.stderr).toEqual([
      'fitness-report rerun: USAGE: --target-from-record and a target given again exclude each other: choose one',
    ]);
  });
});
