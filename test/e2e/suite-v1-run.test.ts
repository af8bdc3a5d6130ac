/**
 * A run directory written before suite.json took prereg.json's names for the extension plan
 * (fitness-report.suite/1: `maxExtensionsRequested`, `reduction`), kept byte for byte in
 * test/fixtures/suite-v1-run (made by the pipeline of commit 901bdcb against the planted ambiguous
 * server with `--seed 1` and REDUCED below, signed by a throwaway key whose public half travels in
 * signature.json; its private half was never kept). Read now,
 * it validates, migrates to the current names, verifies (every file against the signed manifest,
 * the prereg sha256 and the suite hash), and reruns (the recorded command, a real process); a run
 * made now (the run command on the server in memory: its subject is the files it writes) writes
 * only the current names.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { sha256Hex } from '../../src/core/canonical.js';
import { PreRegistration } from '../../src/record/prereg.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { readSuiteFile } from '../../src/suite/read-suite.js';
import { DsseEnvelope } from '../../src/tape/signature.js';
import { loadTrust, type TrustSet } from '../../src/tape/trust.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { captureIO, outDir, ROOT, runCommandOn, server } from './run/helpers.js';

const FIXTURE = join(ROOT, 'test/fixtures/suite-v1-run');
const OLD_NAMES = /"(maxExtensionsRequested|reduction)"/;
const NEW_NAMES = /"(requestedMaxExtensions|reducedBecause)"/;
/** A reduced extension plan: 16 tasks, batches of 40, 2 asked for, 1 fits (so the plan says why). */
const REDUCED = ['--reps-drive', '1', '--extensions', '2', '--batch-tasks', '40'];

/** The fixture copied out (a rerun and the verify read it; nothing writes into the repository). */
function oldRun(): string {
  const parent = mkdtempSync(join(tmpdir(), 'suite-v1-run-'));
  cpSync(FIXTURE, parent, { recursive: true });
  const [name] = readdirSync(parent);
  return join(parent, name ?? '');
}

/** The fixture's own signer, trusted by fingerprint as `--trust` would name it. */
function trustOf(dir: string): TrustSet {
  const env = DsseEnvelope.parse(JSON.parse(readFileSync(join(dir, 'signature.json'), 'utf8')));
  return new Map([[env.signatures[0]?.keyid ?? '', '--trust']]);
}

const runLine = (io: { stdout: string[] }, word: string) =>
  (io.stdout.find((l) => l.startsWith(`${word}: `)) ?? '').slice(word.length + 2);

describe('a run directory with suite.json in the suite/1 names', () => {
  it('is written in the old names, and reads migrated, agreeing with its prereg.json', () => {
    const dir = oldRun();
    const text = readFileSync(join(dir, 'suite.json'), 'utf8');
    expect(text).toMatch(OLD_NAMES);
    expect(text).not.toMatch(NEW_NAMES);
    expect(JSON.parse(text).schema).toBe('fitness-report.suite/1');
    const read = readSuiteFile(dir);
    if (!('suite' in read)) throw new Error(read.problem);
    expect(read.suite.migratedFrom).toBe('fitness-report.suite/1');
    expect(JSON.stringify(read.suite)).not.toMatch(OLD_NAMES);
    const prereg = PreRegistration.parse(JSON.parse(readFileSync(join(dir, 'prereg.json'), 'utf8')));
    const { batchTasks, maxExtensions, requestedMaxExtensions, reducedBecause } = read.suite.extension;
    expect(prereg.extension).toEqual({
      batchTasks,
      maxExtensions,
      ...(reducedBecause ? { requestedMaxExtensions, reducedBecause } : {}),
    });
    expect(reducedBecause).toMatch(/^maxExtensions reduced from /);
    expect(prereg.suiteHash).toBe(read.suite.hash);
  });

  it('verifies: signed bytes, prereg sha256, suite hash and every gate, as written', async () => {
    const dir = oldRun();
    const v = await verifyFitnessRun(dir, { trust: trustOf(dir) });
    expect(v.problems).toEqual([]);
    const checked = v.checked.join('\n');
    expect(checked).toMatch(/^prereg: prereg\.json sha256 /m);
    expect(checked).toMatch(/^suite: suite\.json hash /m);
    expect(checked).toMatch(/^registration before gate trials: /m);
    // The hash the record holds is the one of the bytes on disk, never of a migrated copy.
    const record = JSON.parse(readFileSync(join(dir, 'record.json'), 'utf8'));
    expect(record.prereg.sha256).toBe(sha256Hex(readFileSync(join(dir, 'prereg.json'), 'utf8')));
  });

  it('reruns with its proposals, and the rerun verifies against the unmodified original', async () => {
    const dir = oldRun();
    const before = readFileSync(join(dir, 'suite.json'), 'utf8');
    const io = captureIO();
    // Beside the original, where verify looks for it.
    const args = [
      'rerun',
      dir,
      '--with-rewrites',
      '--trust',
      [...trustOf(dir).keys()][0] ?? '',
      '--out',
      dirname(dir),
      // The server as it listed its vessels when this run was made (examples/servers/ambiguous.js).
      '--env',
      'FERRY_VESSEL_FIELD=vessel',
      '--',
      'node',
      ...server('ambiguous'),
    ];
    expect(await main(args, io), io.stderr.join('\n')).toBe(0);
    const rerun = runLine(io, 'rerun');
    expect(readFileSync(join(dir, 'suite.json'), 'utf8')).toBe(before);
    // The rerun is signed by this machine's publisher key, the original by the fixture's.
    const trust = new Map([...loadTrust([], process.env, (p) => p), ...trustOf(dir)]);
    const v = await verifyFitnessRun(rerun, { trust });
    expect(v.problems).toEqual([]);
    expect(v.checked.join('\n')).toMatch(/^paired suite: suite hash /m);
  }, 600_000);
});

describe('a run made now', () => {
  const target = plantedInMemory('ambiguous');
  afterAll(() => target.closeAll());

  it('writes suite.json and prereg.json with only the current names, and verifies', async () => {
    const out = outDir();
    const io = captureIO();
    const flags = ['--out', out, '--seed', '1', ...REDUCED];
    expect(await runCommandOn(target, flags, io), io.stderr.join('\n')).toBe(0);
    const dir = runLine(io, 'run');
    const suite = readFileSync(join(dir, 'suite.json'), 'utf8');
    const prereg = readFileSync(join(dir, 'prereg.json'), 'utf8');
    for (const text of [suite, prereg]) expect(text).not.toMatch(OLD_NAMES);
    expect(JSON.parse(suite).schema).toBe('fitness-report.suite/2');
    expect(JSON.parse(suite).extension.reducedBecause).toMatch(/^maxExtensions reduced from /);
    expect(JSON.parse(prereg).extension.reducedBecause).toBe(JSON.parse(suite).extension.reducedBecause);
    const read = readSuiteFile(dir);
    expect('suite' in read && read.suite.migratedFrom).toBeUndefined();
    const v = await verifyFitnessRun(dir);
    expect(v.problems).toEqual([]);
  }, 600_000);
});
