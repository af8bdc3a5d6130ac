import { resultDocument } from '../extract.js';
import { resultText, type ToolResult } from '../surface.js';
import { fieldName, type Leaf, leavesOf } from './leaves.js';
import { commaList, markdownLists } from './lists.js';
import { isPathLike } from './params.js';
import { absolutePaths, joinListing, labelLines, listingEntries, textTables } from './text.js';

/**
 * A value explore/2 took from a result, to feed a later call. `value` is always something the
 * server returned: a JSON leaf, a substring of the text, or (kind `file`/`dir`) a listed name joined
 * to the directory the call was made with.
 */
export interface Harvest {
  value: string | number;
  /** The field, label or column it sits under ('' for a bare path in text). */
  field: string;
  kind: 'leaf' | 'path' | 'file' | 'dir' | 'label' | 'cell' | 'item';
  /** For a member of a list (a JSON array of scalars, a Markdown or comma list): what the list is called (its field or heading). */
  listing?: string;
  /** The observation it came from. */
  obs: number;
  tool: string;
  /** Where it sits in the observation's JSON document (leaves only). */
  pointer?: string;
  /** The leaf itself (leaves only). */
  leaf?: Leaf;
}

/** The JSON view of a result: structuredContent, else JSON text; undefined when it only wraps text. */
export function documentOf(
  result: ToolResult,
): { document: unknown; source: 'structured' | 'text-json' } | undefined {
  const structured = resultDocument(result, 'structured');
  const text = resultText(result);
  if (structured !== undefined) {
    const leaves = leavesOf(structured);
    // `{content: "<the text>"}`: a document that only mirrors the text is read as text.
    const mirrors =
      leaves.length > 0 &&
      leaves.every(
        (l) =>
          typeof l.value === 'string' &&
          (l.value.includes('\n') || l.value.length > 200 || l.value.trim() === text.trim()),
      );
    if (!mirrors) return { document: structured, source: 'structured' };
    if (leaves.length === 1 && text.trim() === '') return undefined;
  }
  const json = resultDocument(result, 'text-json');
  return json !== null && typeof json === 'object' ? { document: json, source: 'text-json' } : undefined;
}

function pathArgument(args: Record<string, unknown>): string | undefined {
  for (const [name, value] of Object.entries(args))
    if (typeof value === 'string' && value.startsWith('/') && isPathLike(name)) return value;
  for (const value of Object.values(args))
    if (typeof value === 'string' && value.startsWith('/')) return value;
  return undefined;
}

const MAX_HARVEST = 400;

/** Every reusable value of one observation, in result order, bounded. */
export function harvestResult(input: {
  obs: number;
  tool: string;
  args: Record<string, unknown>;
  result: ToolResult;
}): Harvest[] {
  const out: Harvest[] = [];
  const base = { obs: input.obs, tool: input.tool };
  const doc = documentOf(input.result);
  if (doc !== undefined) {
    for (const leaf of leavesOf(doc.document)) {
      if (typeof leaf.value === 'string' && (leaf.value.includes('\n') || leaf.value.length > 512)) continue;
      // A member of an array of scalars is the name of one listed thing: a handle for other tools.
      const member = typeof leaf.path.at(-1) === 'number';
      const named = fieldName(leaf);
      const field = member ? 'name' : (named ?? '');
      const kind = typeof leaf.value === 'string' && /^\/[\w.@+-]/.test(leaf.value) ? 'path' : 'leaf';
      const listing = member && named !== undefined ? { listing: named } : {};
      out.push({ ...base, value: leaf.value, field, kind, pointer: leaf.pointer, leaf, ...listing });
    }
  }
  const text = resultText(input.result);
  if (doc?.source !== 'text-json' && text.trim() !== '') {
    const parent = pathArgument(input.args);
    for (const entry of listingEntries(text)) {
      if (parent !== undefined)
        out.push({ ...base, value: joinListing(parent, entry.name), field: 'path', kind: entry.kind });
    }
    for (const path of absolutePaths(text)) out.push({ ...base, value: path, field: 'path', kind: 'path' });
    const lists = [...markdownLists(text), ...[commaList(text)].filter((l) => l !== undefined)];
    for (const list of lists)
      for (const item of list.items)
        out.push({
          ...base,
          value: item,
          field: 'name',
          kind: 'item',
          ...(list.heading ? { listing: list.heading } : {}),
        });
    for (const line of labelLines(text))
      out.push({ ...base, value: line.value, field: line.label, kind: 'label' });
    for (const table of textTables(text))
      for (const row of table.rows)
        row.forEach((cell, i) => {
          if (cell !== '') out.push({ ...base, value: cell, field: table.columns[i] ?? '', kind: 'cell' });
        });
  }
  return out.slice(0, MAX_HARVEST);
}
