/**
 * One exit-code table for every command, printed in the README and in each command's --help:
 * 0 ok, 1 a refusal, finding or mismatch, 2 a usage error (nothing ran), 3 VOID or a crash.
 */
export const EXIT = { ok: 0, finding: 1, usage: 2, crash: 3 } as const;

/** The table as each --help ends it, with what 0 and 1 mean for that command. */
export function exitCodeHelp(meanings: { ok: string; finding: string }): string {
  return [
    'Exit codes (the same table for every command):',
    `  0  ${meanings.ok}`,
    `  1  ${meanings.finding}`,
    '  2  usage error: a bad flag, a missing key, a path that does not exist; nothing ran',
    '  3  VOID or crash: the run could not complete (its VOID record says why), or the command failed',
  ].join('\n');
}

export { plural } from '../core/io.js';
