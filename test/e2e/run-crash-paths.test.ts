/**
 * Two crash paths of a real run (a planted server, the offline heuristic model), reached by real
 * means: something already sits where prereg.json is to be written, put there the moment suite.json
 * is written (the run's own `register:` progress line). A read-only file makes the write fail, and
 * the record must still carry the suite hash suite.json was written with, as must the tapes' end
 * lines and the signature's manifest. A directory makes the write fail too, and then the record
 * itself cannot be built (a directory has no digest): the fallback VOID record must still carry
 * the policy, the exploration ledger and the screen counts the run reached.
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFitness } from '../../src/run/run-fitness.js';
import { SuiteFile } from '../../src/suite/suite-file.js';
import { Manifest } from '../../src/tape/signature.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { loadRun, outDir } from './run/helpers.js';

/** The planted well-made server in memory (test/support/planted-memory.ts): the subject is the run's files. */
const wellMade = plantedInMemory('well-made');
afterAll(() => wellMade.closeAll());

/** Runs well-made offline; when suite.json is written, `plant` puts something at prereg.json. */
async function runPlanting(plant: (path: string) => void) {
  const out = outDir();
  let planted = false;
  const result = await runFitness({
    seed: 1,
    target: wellMade,
    outDir: out,
    env: {},
    progress: (line) => {
      if (planted || !line.startsWith('register:')) return;
      planted = true;
      const [dir] = readdirSync(out);
      plant(join(out, dir ?? '', 'prereg.json'));
    },
  });
  expect(planted).toBe(true);
  const suite = SuiteFile.parse(JSON.parse(readFileSync(join(result.dir, 'suite.json'), 'utf8')));
  const { tapes } = await loadRun(result.dir);
  const envelope = JSON.parse(readFileSync(join(result.dir, 'signature.json'), 'utf8'));
  const manifest = Manifest.parse(JSON.parse(Buffer.from(envelope.payload, 'base64').toString()));
  return { result, record: result.record, suite, tapes, manifest };
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('a run whose prereg.json cannot be written', () => {
  it('records the suite hash suite.json was written with, in the record, the end lines and the manifest', async () => {
    const { result, record, suite, tapes, manifest } = await runPlanting((path) => {
      writeFileSync(path, 'not ours\n');
      chmodSync(path, 0o444);
    });
    expect(record.outcome).toBe('VOID');
    expect(record.void?.reason).toBe('crashed');
    expect(record.void?.detail).toMatch(/EEXIST/);
    expect(record.void?.completed.stages).toContain('register');
    expect(record.void?.completed.stages).not.toContain('prereg');
    // The full record was built: nothing was pre-registered, but the suite and its hash exist.
    expect(record.prereg).toBeUndefined();
    expect(record.identity.suiteHash).toBe(suite.hash);
    expect(record.identity.extensionProtocol).toMatchObject({
      statement: expect.stringMatching(/^not registered/),
    });
    for (const tape of [tapes.wire, tapes.agent, tapes.judge]) {
      expect(tape.end?.reason).toBe('VOID');
      expect(tape.end?.configHash).toBe(suite.hash);
    }
    expect(manifest).toMatchObject({ schema: 'fitness-report.manifest/2', suiteHash: suite.hash });
    expect(result.exitCode).toBe(3);
  }, 300_000);

  it('and whose record cannot then be built still keeps the policy, the exploration ledger and the screen', async () => {
    const { result, record, suite, tapes } = await runPlanting((path) => mkdirSync(path));
    expect(record.outcome).toBe('VOID');
    expect(record.void?.detail).toMatch(
      /^the record could not be written as it stood \(building or checking the record: .*EISDIR/,
    );
    expect(record.notes.own.map((n) => n.id)).toContain('record-failed');
    // What the run reached before prereg.json: policy.json, the exploration ledger, the screen.
    expect(record.policy).toMatchObject({
      path: 'policy.json',
      sha256: sha256(join(result.dir, 'policy.json')),
    });
    expect(record.exploration).toBeDefined();
    expect(record.exploration).toEqual(suite.exploration);
    expect(suite.screen.screened).toBeGreaterThan(0);
    expect(record.identity.screen).toMatchObject({
      enabled: true,
      counts: { screened: suite.screen.screened, deleted: suite.screen.deleted },
    });
    // Nothing the fallback cannot vouch for.
    expect(record.surface).toBeUndefined();
    expect(record.suite).toBeUndefined();
    expect(record.prereg).toBeUndefined();
    expect(tapes.wire.end?.configHash).toBe(suite.hash);
  }, 300_000);
});
