import type { VerbUse } from './sentences.js';
import { wordsOf } from './verbs.js';

/**
 * What a delegating verb (run, execute, perform, invoke, process) runs, by its direct object.
 *
 * Principle: **a run or execute verb runs whatever it is given only when what it runs is given by
 * the caller**: its object is code the caller writes (a query, SQL, a statement, a command, a
 * script, an operation) or one of the tool's own parameters. "Run Knip" runs one named program (a
 * proper name, or a word of the tool's own name), and "run again" runs nothing it is given: neither
 * is arbitrary execution, so the verb decides nothing and the rest of the description decides as
 * for any tool. Any other object ("Run the migrations") keeps the conservative reading.
 */
export type Delegation = 'given' | 'named' | 'nothing';

/** Nouns for what a caller writes for a tool to run. */
const RUNNABLE: ReadonlySet<string> = new Set(
  (
    'query queries sql statement command cmd script code snippet program operation instruction action ' +
    'task job workflow pipeline macro function shell expression request transaction batch ' +
    'select insert update delete create drop alter'
  ).split(' '),
);

const singular = (w: string) => (w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/** What a delegating verb's direct object says it runs. */
export function delegationOf(use: VerbUse, toolName: string, parameters: ReadonlySet<string>): Delegation {
  const direct = use.objects[0];
  if (direct === undefined) return 'nothing';
  const runnable = [direct, singular(direct)].some((w) => RUNNABLE.has(w));
  const parameter = [...parameters].some((p) => p === direct || singular(p) === direct);
  if (runnable || parameter) return 'given';
  const own = wordsOf(toolName);
  return use.proper.includes(direct) || own.includes(direct) ? 'named' : 'given';
}
