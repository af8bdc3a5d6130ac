import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { objectAt } from '../../test/support/object-at.js';
import { FitnessError } from '../core/errors.js';
import { generatorChip } from './identity.js';
import { parseRecord, readRecord, serializeRecord, writeRecord } from './io.js';
import { LIMITATIONS, migrateV1 } from './migrate.js';
import type { RunRecord } from './run.js';
import { RunRecordV1 } from './run-v1.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const raw = async (name: string): Promise<Record<string, unknown>> =>
  JSON.parse(await readFile(fixture(name), 'utf8'));
const V2 = [
  'v2-scored.json',
  'v2-degenerate-null.json',
  'v2-insufficient-surface.json',
  'v2-gate-failed-construct.json',
  'v2-void.json',
];
const V1 = ['v1-scored.json', 'v1-extend-exhausted.json'];

function fault(run: () => unknown): FitnessError {
  try {
    run();
  } catch (err) {
    if (err instanceof FitnessError) return err;
    throw err;
  }
  throw new Error('expected a FitnessError');
}

describe('committed fixtures', () => {
  it.each([...V2, ...V1])('%s reads as a current record', async (name) => {
    const record = await readRecord(fixture(name));
    expect(record.schema).toBe('fitness-report.run/2');
  });

  it.each(V2)('%s round-trips: read → write → read is equal, and the bytes are stable', async (name) => {
    const dir = await mkdtemp(join(tmpdir(), 'record-'));
    const first = await readRecord(fixture(name));
    await writeRecord(join(dir, 'record.json'), first);
    const second = await readRecord(join(dir, 'record.json'));
    expect(second).toEqual(first);
    expect(await readFile(join(dir, 'record.json'), 'utf8')).toBe(serializeRecord(first));
    expect(await readdir(dir)).toEqual(['record.json']);
  });

  it('keeps unknown extra fields at every level', async () => {
    const value = await raw('v2-scored.json');
    objectAt(value, 'gates', 5).laterField = { seen: 3 };
    const record = parseRecord(JSON.stringify(value), 'mem.json');
    expect(record).toHaveProperty('producerExtension', {
      comment: 'an unknown field a later producer added; readers keep it',
    });
    expect(record.gates[5]).toHaveProperty('laterField', { seen: 3 });
  });

  it('refused fixtures carry no score key at all', async () => {
    for (const name of V2.filter((n) => n !== 'v2-scored.json')) {
      expect(Object.hasOwn(await readRecord(fixture(name)), 'score')).toBe(false);
    }
  });
});

describe('refusals and score', () => {
  it('rejects a refused record that carries a score key', async () => {
    const refused = await raw('v2-degenerate-null.json');
    refused.score = (await raw('v2-scored.json')).score;
    const err = fault(() => parseRecord(refused, 'runs/x/record.json'));
    expect(err.code).toBe('RECORD_INVALID');
    expect(err.message).toBe('runs/x/record.json: score: a DEGENERATE record must carry no score key');
  });

  it('rejects a SCORED record without a score', async () => {
    const scored = await raw('v2-scored.json');
    delete scored.score;
    expect(fault(() => parseRecord(scored, 'r.json')).message).toContain(
      'score: a SCORED record must carry a score',
    );
  });
});

describe('errors name the file and the failing path', () => {
  it('a negative count', async () => {
    const value = await raw('v2-gate-failed-construct.json');
    objectAt(value, 'gates', 5).k = -1;
    const err = fault(() => parseRecord(value, 'runs/x/record.json'));
    expect(err.code).toBe('RECORD_INVALID');
    expect(err.message).toBe('runs/x/record.json: gates[5].k: expected number >= 0, got -1');
  });

  it('a non-integer count and a missing field', async () => {
    const value = await raw('v2-scored.json');
    objectAt(value, 'score', 'firstTry').k = 44.5;
    expect(fault(() => parseRecord(value, 'a.json')).message).toBe(
      'a.json: score.firstTry.k: expected integer, got 44.5',
    );
    const missing = await raw('v2-scored.json');
    delete objectAt(missing, 'identity').runner;
    expect(fault(() => parseRecord(missing, 'b.json')).message).toBe(
      'b.json: identity.runner: required string, missing',
    );
  });

  it('an unknown or missing version', async () => {
    const value = await raw('v2-scored.json');
    value.schema = 'fitness-report.run/9';
    const err = fault(() => parseRecord(value, 'runs/y/record.json'));
    expect(err.code).toBe('RECORD_VERSION');
    expect(err.message).toBe(
      'runs/y/record.json: schema: unknown record version "fitness-report.run/9" (known: fitness-report.run/1, fitness-report.run/2)',
    );
    delete value.schema;
    expect(fault(() => parseRecord(value, 'z.json')).message).toContain('unknown record version undefined');
  });

  it('text that is not JSON, a JSON array, and a file that does not exist', async () => {
    expect(fault(() => parseRecord('{"schema":', 'bad.json')).message).toMatch(/^bad\.json: not JSON: /);
    expect(fault(() => parseRecord('[]', 'arr.json')).message).toBe(
      'arr.json: (root): expected a JSON object',
    );
    await expect(readRecord('/nonexistent/record.json')).rejects.toThrow(
      '/nonexistent/record.json: cannot read: ENOENT',
    );
  });
});

