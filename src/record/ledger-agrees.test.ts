import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ExplorationLedger } from './exploration.js';
import { ledgerAgrees } from './ledger-agrees.js';

const tool = (name: string, over: Partial<ExplorationLedger['tools'][number]> = {}) => ({
  tool: name,
  basis: 'inferred' as const,
  explorable: true,
  basisDetail: 'inferred read-only',
  calls: 2,
  errors: 2,
  discarded: 0,
  candidates: 0,
  proposed: 0,
  ...over,
});

const ledger = (tools: ExplorationLedger['tools']): ExplorationLedger => ({
  generator: { name: 'explore', version: '2' },
  policy: { asserted: [], infer: true, allowDestructive: false, rule: 'r' },
  unknownAssertions: [],
  given: [],
  calls: tools.reduce((a, t) => a + t.calls, 0),
  maxCalls: 320,
  budgetExhausted: false,
  asked: 56,
  produced: 0,
  proposed: 0,
  tools,
});

function issues(view: Parameters<typeof ledgerAgrees>[0]): string[] {
  const out: string[] = [];
  ledgerAgrees(view, {
    addIssue: (i: { message?: string }) => out.push(i.message ?? ''),
  } as unknown as z.RefinementCtx);
  return out;
}

describe('a refusal its ledger supports', () => {
  const structural = (reason: string, exploration: Record<string, number>) => ({
    gate: 'structural',
    reason,
    exploration,
  });

  it('accepts figures that are the ledger’s', () => {
    const l = ledger([tool('a'), tool('b', { explorable: false, basis: 'none', calls: 0, errors: 0 })]);
    expect(
      issues({
        exploration: l,
        suite: { candidates: 0 },
        gates: [
          structural('no_usable_results', {
            tools: 2,
            explorable: 1,
            toolsCalled: 1,
            calls: 2,
            errors: 2,
            usable: 0,
          }),
        ],
      }),
    ).toEqual([]);
  });

  it('rejects a no_explorable_tools refusal whose ledger lists an explorable tool, and figures that disagree', () => {
    const l = ledger([tool('a', { errors: 0 })]);
    expect(
      issues({
        exploration: l,
        suite: { candidates: 3 },
        gates: [
          structural('no_explorable_tools', { tools: 1, explorable: 0, toolsCalled: 0, calls: 0, errors: 0 }),
        ],
      }),
    ).toEqual([
      "expected the suite's 3 candidates, got 0",
      "expected the exploration ledger's 1, got 0",
      "expected the exploration ledger's 1, got 0",
      "expected the exploration ledger's 2, got 0",
      'the ledger lists 1 explorable tools',
    ]);
  });

  it('rejects a no_usable_results refusal when a call gave a usable result', () => {
    const l = ledger([tool('a', { errors: 1 })]);
    expect(issues({ exploration: l, gates: [structural('no_usable_results', {})] })).toEqual([
      'the ledger shows 1 usable results',
    ]);
  });
});
