import { generateKeyPairSync } from 'node:crypto';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { nullBaselineGate } from '../../src/gates/null-baseline.js';
import { clusteredInterval } from '../../src/record/clustered.js';
import { readRecord, serializeRecord } from '../../src/record/io.js';
import type { RunRecord } from '../../src/record/run.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { wilson } from '../../src/stats/index.js';
import { defaultSigningKeyPath, publicKeyInfo } from '../../src/tape/publisher.js';
import { loadOrCreateSigningKey, Manifest, signRun } from '../../src/tape/signature.js';
import { captureIO } from './run/helpers.js';
import { auditedRun } from './shared/planted-audit.js';

/**
 * A sceptic's checks on real runs (the shared planted audit's, copied: consumers never write into
 * them): every tampering a publisher or a site could do fails, naming the check that caught it.
 */
let scored = '';
let refused = '';
const scratch = mkdtempSync(join(tmpdir(), 'verify-custody-'));

beforeAll(async () => {
  scored = (await auditedRun('well-made')).dir;
  refused = (await auditedRun('calculator')).dir;
}, 1_200_000);

function copy(dir: string): string {
  const to = mkdtempSync(join(scratch, 'run-'));
  cpSync(dir, to, { recursive: true });
  return to;
}

async function failing(dir: string, options: Parameters<typeof verifyFitnessRun>[1] = {}) {
  const result = await verifyFitnessRun(dir, options);
  expect(result.ok).toBe(false);
  return result.checks.filter((c) => !c.ok);
}

/** The run's files re-listed and re-signed, as a publisher (or whoever holds the key) would. */
async function resign(dir: string, key = loadOrCreateSigningKey(defaultSigningKeyPath())) {
  const record = await readRecord(join(dir, 'record.json'));
  const manifest = Manifest.parse(
    JSON.parse(
      Buffer.from(JSON.parse(readFileSync(join(dir, 'signature.json'), 'utf8')).payload, 'base64').toString(),
    ),
  );
  await signRun(
    dir,
    record.runId,
    manifest.files.map((f) => f.path),
    key,
    record.suite?.hash ?? null,
  );
}

async function editRecord(dir: string, edit: (r: RunRecord) => void): Promise<void> {
  const record = await readRecord(join(dir, 'record.json'));
  edit(record);
  writeFileSync(join(dir, 'record.json'), serializeRecord(record));
}

describe('verify on untouched runs', () => {
  it('passes, names the signer as trusted (own publisher key) and prints a table', async () => {
    const io = captureIO();
    expect(await main(['verify', scored], io)).toBe(0);
    const own = publicKeyInfo(loadOrCreateSigningKey(defaultSigningKeyPath())).fingerprint;
    const table = io.stdout.join('\n');
    expect(table).toMatch(/^check\s+result\s+detail$/m);
    expect(table).toContain(`${own}, trusted (own publisher key)`);
    for (const row of [
      'signature',
      'files',
      'complete',
      'links',
      'run id',
      'suite hash',
      'prereg',
      'outcome',
    ])
      expect(table).toMatch(new RegExp(`^${row}\\s+ok\\s`, 'm'));
    expect(table).toMatch(/^tape counts first-try\s+ok\s+record (\d+)\/(\d+), tape \1\/\2$/m);
    expect(table).toMatch(/^tape counts construct\s+ok\s/m);
    expect(io.stdout.at(-1)).toBe('verified');
    expect((await verifyFitnessRun(refused)).ok).toBe(true);
  });
});