describe('writeRecord', () => {
  it('validates before writing and leaves nothing behind on refusal', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'record-'));
    const record = parseRecord(await raw('v2-scored.json'), 'v2-scored.json');
    const broken: RunRecord = { ...record, outcome: 'GATE_FAILED' };
    await expect(writeRecord(join(dir, 'record.json'), broken)).rejects.toThrow(
      /record\.json: score: a GATE_FAILED record/,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('scrubs a known secret from a record instead of refusing to write it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'record-'));
    const record = parseRecord(await raw('v2-scored.json'), 'mem');
    const leaky = {
      ...record,
      identity: {
        ...record.identity,
        target: { kind: 'stdio' as const, description: 'node s.js --token sk-live-12345 passenger' },
      },
    };
    const path = join(dir, 'record.json');
    await writeRecord(path, leaky, { secrets: ['sk-live-12345', 'pass'] });
    const text = await readFile(path, 'utf8');
    expect(text).not.toContain('sk-live-12345');
    expect((await readRecord(path)).identity.target.description).toBe(
      'node s.js --token [REDACTED] passenger',
    );
  });

  it('replaces an existing file atomically', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'record-'));
    const path = join(dir, 'record.json');
    await writeFile(path, 'old');
    await writeRecord(path, parseRecord(await raw('v2-void.json'), 'mem'));
    expect((await readRecord(path)).outcome).toBe('VOID');
  });
});

describe('v1 → v2 migration', () => {
  it('reads fields v1 never wrote as not recorded, never as an assumed value', async () => {
    const r = await readRecord(fixture('v1-scored.json'));
    expect(r.migratedFrom).toBe('fitness-report.run/1');
    expect(r.identity.generator).toEqual({ recorded: false, limitation: LIMITATIONS.generator });
    expect(generatorChip(r.identity.generator)).toBe('generator not recorded');
    expect(r.identity.screen).toEqual({ recorded: false, limitation: LIMITATIONS.screen });
    expect(r.identity.extensionProtocol).toEqual({
      recorded: false,
      limitation: LIMITATIONS.extensionProtocol,
    });
    expect(r.prereg?.registration.extension).toEqual({
      recorded: false,
      maxExtensions: 0,
      limitation: LIMITATIONS.extensionProtocol,
    });
    expect(r.suite?.rejected).toEqual({ total: 10, limitation: LIMITATIONS.rejectedByRule });
    expect(r.suite?.rejected.byRule).toBeUndefined();
    expect(r).toHaveProperty('legacyField', { kept: true });
  });

  it('reads a v1 EXTEND_EXHAUSTED as a zero policy with no ledger, reason and counts untouched', async () => {
    const before = await raw('v1-extend-exhausted.json');
    const r = await readRecord(fixture('v1-extend-exhausted.json'));
    expect(r.outcome).toBe('EXTEND_EXHAUSTED');
    const construct = r.gates.at(-1);
    if (construct?.gate !== 'construct') throw new Error('expected the construct gate last');
    // The reason the record carries, not relabelled; the block opens on the gate's own numbers.
    expect(construct.reason).toBe('extend_exhausted');
    expect(r.refusal).toMatchObject({
      gate: 'construct',
      reason: 'extend_exhausted',
      k: construct.k,
      n: construct.n,
      errors: construct.errors,
      threshold: construct.threshold,
      alpha: construct.alpha,
      pValue: construct.pValue,
      wilson: construct.wilson,
    });
    expect(construct.extension).toEqual({
      policy: { recorded: false, maxExtensions: 0, limitation: LIMITATIONS.extensionProtocol },
    });
    expect(construct.extension.ledger).toBeUndefined();
    const old = objectAt(before, 'gates', 5);
    expect([construct.k, construct.n, construct.errors, construct.pValue]).toEqual([
      old.k,
      old.n,
      old.errors,
      old.pValue,
    ]);
    expect(Object.hasOwn(r, 'score')).toBe(false);
  });

  it('rejects a v1 record using a reason v1 never had, naming the path', async () => {
    const value = await raw('v1-extend-exhausted.json');
    objectAt(value, 'gates', 5).reason = 'unresolved_after_max_extensions';
    const err = fault(() => parseRecord(value, 'old.json'));
    expect(err.code).toBe('RECORD_INVALID');
    expect(err.message).toContain('old.json: gates[5].reason: expected');
  });

  it('rejects a refusal block whose numbers differ from its gate, and reads one without numbers', async () => {
    const value = await raw('v1-extend-exhausted.json');
    const v2 = migrateV1(RunRecordV1.parse(value));
    const refusal = objectAt(v2, 'refusal');
    const err = fault(() => parseRecord({ ...v2, refusal: { ...refusal, k: 47 } }, 'r.json'));
    expect(err.message).toContain('r.json: refusal: expected the numbers of the refusing construct gate');
    const bare = parseRecord({ ...v2, refusal: { gate: refusal.gate, reason: refusal.reason } }, 'r.json');
    expect(bare.refusal).toEqual({ gate: 'construct', reason: 'extend_exhausted' });
  });

  it('migrated records write as v2 and read back equal', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'record-'));
    const first = await readRecord(fixture('v1-scored.json'));
    await writeRecord(join(dir, 'record.json'), first);
    const text = await readFile(join(dir, 'record.json'), 'utf8');
    expect(JSON.parse(text).schema).toBe('fitness-report.run/2');
    expect(await readRecord(join(dir, 'record.json'))).toEqual(first);
  });
});
