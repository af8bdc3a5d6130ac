import { resultText, type ToolResult } from '../surface.js';
import { type DocumentSource, plainTextJson, sourceDocument } from './document.js';
import { leavesOf } from './leaves.js';

/**
 * The one document a result is read as (docs/design.md §5.2): structuredContent unless it only
 * mirrors the text (`{content: "<the text>"}`), else the text as JSON when none of its strings holds
 * JSON or a document, else the text's fact tree (which reads those strings).
 * Exploration harvests from it, candidates point into it, and `$from` handles resolve against it.
 */
export function documentOf(result: ToolResult): { document: unknown; source: DocumentSource } | undefined {
  const structured = result.structuredContent;
  const text = resultText(result);
  if (structured !== undefined) {
    const leaves = leavesOf(structured);
    const mirrors =
      leaves.length > 0 &&
      leaves.every(
        (l) =>
          typeof l.value === 'string' &&
          (l.value.includes('\n') || l.value.length > 200 || l.value.trim() === text.trim()),
      );
    if (!mirrors) return { document: sourceDocument(result, 'structured'), source: 'structured' };
  }
  // The text's JSON as it is, unless a string in it holds JSON or a document the fact tree reads.
  if (plainTextJson(result)) return { document: sourceDocument(result, 'text-json'), source: 'text-json' };
  const facts = sourceDocument(result, 'facts');
  if (facts !== null && typeof facts === 'object') return { document: facts, source: 'facts' };
  const json = sourceDocument(result, 'text-json');
  if (json !== null && typeof json === 'object') return { document: json, source: 'text-json' };
  return undefined;
}
