import type { ExplorationFigures } from '../record/gate-input.js';
import { plural } from './format.js';

/**
 * Whose limit a thin suite is (issue 29, "reasons that name who is the limit"): with the offline
 * generator (explore/2, whose ledger these figures are), too few tasks is as much a limit of the
 * generator as a fact about the server, and the explain sentence says so with its figures.
 */
export function offlineGeneratorLimit(x: ExplorationFigures, candidates: number): string {
  const unexplored = x.tools - x.explorable;
  const notCalled =
    unexplored === 0 ? '' : `; ${plural(unexplored, 'tool')} not called, read as ones that may write`;
  return `The offline generator built ${plural(candidates, 'candidate')} from ${x.toolsCalled} of ${plural(x.explorable, 'explorable tool')}${notCalled}: a limit of this generator as much as of the server (a judge model may do better); the exploration ledger gives each tool's reason.`;
}
