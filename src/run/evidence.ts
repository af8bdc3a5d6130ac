import type { z } from 'zod';
import type { TrialResult } from '../agents/types.js';
import { REFS_PER_KIND, type TapeRef } from '../record/probe.js';
import type { WireEvidence } from '../record/wire-evidence.js';
import type { Exchange } from '../tape/pairing.js';
import type { TapeWriter } from '../tape/writer.js';

/**
 * The `tools/call` exchanges the wire tape holds under these trials' corr ids, paired request to
 * response by the writer as it wrote them (the same pairing a reader of the file makes). A trial's
 * `::verify` call is the harness's, not the agent's, so it is left out.
 */
export function trialCalls(wire: TapeWriter, trials: readonly TrialResult[]): Exchange[] {
  const corrIds = new Set(trials.map((t) => t.corrId));
  return wire
    .exchanges()
    .filter((x) => x.method === 'tools/call' && x.corrId !== undefined && corrIds.has(x.corrId));
}

/** An unanswered request is cited by its request line; anything answered, by its response line. */
function refOf(x: Exchange): TapeRef {
  return `wire:${x.responseLine ?? x.requestLine}`;
}

const lineOf = (ref: TapeRef) => Number(ref.slice(ref.indexOf(':') + 1));

function firstRefs(calls: readonly Exchange[]): TapeRef[] {
  return calls
    .map(refOf)
    .sort((a, b) => lineOf(a) - lineOf(b))
    .slice(0, REFS_PER_KIND);
}

/** The construct gate's wire block: counts of every kind, and the first lines of each as refs. */
export function wireEvidence(calls: readonly Exchange[]): z.input<typeof WireEvidence> {
  const pending = calls.filter((x) => x.outcome === 'pending');
  const errorResults = calls.filter((x) => x.outcome === 'tool-error');
  const protocolErrors = calls.filter((x) => x.outcome === 'rpc-error');
  const refs = {
    pending: firstRefs(pending),
    errorResults: firstRefs(errorResults),
    protocolErrors: firstRefs(protocolErrors),
    // Every call is cited too, so a count of calls that all succeeded still opens on its lines.
    calls: firstRefs(calls),
  };
  const cited = new Set([...refs.pending, ...refs.errorResults, ...refs.protocolErrors, ...refs.calls]);
  return {
    toolCalls: calls.length,
    errorResults: errorResults.length,
    pending: pending.length,
    protocolErrors: protocolErrors.length,
    tapeRefs: [...cited].sort((a, b) => lineOf(a) - lineOf(b)),
    refs,
  };
}

/** Per tool, the first lines of its calls that failed on the wire (error results, JSON-RPC errors, no response). */
export function failedCallRefs(calls: readonly Exchange[]): Map<string, TapeRef[]> {
  const byTool = new Map<string, Exchange[]>();
  for (const x of calls) {
    if (x.outcome === 'result' || x.tool === undefined) continue;
    const list = byTool.get(x.tool) ?? [];
    list.push(x);
    byTool.set(x.tool, list);
  }
  return new Map([...byTool].map(([tool, list]) => [tool, firstRefs(list)]));
}

/** Agent-plane lines of the passing answers among `results` (the first REFS_PER_KIND), for a null rate. */
export function passingAnswerRefs(results: readonly TrialResult[]): TapeRef[] {
  return results
    .flatMap((r) => (r.checkPassed && r.answerLine !== undefined ? [r.answerLine] : []))
    .sort((a, b) => a - b)
    .slice(0, REFS_PER_KIND)
    .map((line): TapeRef => `agent:${line}`);
}
