import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SuiteFile } from '../suite/suite-file.js';
import { parseTape } from '../tape/reader.js';
import type { FindingsInput } from './derive.js';

/** The run directory's files findings are derived from (the run's FILES names). */
export const FINDINGS_FILES = { wire: 'wire.jsonl', agent: 'agent.jsonl', suite: 'suite.json' } as const;

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
  const wire = text(FINDINGS_FILES.wire);
  const agent = text(FINDINGS_FILES.agent);
  const suiteText = text(FINDINGS_FILES.suite);
  if (wire === undefined) return { missing: `${FINDINGS_FILES.wire} is missing` };
  if (agent === undefined) return { missing: `${FINDINGS_FILES.agent} is missing` };
  if (suiteText === undefined) return { missing: `${FINDINGS_FILES.suite} is missing` };
  let json: unknown;
  try {
    json = JSON.parse(suiteText);
  } catch {
    return { missing: `${FINDINGS_FILES.suite} is not JSON` };
  }
  const suite = SuiteFile.safeParse(json);
  if (!suite.success) return { missing: `${FINDINGS_FILES.suite} does not validate` };
  return {
    input: {
      wire: parseTape(wire, join(dir, FINDINGS_FILES.wire)).records,
      agent: parseTape(agent, join(dir, FINDINGS_FILES.agent)).records,
      suite: suite.data,
    },
  };
}
