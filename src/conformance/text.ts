import type { ConformanceBlock } from '../record/conformance.js';

/** The one-line summary the board and the roster print (pure). */
export function conformanceText(block: ConformanceBlock): string {
  if (!block.ran) return `conformance could not run: ${block.reason}`;
  const c = block.counts;
  const other = c.other > 0 ? `, ${c.other} other` : '';
  const stopped = block.timedOut ? ' (stopped at the time limit)' : '';
  return `conformance: ${c.passed} passed, ${c.failed} failed, ${c.notApplicable} not applicable${other}${stopped}`;
}
