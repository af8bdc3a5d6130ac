import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SuiteFile } from '../suite/suite-file.js';
import { RUN_FILES } from '../tape/file-names.js';
import { parseTape } from '../tape/reader.js';
import type { FindingsInput } from './derive.js';

/** The run directory's files findings are derived from. */
export const FINDINGS_INPUTS = [RUN_FILES.wire, RUN_FILES.agent, RUN_FILES.suite] as const;

/**
 * The inputs of `deriveFindings` from a run directory: both tapes parsed by the tolerant reader and
 * suite.json validated. Undefined (with why) when a file is missing or the suite does not validate.
 */
export function readFindingsInput(dir: string): { input: FindingsInput } | { missing: string } {
  const text = (file: string): string | undefined => {
    try {
      return readFileSync(join(dir, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  const wire = text(RUN_FILES.wire);
  const agent = text(RUN_FILES.agent);
  const suiteText = text(RUN_FILES.suite);
  if (wire === undefined) return { missing: `${RUN_FILES.wire} is missing` };
  if (agent === undefined) return { missing: `${RUN_FILES.agent} is missing` };
  if (suiteText === undefined) return { missing: `${RUN_FILES.suite} is missing` };
  let json: unknown;
  try {
    json = JSON.parse(suiteText);
  } catch {
    return { missing: `${RUN_FILES.suite} is not JSON` };
  }
  const suite = SuiteFile.safeParse(json);
  if (!suite.success) return { missing: `${RUN_FILES.suite} does not validate` };
  return {
    input: {
      wire: parseTape(wire, join(dir, RUN_FILES.wire)).records,
      agent: parseTape(agent, join(dir, RUN_FILES.agent)).records,
      suite: suite.data,
    },
  };
}
