import { resultText, type ToolResult } from '../surface.js';
import { type DocumentSource, sourceDocument } from './document.js';
import { leavesOf } from './leaves.js';

/**
 * The one document a result is read as (docs/design.md §5.2): structuredContent unless it only
 * mirrors the text (`{content: "<the text>"}`), else the text as JSON, else the text's fact tree.
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
  for (const source of ['text-json', 'facts'] as const) {
    const document = sourceDocument(result, source);
    if (document !== null && typeof document === 'object') return { document, source };
  }
  return undefined;
}
