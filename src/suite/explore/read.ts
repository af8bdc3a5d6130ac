import { isEmptyStateText } from '../admission/key-information.js';
import { readResult } from '../extract.js';
import { readFacts } from '../facts/document.js';
import { leavesOf } from '../facts/leaves.js';
import { documentOf } from '../facts/view.js';
import { resultText, type ToolCallOutcome, type ToolDescriptor, type ToolResult } from '../surface.js';
import { listsNothing } from './answer-voice.js';
import { isErrorText } from './text.js';

export type ReadObservation =
  | { kind: 'result'; result: ToolResult }
  | { kind: 'error' }
  | { kind: 'discarded'; reason: string; emptyState?: true };

function size(result: ToolResult): number {
  const text = resultText(result).length;
  if (result.structuredContent === undefined) return text;
  try {
    return text + JSON.stringify(result.structuredContent).length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * What exploration keeps of one call: an `isError` result or a JSON-RPC error is an error; a result
 * over the size cap, an empty one, one whose text reports a failure without `isError` ("ENOENT: no
 * such file") or whose fact tree is over its cap is set aside with its reason, and so is a listing
 * that lists nothing (`listsNothing`, counted as an empty-state answer); anything else is an
 * observation.
 */
export function readObservation(
  outcome: ToolCallOutcome,
  maxChars: number,
  call: { tool: ToolDescriptor; args: Record<string, unknown> },
): ReadObservation {
  if (outcome.kind === 'error') return { kind: 'error' };
  const read = readResult(outcome.result);
  if (!read.ok) return { kind: 'error' };
  const chars = size(read.result);
  if (chars > maxChars)
    return {
      kind: 'discarded',
      reason: `a result of ${chars} characters (the exploration cap is ${maxChars})`,
    };
  const text = resultText(read.result);
  const doc = documentOf(read.result);
  // Prose (anything not structured or JSON text) is read for what it says before what it holds.
  const prose = doc === undefined || doc.source === 'facts';
  if (prose && isErrorText(text)) return { kind: 'discarded', reason: 'an error text without isError' };
  if (prose && text.trim() === '') return { kind: 'discarded', reason: 'an empty result' };
  if (prose && isEmptyStateText(text))
    return {
      kind: 'discarded',
      reason: 'an empty-state answer (the server says it holds nothing)',
      emptyState: true,
    };
  const facts = doc === undefined ? readFacts(read.result) : undefined;
  if (facts?.ok === false) return { kind: 'discarded', reason: facts.reason };
  if (doc !== undefined && leavesOf(doc.document).length === 0 && text.trim() === '')
    return { kind: 'discarded', reason: 'an empty result' };
  const own = `${call.tool.description ?? ''} ${JSON.stringify(call.tool.inputSchema)}`;
  if (doc !== undefined && listsNothing(doc.document, own, call.args))
    return {
      kind: 'discarded',
      reason: 'an empty listing (the server says it holds nothing)',
      emptyState: true,
    };
  return { kind: 'result', result: read.result };
}
