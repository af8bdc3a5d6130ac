import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { UsageError } from './errors.js';
import { type Collected, type Flag, flagHelp, flagsFor, settingsFrom } from './flags.js';

/**
 * The CI formats `run` and `probe` write beside their own output (docs/ci.md): a JUnit report and
 * GitHub's step summary with workflow annotations. Not registered, not recorded.
 */
export const CiOptions = z.object({
  junit: z
    .string()
    .min(1)
    .optional()
    .describe(
      'also write a JUnit XML report to FILE: one testsuite, a testcase per gate, probe and task (probe: per probe), failures with their reason and the tape lines they cite (RUN_DIR/wire.jsonl#L123); the path must be writable before anything runs',
    ),
  githubSummary: z
    .boolean()
    .default(false)
    .describe(
      'append a Markdown summary to the file $GITHUB_STEP_SUMMARY names, and print GitHub workflow annotations (::error, ::warning, ::notice) on stderr; the variable must name a writable file',
    ),
});
export type CiInput = z.input<typeof CiOptions>;

const on = flagsFor<CiInput>((key) => CiOptions.shape[key].description);

/** `--junit FILE`, `--github-summary`: the same two flags on `run` and `probe`. */
export const CI_FLAGS: readonly Flag<CiInput>[] = [
  on.value('junit', { flag: '--junit', arg: 'FILE', parse: (t) => t }),
  on.switch('githubSummary', { flag: '--github-summary', value: true, default: 'off' }),
];

/** The CI flags' lines of `--help`. */
export const ciHelp = (): string => flagHelp(CI_FLAGS, CiOptions.parse({}));

/** Where the CI formats go, each path checked writable; absent: not asked for. */
export interface CiTargets {
  junit?: string;
  stepSummary?: string;
}

/** Throws a one-line usage error unless `path` names a file that can be written (or created). */
function assertWritable(path: string, what: string): void {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat?.isDirectory() === true) throw new UsageError(`${what} ${path} is a directory, not a file`);
  const target = stat === undefined ? dirname(path) : path;
  const dir = stat === undefined ? statSync(target, { throwIfNoEntry: false }) : stat;
  if (dir === undefined) throw new UsageError(`${what} ${path}: the directory ${target} does not exist`);
  if (stat === undefined && !dir.isDirectory())
    throw new UsageError(`${what} ${path}: ${target} is not a directory`);
  try {
    accessSync(target, constants.W_OK);
  } catch {
    throw new UsageError(`${what} ${path} cannot be written`);
  }
}

/**
 * The CI flags given in `collected`, checked before anything runs: `--junit`'s file and
 * `$GITHUB_STEP_SUMMARY`'s must be writable, and `--github-summary` needs the variable set.
 */
export function ciTargets(collected: Collected, io: { cwd: string; env: NodeJS.ProcessEnv }): CiTargets {
  const options = CiOptions.parse(settingsFrom(CI_FLAGS, collected.flags));
  const out: CiTargets = {};
  if (options.junit !== undefined) {
    out.junit = resolve(io.cwd, options.junit);
    assertWritable(out.junit, '--junit');
  }
  if (options.githubSummary) {
    const file = io.env.GITHUB_STEP_SUMMARY;
    if (file === undefined || file === '')
      throw new UsageError(
        '--github-summary needs $GITHUB_STEP_SUMMARY to name a file (GitHub Actions sets it)',
      );
    out.stepSummary = resolve(io.cwd, file);
    assertWritable(out.stepSummary, '--github-summary: $GITHUB_STEP_SUMMARY');
  }
  return out;
}
