import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_FILES } from '../tape/file-names.js';
import { SuiteFile } from './suite-file.js';

/** A run directory's suite.json, validated, or what is wrong with it in a few words. */
export type SuiteRead = { suite: SuiteFile } | { problem: string };

/** The one reader of suite.json: findings, verify, the rerun and the audit all take it from here. */
export function readSuiteFile(dir: string): SuiteRead {
  let text: string;
  try {
    text = readFileSync(join(dir, RUN_FILES.suite), 'utf8');
  } catch {
    return { problem: `${RUN_FILES.suite} is missing` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: `${RUN_FILES.suite} is not JSON` };
  }
  const parsed = SuiteFile.safeParse(json);
  return parsed.success ? { suite: parsed.data } : { problem: `${RUN_FILES.suite} does not validate` };
}