describe('every tampering fails, naming the check', () => {
  it('a byte flipped at many positions of every file', async () => {
    const dir = copy(scored);
    const files = readdirSync(dir);
    expect(files).toContain('signature.json');
    for (const file of files) {
      const path = join(dir, file);
      const original = readFileSync(path);
      const size = statSync(path).size;
      const positions = [
        ...new Set([0, 1, size >> 3, size >> 2, size >> 1, (size * 3) >> 2, size - 2, size - 1]),
      ];
      for (const at of positions) {
        const bytes = Buffer.from(original);
        bytes[at] = (bytes[at] ?? 0) ^ 0x01;
        writeFileSync(path, bytes);
        const bad = (await failing(dir)).map((c) => `${c.check}: ${c.detail}`);
        if (file === 'signature.json')
          expect(bad.join('\n'), `${file}@${at}`).toMatch(/^(signature|signer|files|run id|suite hash): /m);
        else expect(bad, `${file}@${at}`).toContain(`files: ${file}: changed`);
      }
      writeFileSync(path, original);
    }
    expect((await verifyFitnessRun(dir)).ok).toBe(true);
  }, 300_000);

  it('a file deleted: the files check names it, and a missing prereg.json is one line', async () => {
    const dir = copy(scored);
    rmSync(join(dir, 'prereg.json'));
    const bad = await failing(dir);
    expect(bad).toContainEqual({ check: 'files', ok: false, detail: 'prereg.json: missing' });
    expect(bad).toContainEqual({
      check: 'prereg',
      ok: false,
      detail: 'prereg.json: missing (the record names it)',
    });
    const io = captureIO();
    expect(await main(['verify', dir], io)).toBe(1);
    expect(io.stdout.join('\n')).not.toMatch(/ENOENT|\n\s+at /);
  });

  it('a file added (evil.html, a second run copied in): the complete check names each', async () => {
    const dir = copy(scored);
    writeFileSync(join(dir, 'evil.html'), '<script>alert(1)</script>');
    cpSync(refused, join(dir, 'other'), { recursive: true });
    const complete = (await failing(dir)).find((c) => c.check === 'complete');
    expect(complete?.detail).toContain('evil.html: not in the signed manifest');
    expect(complete?.detail).toContain('other/record.json: not in the signed manifest');
  });

  it("two runs' records swapped: files and run id", async () => {
    const a = copy(scored);
    const b = copy(refused);
    cpSync(join(refused, 'record.json'), join(a, 'record.json'));
    cpSync(join(scored, 'record.json'), join(b, 'record.json'));
    for (const dir of [a, b]) {
      const names = (await failing(dir)).map((c) => c.check);
      expect(names).toEqual(expect.arrayContaining(['files', 'run id']));
    }
  });

  it('an edited run re-signed with another key: the signer is not trusted', async () => {
    const dir = copy(scored);
    await editRecord(dir, (r) => {
      r.identity.runner = 'heuristic';
      r.notes.own.push({ id: 'forged', text: 'nothing to see' });
    });
    await resign(dir, generateKeyPairSync('ed25519').privateKey);
    const bad = await failing(dir);
    expect(bad.map((c) => c.check)).toEqual(expect.arrayContaining(['signer', 'record signer']));
    expect(bad.find((c) => c.check === 'signer')?.detail).toMatch(
      /^ed25519:[0-9a-f]{64} is not a key you trust/,
    );
    const io = captureIO();
    expect(await main(['verify', dir], io)).toBe(1);
    expect(io.stdout.join('\n')).toMatch(/^signer\s+MISMATCH\s/m);
  });

  it('a consistent edit of a count, re-signed by the trusted key: the tape recount catches it', async () => {
    const dir = copy(scored);
    await editRecord(dir, (r) => {
      const score = r.score;
      const task = score?.perTask.find((t) => t.firstTry > 0);
      if (!score || !task) throw new Error('no first-try success to take away');
      // One first-try success fewer, with every number derived from it changed to agree.
      task.firstTry -= 1;
      task.passHatK = task.firstTry === task.reps;
      task.passAtK = task.firstTry > 0;
      const k = score.firstTry.k - 1;
      const n = score.firstTry.n;
      score.firstTry = {
        ...score.firstTry,
        k,
        wilson: { ...wilson(k, n, 0.95) },
        clustered: clusteredInterval(score.perTask.map((t) => ({ k: t.firstTry, m: t.reps }))),
      };
      score.passHatK = { ...score.passHatK, k: score.perTask.filter((t) => t.passHatK).length };
      score.passAtK = { ...score.passAtK, k: score.perTask.filter((t) => t.passAtK).length };
      r.gates = r.gates.map((g) => {
        if (g.gate !== 'null_baseline' || g.signalSource !== 'first_try') return g;
        return nullBaselineGate({
          phases: g.nullRates,
          signal: { source: 'first_try', counts: { k, n } },
          ratio: g.ratio,
          percentile: g.percentile,
        });
      });
    });
    await resign(dir);
    const bad = await failing(dir);
    // Only the recount from the tape can tell: every stored number agrees with every other.
    expect(bad.map((c) => c.check)).toEqual(['tape counts first-try']);
  });

  it('the two-step pre-registration: both hashes and times in the record; a later policy time fails', async () => {
    const { record } = await auditedRun('well-made');
    expect(record.policy).toMatchObject({
      path: 'policy.json',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(record.prereg?.registration.policySha256).toBe(record.policy?.sha256);
    expect(record.prereg?.registration.reserveHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(record.policy?.at ?? '')).toBeLessThan(Date.parse(record.prereg?.at ?? ''));
    const dir = copy(scored);
    await editRecord(dir, (r) => {
      if (r.policy) r.policy.at = r.identity.endedAt;
    });
    await resign(dir);
    const bad = await failing(dir);
    expect(bad.map((c) => c.check)).toEqual(['policy before model calls']);
    expect(bad[0]?.detail).toMatch(/the call came first$/);
  });

  it('a file replaced by a symbolic link: never followed, named', async () => {
    const dir = copy(scored);
    rmSync(join(dir, 'judge.jsonl'));
    symlinkSync('/etc/passwd', join(dir, 'judge.jsonl'));
    const bad = await failing(dir);
    expect(bad.find((c) => c.check === 'links')?.detail).toBe(
      'judge.jsonl is a symbolic link (to /etc/passwd): links are never followed',
    );
    expect(bad).toContainEqual({ check: 'files', ok: false, detail: 'judge.jsonl: link' });
  });
});

describe('trust and bad input: one line each', () => {
  it('--trust FINGERPRINT of another key still fails; --allow-untrusted reports and passes', async () => {
    const dir = copy(scored);
    await resign(dir, generateKeyPairSync('ed25519').privateKey);
    const other = publicKeyInfo(generateKeyPairSync('ed25519').privateKey).fingerprint;
    expect(await main(['verify', '--trust', other, dir], captureIO())).toBe(1);
    // The re-signed run's own record names the publisher key, so the record signer row still fails.
    const allowed = await verifyFitnessRun(dir, { allowUntrusted: true });
    expect(allowed.checks.find((c) => c.check === 'signer')).toMatchObject({ ok: true });
    expect(allowed.checks.find((c) => c.check === 'signer')?.detail).toContain(
      'allowed by --allow-untrusted',
    );
  });

  it('--trust KEYFILE trusts that key', async () => {
    const dir = copy(scored);
    const key = generateKeyPairSync('ed25519');
    await editRecord(dir, (r) => {
      r.signer = { status: 'signed', keyid: publicKeyInfo(key.privateKey).fingerprint };
    });
    await resign(dir, key.privateKey);
    const pub = join(scratch, 'pub.pem');
    writeFileSync(pub, key.publicKey.export({ type: 'spki', format: 'pem' }));
    const io = captureIO();
    expect(await main(['verify', '--trust', pub, dir], io)).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/^signer\s+ok\s+ed25519:[0-9a-f]{64}, trusted \(--trust\)$/m);
  });

  it('a corrupt key file, a bad fingerprint, no signature: one line, never a stack', async () => {
    writeFileSync(
      join(scratch, 'corrupt.pem'),
      '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n',
    );
    const corrupt = captureIO(scratch);
    expect(await main(['verify', '--trust', 'corrupt.pem', scored], corrupt)).toBe(2);
    expect(corrupt.stderr).toHaveLength(1);
    expect(corrupt.stderr[0]).toMatch(/corrupt\.pem: not a usable Ed25519 key/);
    const short = captureIO();
    expect(await main(['verify', '--trust', 'ed25519:abcd', scored], short)).toBe(2);
    expect(short.stderr[0]).toMatch(/a fingerprint is ed25519: and 64 hex digits/);
    const dir = copy(scored);
    rmSync(join(dir, 'signature.json'));
    const bad = await failing(dir);
    expect(bad[0]?.check).toBe('signature');
    expect(bad[0]?.detail).toMatch(/signature\.json: no signature file$/);
  });
});
