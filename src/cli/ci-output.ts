import { appendFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { RunRecord } from '../record/run.js';
import {
  junitXml,
  runEvidence,
  runSuite,
  summaryMarkdown,
  trialLines,
  workflowAnnotations,
} from '../report/index.js';
import type { CiSuite } from '../report/model.js';
import { RUN_FILES } from '../tape/file-names.js';
import { readTape } from '../tape/reader.js';
import type { CiTargets } from './ci-flags.js';
import type { CommandIO } from './command.js';

/**
 * Writes what the CI flags asked for: the JUnit file (replaced), the Markdown appended to the step
 * summary, and the workflow annotations on stderr (stdout stays the command's own result). `scrub`
 * is the command's last word on secrets before anything leaves it.
 */
export function writeCi(
  targets: CiTargets,
  suites: readonly CiSuite[],
  io: Pick<CommandIO, 'err'>,
  scrub: (text: string) => string = (t) => t,
): void {
  if (targets.junit !== undefined) writeFileSync(targets.junit, scrub(junitXml(suites)));
  if (targets.stepSummary === undefined) return;
  appendFileSync(targets.stepSummary, scrub(summaryMarkdown(suites)));
  for (const line of workflowAnnotations(suites)) io.err(scrub(line));
}

/** Whether any CI format was asked for. */
export const wantsCi = (targets: CiTargets): boolean =>
  targets.junit !== undefined || targets.stepSummary !== undefined;

/** The run directory as a reader in the working directory names it: relative when it is inside, else absolute. */
function runDirName(cwd: string, dir: string): string {
  const rel = relative(cwd, dir);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? dir : rel.split(sep).join('/');
}

/** A finished run's CI formats: its record as one suite, its tasks' trials found on the agent tape, then `more` (the comparison with a baseline). */
export async function writeRunCi(
  targets: CiTargets,
  run: { record: RunRecord; dir: string },
  io: Pick<CommandIO, 'err' | 'cwd'>,
  more: readonly CiSuite[] = [],
): Promise<void> {
  const perTask = run.record.score?.perTask ?? [];
  const lines =
    perTask.length === 0 ? new Map() : trialLines(await readTape(join(run.dir, RUN_FILES.agent)), perTask);
  writeCi(targets, [runSuite(run.record, runEvidence(runDirName(io.cwd, run.dir)), lines), ...more], io);
}
