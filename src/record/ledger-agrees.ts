import type { z } from 'zod';
import { asRecord, isRecord } from '../core/json.js';
import { type ExplorationLedger, ledgerFigures } from './exploration.js';

/** The structural gate's exploration figures, each compared with the ledger's own. */
const FIGURES = [
  'tools',
  'explorable',
  'toolsCalled',
  'calls',
  'errors',
  'usable',
  'prepared',
  'emptyState',
  'invalidResults',
  'namedTool',
  'namedToolErrors',
] as const;

interface LedgerView {
  exploration?: ExplorationLedger;
  suite?: { candidates: number };
  gates: readonly unknown[];
}

/**
 * A refusal's reason must be one its own exploration ledger supports: the structural gate's
 * figures are the ledger's, "nothing explorable" means the ledger lists no explorable tool, "no
 * usable result" means no call gave one, and the suite's candidates are what exploration proposed.
 */
export function ledgerAgrees(r: LedgerView, ctx: z.RefinementCtx): void {
  const l = r.exploration;
  if (l === undefined) return;
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  if (r.suite !== undefined && r.suite.candidates !== l.proposed)
    issue(
      ['exploration', 'proposed'],
      `expected the suite's ${r.suite.candidates} candidates, got ${l.proposed}`,
    );
  const figures = ledgerFigures(l);
  r.gates.forEach((g, i) => {
    const exploration = isRecord(g) && g.gate === 'structural' ? asRecord(g.exploration) : undefined;
    if (!isRecord(g) || exploration === undefined) return;
    for (const field of FIGURES) {
      const [want, got] = [figures[field], exploration[field]];
      if (got !== undefined && got !== want)
        issue(
          ['gates', i, 'exploration', field],
          `expected the exploration ledger's ${want}, got ${String(got)}`,
        );
    }
    if (g.reason === 'no_explorable_tools' && figures.explorable !== 0)
      issue(['gates', i, 'reason'], `the ledger lists ${figures.explorable} explorable tools`);
    if (g.reason === 'empty_data' && (figures.usable !== 0 || figures.emptyState === 0))
      issue(
        ['gates', i, 'reason'],
        `the ledger shows ${figures.usable} usable and ${figures.emptyState} empty-state results`,
      );
    if (g.reason === 'no_usable_results' && figures.usable !== 0)
      issue(['gates', i, 'reason'], `the ledger shows ${figures.usable} usable results`);
  });
}
