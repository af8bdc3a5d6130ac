import { describe, expect, it } from 'vitest';
import { librarySurface } from '../../test/support/suite/library.js';
import { libraryTask } from '../../test/support/suite/tasks.js';
import { register, surfaceDigest } from './register.js';
import { buildSuiteFile, countFates, SuiteFile } from './suite-file.js';

/**
 * suite.json names the extension plan as prereg.json does (requestedMaxExtensions, reducedBecause)
 * since fitness-report.suite/2; a suite/1 file (maxExtensionsRequested, reduction) is still read
 * and comes out under the current names, the way v1 run records are migrated.
 */
const HEX = 'a'.repeat(64);
const OLD_NAMES = /"(maxExtensionsRequested|reduction)"/;

const task = (id: string) => libraryTask(id, id);

/** A suite/1 file as the writer before suite/2 wrote it: reduced from 2 batches to 1. */
const v1 = {
  schema: 'fitness-report.suite/1',
  generator: { name: 'explore', version: '2' },
  seed: 7,
  surfaceDigest: HEX,
  hash: HEX,
  candidatesAsked: 0,
  tasks: [],
  reserve: [],
  extension: {
    batchTasks: 6,
    maxExtensionsRequested: 2,
    maxExtensions: 1,
    reduction:
      'maxExtensions reduced from 2 to 1: 9 admitted task(s) beyond the suite of 16, and a batch needs 6',
  },
  screen: { enabled: false, screened: 0, deleted: 0, errors: 0, notApplicable: 0 },
  counts: countFates([]),
  toolSafety: [],
  faults: [],
  ledger: [],
};

describe('suite.json extension names', () => {
  it('reads a suite/1 file and migrates its extension plan to the current names', () => {
    const read = SuiteFile.parse(JSON.parse(JSON.stringify(v1)));
    expect(read.schema).toBe('fitness-report.suite/2');
    expect(read.migratedFrom).toBe('fitness-report.suite/1');
    expect(read.extension).toEqual({
      batchTasks: 6,
      requestedMaxExtensions: 2,
      maxExtensions: 1,
      reducedBecause: v1.extension.reduction,
    });
    expect(JSON.stringify(read)).not.toMatch(OLD_NAMES);
    // Unreduced: nothing to say why, so no reducedBecause.
    const plain = { ...v1, extension: { batchTasks: 4, maxExtensionsRequested: 0, maxExtensions: 0 } };
    expect(SuiteFile.parse(plain).extension).toEqual({
      batchTasks: 4,
      requestedMaxExtensions: 0,
      maxExtensions: 0,
    });
  });

  it('refuses each schema under the other one’s names', () => {
    expect(SuiteFile.safeParse({ ...v1, schema: 'fitness-report.suite/2' }).success).toBe(false);
    const current = {
      ...v1,
      extension: { batchTasks: 6, requestedMaxExtensions: 2, maxExtensions: 1 },
    };
    expect(SuiteFile.safeParse(current).success).toBe(false);
    expect(SuiteFile.safeParse({ ...current, schema: 'fitness-report.suite/2' }).success).toBe(true);
    expect(SuiteFile.safeParse({ ...v1, schema: 'fitness-report.suite/3' }).success).toBe(false);
  });

  it('writes suite/2 with only the current names, reduced or not, and reads it back unchanged', () => {
    const options = {
      generator: { name: 'explore', version: '1' },
      seed: 7,
      surfaceDigest: surfaceDigest(librarySurface()),
      tasks: 16,
      batchTasks: 6,
      maxExtensions: 2,
    };
    for (const n of [25, 40]) {
      const admitted = Array.from({ length: n }, (_, i) => task(`t${String(i).padStart(2, '0')}`));
      const registration = register(admitted, options);
      const admission = admitted.map((t, seq) => ({
        seq,
        id: t.id,
        candidate: t,
        verdict: { admitted: true as const, task: t },
      }));
      const file = buildSuiteFile({
        registration,
        admission,
        candidatesAsked: n,
        toolSafety: [],
        faults: [],
      });
      const text = `${JSON.stringify(file, null, 2)}\n`;
      expect(text).not.toMatch(OLD_NAMES);
      expect(file.schema).toBe('fitness-report.suite/2');
      expect(file.extension.requestedMaxExtensions).toBe(2);
      expect(file.extension.reducedBecause !== undefined).toBe(n === 25);
      const read = SuiteFile.parse(JSON.parse(text));
      expect(read).toEqual(file);
      expect(read.migratedFrom).toBeUndefined();
    }
  });
});
