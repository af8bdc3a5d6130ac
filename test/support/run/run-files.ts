import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PreRegistration } from '../../../src/record/prereg.js';
import { readSuiteFile } from '../../../src/suite/read-suite.js';
import type { SuiteFile } from '../../../src/suite/suite-file.js';
import { RUN_FILES } from '../../../src/tape/file-names.js';

/** A run directory's suite.json through the product's one reader; a file that does not validate fails the test. */
export function suiteOf(dir: string): SuiteFile {
  const read = readSuiteFile(dir);
  if ('problem' in read) throw new Error(`${dir}: ${read.problem}`);
  return read.suite;
}

/** A run directory's prereg.json, validated by the schema the run wrote it with. */
export function preregOf(dir: string): PreRegistration {
  return PreRegistration.parse(JSON.parse(readFileSync(join(dir, RUN_FILES.prereg), 'utf8')));
}
