import { plain } from '../core/escape/terminal.js';
import type { VerifyCheck } from '../record/result.js';

/** One row of `verify`'s table: its shape is `verify --json`'s (src/record/result.ts). */
export type Check = VerifyCheck;

export function check(name: string, ok: boolean, detail: string): Check {
  return { check: name, ok, detail };
}

/**
 * The table as `verify` prints it: one aligned row per check. A detail quotes the run it checked,
 * which may come from anyone (a downloaded run, a site): printed with `plain`.
 */
export function formatChecks(checks: readonly Check[]): string[] {
  const width = Math.max(5, ...checks.map((c) => c.check.length));
  return [
    `${'check'.padEnd(width)}  result    detail`,
    ...checks.map(
      (c) => `${c.check.padEnd(width)}  ${(c.ok ? 'ok' : 'MISMATCH').padEnd(8)}  ${plain(c.detail)}`,
    ),
  ];
}
