import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSuiteFile } from '../suite/read-suite.js';
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
  return findingsInputOf(dir, { wire: text(RUN_FILES.wire), agent: text(RUN_FILES.agent) });
}

/**
 * The inputs of `deriveFindings` from the two tapes' text (a run's own, from its writers' memory,
 * or its files) and the run directory's suite.json, validated; undefined (with why) as above.
 */
export function findingsInputOf(
  dir: string,
  tapes: { wire: string | undefined; agent: string | undefined },
): { input: FindingsInput } | { missing: string } {
  const { wire, agent } = tapes;
  if (wire === undefined) return { missing: `${RUN_FILES.wire} is missing` };
  if (agent === undefined) return { missing: `${RUN_FILES.agent} is missing` };
  const suite = readSuiteFile(dir);
  if ('problem' in suite) return { missing: suite.problem };
  return {
    input: {
      wire: parseTape(wire, join(dir, RUN_FILES.wire)).records,
      agent: parseTape(agent, join(dir, RUN_FILES.agent)).records,
      suite: suite.suite,
    },
  };
}
