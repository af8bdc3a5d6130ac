import { parse as parseCsv } from 'csv-parse/sync';
import type { List, ListItem, Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString as mdText } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';

/**
 * Lists in text answers (docs/design.md §5.2): a Markdown bullet or numbered list (read with the
 * mdast parser, GFM or not, under any heading), and a one-line comma-separated list (read with a CSV
 * parser). Principle: a list of short items lists handles, each the name of one thing its tool
 * lists, for the parameters of other tools. Every item returned is a substring of the text.
 */

/** Text longer than this is not read for lists (results are untrusted: bounded before parsing). */
const MAX_LIST_TEXT = 200_000;
const MAX_ITEMS = 400;
const MAX_ITEM = 120;

export interface TextList {
  /** The heading the list sits under, when there is one ("Projects"). */
  heading?: string;
  items: string[];
}

function shortItem(text: string, source: string): string | undefined {
  const item = text.trim();
  if (item === '' || item.length > MAX_ITEM || item.includes('\n') || !source.includes(item))
    return undefined;
  return item;
}

function itemText(item: ListItem, source: string): string | undefined {
  if (item.children.length !== 1 || item.children[0]?.type !== 'paragraph') return undefined;
  return shortItem(mdText(item.children[0]), source);
}

/** Markdown lists of one short paragraph per item, each with the heading above it. */
export function markdownLists(text: string): TextList[] {
  if (text.length > MAX_LIST_TEXT || !/^\s*(?:[-*+]|\d+[.)])\s+\S/m.test(text)) return [];
  const tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const out: TextList[] = [];
  let heading: string | undefined;
  let count = 0;
  const visit = (node: Nodes) => {
    if (count >= MAX_ITEMS) return;
    if (node.type === 'heading') heading = mdText(node).trim() || undefined;
    if (node.type === 'list') {
      const items = (node as List).children.flatMap((li) => {
        const t = itemText(li, text);
        return t === undefined ? [] : [t];
      });
      count += items.length;
      if (items.length >= 2) out.push({ ...(heading ? { heading } : {}), items: items.slice(0, MAX_ITEMS) });
      return;
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return out;
}

/** A whole answer that is one line of at least two comma-separated short tokens ("herbarium,tide-tables"). */
export function commaList(text: string): TextList | undefined {
  const line = text.trim();
  if (line === '' || line.length > 4000 || line.includes('\n') || !line.includes(',')) return undefined;
  let rows: string[][];
  try {
    rows = parseCsv(line, { trim: true, relax_quotes: true, relax_column_count: true });
  } catch {
    return undefined;
  }
  const items = (rows[0] ?? []).filter((cell) => cell !== '');
  const tokens = items.every(
    (cell) => cell.length <= MAX_ITEM && !/\s{2,}/.test(cell) && cell.split(/\s+/).length <= 3,
  );
  if (items.length < 2 || !tokens || items.some((cell) => !line.includes(cell))) return undefined;
  return { items: items.slice(0, MAX_ITEMS) };
}
