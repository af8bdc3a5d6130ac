import { isEmptyStateText } from '../admission/empty-state.js';
import { readResult } from '../extract.js';
import { readFacts } from '../facts/document.js';
import { leavesOf } from '../facts/leaves.js';
import { documentOf } from '../facts/view.js';
import { resultText, type ToolCallOutcome, type ToolDescriptor, type ToolResult } from '../surface.js';
import { listsNothing } from './answer-voice.js';
import { isErrorText, refusesInput } from './text.js';

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
 * such file", or a value we sent "is not a directory") or whose fact tree is over its cap is set
 * aside with its reason, and so is a listing that lists nothing (`listsNothing`); both count as the
 * server saying it holds nothing only when no argument was made up and none was a search term.
 * Anything else is an observation.
 */
export function readObservation(
  outcome: ToolCallOutcome,
  maxChars: number,
  /** `generated`: a value was made up, or a search term sent (whoever chose it). */
  call: { tool: ToolDescriptor; args: Record<string, unknown>; generated: boolean },
): ReadObservation {
  // "Nothing here" says the server holds nothing only when it was asked with values it or the user
  // gave; asked with a value we made up, or a search term whoever chose it, it says only that
  // nothing matched.
  const nothing = (what: string): ReadObservation =>
    call.generated
      ? { kind: 'discarded', reason: `${what} to a made-up value or a search term (nothing matched it)` }
      : { kind: 'discarded', reason: `${what} (the server says it holds nothing)`, emptyState: true };
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
  if (prose && (isErrorText(text) || refusesInput(text, call.args)))
    return { kind: 'discarded', reason: 'an error text without isError' };
  if (prose && text.trim() === '') return { kind: 'discarded', reason: 'an empty result' };
  if (prose && isEmptyStateText(text)) return nothing('an empty-state answer');
  const facts = doc === undefined ? readFacts(read.result) : undefined;
  if (facts?.ok === false) return { kind: 'discarded', reason: facts.reason };
  if (doc !== undefined && leavesOf(doc.document).length === 0 && text.trim() === '')
    return { kind: 'discarded', reason: 'an empty result' };
  const own = `${call.tool.description ?? ''} ${JSON.stringify(call.tool.inputSchema)}`;
  if (doc !== undefined && listsNothing(doc.document, own, call.args)) return nothing('an empty listing');
  return { kind: 'result', result: read.result };
}
