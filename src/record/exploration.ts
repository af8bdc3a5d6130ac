import { z } from 'zod';
import { Count, NonEmpty } from './common.js';

/**
 * The exploration ledger (explore/2): what generation did with each tool, so that a thin surface
 * can be explained from the record itself. It travels in suite.json and in the run record; records
 * from explore/1 and judge/1 have none, and read it as not recorded.
 */

export const ExplorationBasis = z.enum(['declared', 'asserted', 'inferred', 'allow-destructive', 'none']);
export type ExplorationBasis = z.infer<typeof ExplorationBasis>;

/** The query languages explore/2 builds read queries in (`src/suite/explore/query-language.ts`). */
export const QueryLanguage = z.enum(['sql']);
export type QueryLanguage = z.infer<typeof QueryLanguage>;

export const ExplorationTool = z.looseObject({
  tool: NonEmpty,
  /** Why the run could (or could not) call it: the explorable-tools policy's basis. */
  basis: ExplorationBasis,
  explorable: z.boolean(),
  basisDetail: NonEmpty,
  /** An inferred tool's reason: `reads` what the server holds, or `computes` from its arguments (absent before it). */
  basisReason: z.enum(['reads', 'computes']).optional(),
  /** Its answer depends on the current time, so none of its values is a key (absent when not). */
  timeDependent: z.boolean().optional(),
  calls: Count,
  /** isError results and JSON-RPC errors. */
  errors: Count,
  /** Of those, results the client rejected because they break the output schema the tool declares (absent when none). */
  invalidResults: Count.optional(),
  /**
   * Other tools of the surface its errors named, and how many errors named each (absent when none).
   * A list, not an object keyed by name: a server's tool may be called `__proto__`.
   */
  errorsNaming: z.array(z.object({ tool: NonEmpty, errors: Count })).optional(),
  /** Results set aside: error texts without isError, empty results, results over the size cap. */
  discarded: Count,
  /** Of those, answers that said the server holds nothing ("No projects yet"). */
  emptyState: Count.optional(),
  /** Candidates its results produced, and how many of them were proposed (the rest trimmed to the count asked). */
  candidates: Count,
  proposed: Count,
  /** Required parameters no given, harvested or enum value fitted: only generated values were tried. */
  generatedOnly: z.array(NonEmpty).optional(),
  /**
   * Its parameter that takes a read query in the language the tool declares, and how many calls
   * carried a read query built from a table the server listed (0: none was listed). Absent when it
   * has no such parameter, and in records from before it.
   */
  readQuery: z.looseObject({ param: NonEmpty, language: QueryLanguage, calls: Count }).optional(),
  /** Why it produced no candidate, when it produced none. */
  skipped: NonEmpty.optional(),
});
export type ExplorationTool = z.infer<typeof ExplorationTool>;

export const ExplorationGiven = z.looseObject({
  name: NonEmpty,
  value: NonEmpty,
  origin: z.enum(['given', 'derived']),
  source: NonEmpty,
});

export const ExplorationLedger = z
  .looseObject({
    generator: z.looseObject({ name: NonEmpty, version: NonEmpty }),
    policy: z.looseObject({
      asserted: z.array(z.string()),
      infer: z.boolean(),
      allowDestructive: z.boolean(),
      rule: NonEmpty,
    }),
    /** Asserted tool names the surface did not list. */
    unknownAssertions: z.array(z.string()),
    given: z.array(ExplorationGiven),
    calls: Count,
    maxCalls: Count,
    budgetExhausted: z.boolean(),
    asked: Count,
    produced: Count,
    proposed: Count,
    tools: z.array(ExplorationTool),
    /**
     * The call most of the first hop's errors said must come first, made once and begun every plan
     * with (explore/2's preparing call). Absent when none was made.
     */
    preparation: z.looseObject({ tool: NonEmpty, arguments: z.record(z.string(), z.unknown()) }).optional(),
  })
  .superRefine((l, ctx) => {
    const sum = (f: (t: ExplorationTool) => number) => l.tools.reduce((a, t) => a + f(t), 0);
    if (sum((t) => t.calls) !== l.calls)
      ctx.addIssue({
        code: 'custom',
        path: ['calls'],
        message: `expected the tools' calls to sum to ${l.calls}`,
      });
    if (sum((t) => t.candidates) !== l.produced)
      ctx.addIssue({
        code: 'custom',
        path: ['produced'],
        message: "expected the tools' candidates to sum to produced",
      });
    if (sum((t) => t.proposed) !== l.proposed)
      ctx.addIssue({
        code: 'custom',
        path: ['proposed'],
        message: "expected the tools' proposed to sum to proposed",
      });
    if (l.proposed > l.asked || l.proposed > l.produced)
      ctx.addIssue({ code: 'custom', path: ['proposed'], message: 'proposed exceeds asked or produced' });
  });
export type ExplorationLedger = z.infer<typeof ExplorationLedger>;

/**
 * The exploration ledger in the numbers the structural gate decides on, computed once here: the
 * pipeline passes them to the gate, and the record's refinement checks the gate's copy against them.
 */
export function ledgerFigures(ledger: ExplorationLedger) {
  const explorable = ledger.tools.filter((t) => t.explorable);
  const invalidResults = ledger.tools.reduce((a, t) => a + (t.invalidResults ?? 0), 0);
  const named = namedUncalled(ledger);
  return {
    tools: ledger.tools.length,
    explorable: explorable.length,
    toolsCalled: explorable.filter((t) => t.calls > 0).length,
    calls: ledger.calls,
    errors: ledger.tools.reduce((a, t) => a + t.errors, 0),
    // The call that prepared the session answered, but it is no read: it gave exploration nothing.
    usable:
      ledger.tools.reduce((a, t) => a + t.calls - t.errors - t.discarded, 0) - (ledger.preparation ? 1 : 0),
    emptyState: ledger.tools.reduce((a, t) => a + (t.emptyState ?? 0), 0),
    ...(ledger.preparation ? { prepared: 1 } : {}),
    // Absent when none, as in the records made before it was counted.
    ...(invalidResults > 0 ? { invalidResults } : {}),
    ...(named === undefined ? {} : { namedTool: named.tool, namedToolErrors: named.errors }),
  };
}

/** The tool the most errors named, when exploration never called it (ties: the first listed). */
function namedUncalled(ledger: ExplorationLedger): { tool: string; errors: number } | undefined {
  const counts = new Map<string, number>();
  for (const t of ledger.tools)
    for (const { tool, errors } of t.errorsNaming ?? []) counts.set(tool, (counts.get(tool) ?? 0) + errors);
  let best: { tool: string; errors: number } | undefined;
  for (const t of ledger.tools) {
    const errors = counts.get(t.tool) ?? 0;
    if (t.calls === 0 && errors > (best?.errors ?? 0)) best = { tool: t.tool, errors };
  }
  return best;
}
