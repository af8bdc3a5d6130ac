import { parseDocument, visit } from 'yaml';

/**
 * YAML (docs/design.md §5.2), read with the `yaml` library's core schema: no custom tags, no
 * aliases, duplicate keys an error. Read only where a text is YAML rather than prose or Markdown:
 * a `---` document, or nested mappings and sequences (a line indented under a `key:` line). Front
 * matter (`---` … `---` before a body) is returned apart, for the Markdown reader to take the body.
 */

const MARKDOWN = /^(?:#{1,6}\s|\|.*\||```|\s*[-*+]\s+\*\*|\*\*)/m;
/** A GFM table's delimiter row (`---|---|---`, outer pipes optional): the text holds a table. */
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*$/m;

function load(text: string): unknown {
  try {
    const doc = parseDocument(text, { schema: 'core', uniqueKeys: true, prettyErrors: false });
    if (doc.errors.length > 0) return undefined;
    // A fact tree holds JSON values: a number YAML reads as infinite or NaN (a session id
    // `8e412345`, `.inf`) is kept as the text it was written as.
    visit(doc, {
      Scalar(_key, node) {
        if (typeof node.value === 'number' && !Number.isFinite(node.value) && node.source !== undefined)
          node.value = node.source;
      },
    });
    const value: unknown = doc.toJS({ maxAliasCount: 0 });
    return value !== null && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The YAML a text is, or undefined when it is not YAML (or only flat `Label: value` lines). */
export function yamlDocument(text: string): unknown {
  if (MARKDOWN.test(text) || TABLE_DELIMITER.test(text)) return undefined;
  const nested = /^[ \t]*[\w"'-][^:\n]*:[ \t]*\n[ \t]+\S/m.test(text) || /^---[ \t]*$/m.test(text);
  return nested ? load(text) : undefined;
}

/** Front matter and the body after it, when the text starts with a `---` block. */
export function frontMatter(text: string): { matter: unknown; body: string } | undefined {
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (match === null) return undefined;
  const matter = load(match[1] ?? '');
  return matter === undefined ? undefined : { matter, body: text.slice(match[0].length) };
}
