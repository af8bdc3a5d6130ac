import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSuiteFile } from './read-suite.js';
import { countFates } from './suite-file.js';

const HEX = 'a'.repeat(64);
const valid = {
  schema: 'fitness-report.suite/1',
  generator: { name: 'explore', version: '2' },
  seed: 7,
  surfaceDigest: HEX,
  hash: HEX,
  candidatesAsked: 0,
  tasks: [],
  reserve: [],
  extension: { batchTasks: 4, maxExtensionsRequested: 0, maxExtensions: 0 },
  screen: { enabled: false, screened: 0, deleted: 0, errors: 0, notApplicable: 0 },
  counts: countFates([]),
  toolSafety: [],
  faults: [],
  ledger: [],
};

const dirs: string[] = [];
function runDir(suite?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'read-suite-'));
  dirs.push(dir);
  if (suite !== undefined) writeFileSync(join(dir, 'suite.json'), suite);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('readSuiteFile', () => {
  it('reads a suite.json that validates', () => {
    const read = readSuiteFile(runDir(JSON.stringify(valid)));
    expect('suite' in read && read.suite.hash).toBe(HEX);
  });

  it('says which of missing, not JSON or not valid is wrong, without throwing', () => {
    expect(readSuiteFile(runDir())).toEqual({ problem: 'suite.json is missing' });
    expect(readSuiteFile(runDir('{"schema":'))).toEqual({ problem: 'suite.json is not JSON' });
    expect(readSuiteFile(runDir(JSON.stringify({ ...valid, hash: 'short' })))).toEqual({
      problem: 'suite.json does not validate',
    });
  });
});
