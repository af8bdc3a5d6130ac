import { isEmptyStateText } from '../admission/key-information.js';
import { readResult } from '../extract.js';
import { resultText, type ToolCallOutcome, type ToolResult } from '../surface.js';
import { documentOf } from './harvest.js';
import { leavesOf } from './leaves.js';
import { isErrorText } from './text.js';

export type ReadObservation =
  | { kind: 'result'; result: ToolResult }
  | { kind: 'error' }
  | { kind: 'discarded'; reason: string };

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
 * over the size cap, an empty one, or one whose text reports a failure without `isError`
 * ("ENOENT: no such file") is set aside with its reason; anything else is an observation.
 */
export function readObservation(outcome: ToolCallOutcome, maxChars: number): ReadObservation {
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
  if (doc === undefined && isErrorText(text))
    return { kind: 'discarded', reason: 'an error text without isError' };
  if (doc === undefined && text.trim() === '') return { kind: 'discarded', reason: 'an empty result' };
  if (doc === undefined && isEmptyStateText(text))
    return { kind: 'discarded', reason: 'an empty-state answer (the server says it holds nothing)' };
  if (doc !== undefined && leavesOf(doc.document).length === 0 && text.trim() === '')
    return { kind: 'discarded', reason: 'an empty result' };
  return { kind: 'result', result: read.result };
}
