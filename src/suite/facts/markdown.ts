import type { Nodes, Table } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString as mdText } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { htmlTables } from './html.js';
import { jsonIn } from './json.js';
import { labelEntries, recordsOf, unquoted } from './records.js';

/**
 * Markdown and plain text (docs/design.md §5.2), read with the mdast parser and GFM: a heading
 * opens a section (an object under the heading's text), a table is an array of row objects keyed
 * by its header, a list of short items is an array of names, the `Label: value` lines of a section
 * are its fields (or its records, when labels repeat), and a fenced JSON block is its JSON. A
 * section holding one table or one list is that table or list.
 */

interface Frame {
  depth: number;
  object: Record<string, unknown>;
  lines: string[];
}

/** Names the reader makes up for unnamed parts; a section holding only one of them is that part. */
const PART = ['items', 'rows', 'records', 'code', 'html'] as const;
const MAX_ITEM = 120;

function put(object: Record<string, unknown>, name: string, value: unknown): void {
  let key = name;
  for (let n = 2; Object.hasOwn(object, key); n++) key = `${name} (${n})`;
  object[key] = value;
}

/** A node's own source text: values stay substrings of the answer (`<a@b.org>` is not a link's text). */
function sourceOf(node: Nodes, text: string): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? mdText(node) : text.slice(start, end);
}

function linesOf(node: Nodes, text: string): string[] {
  if (node.type === 'paragraph' || node.type === 'heading') return [sourceOf(node, text)];
  if (!('children' in node)) return [];
  return node.children.flatMap((child) => linesOf(child as Nodes, text));
}

/** A cell's content as written (from its first child to its last), without the pipes around it. */
function cellText(cell: Table['children'][number]['children'][number], text: string): string {
  const start = cell.children[0]?.position?.start.offset;
  const end = cell.children.at(-1)?.position?.end.offset;
  return start === undefined || end === undefined ? '' : unquoted(text.slice(start, end).trim());
}

function tableRows(table: Table, text: string): Record<string, string>[] | undefined {
  const [head, ...body] = table.children.map((row) => row.children.map((cell) => cellText(cell, text)));
  if (head === undefined || head.length < 2 || body.length === 0 || head.some((h) => h === ''))
    return undefined;
  if (new Set(head).size !== head.length) return undefined;
  return body.map((row) => Object.fromEntries(head.map((h, i) => [h, row[i] ?? ''])));
}

function listPart(node: Nodes & { type: 'list' }, frame: Frame, text: string): void {
  const items = node.children.map((item) => linesOf(item, text).join('\n').trim());
  const labelled = items.map((item) => labelEntries(item));
  // A list of `Label: value` bullets is the section's fields; of multi-line items, its records.
  if (items.every((item, i) => labelled[i]?.length === 1 && !item.includes('\n'))) {
    frame.lines.push(...items);
    return;
  }
  if (labelled.every((entries) => entries.length >= 2)) {
    // A label seen again starts the next record, inside one item too (items a server ran together).
    const records = labelled.flatMap((entries): Record<string, string>[] => {
      const read = recordsOf(entries);
      return read === undefined ? [] : Array.isArray(read) ? read : [read];
    });
    if (records.length > 0) put(frame.object, 'items', records);
    return;
  }
  const short = items.filter((item) => item !== '' && item.length <= MAX_ITEM && !item.includes('\n'));
  if (short.length >= 2) put(frame.object, 'items', short);
}

function collapse(value: unknown): unknown {
  if (Array.isArray(value) || value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value)
    .map(([k, v]) => [k, collapse(v)] as const)
    .filter(([, v]) => !(v !== null && typeof v === 'object' && Object.keys(v).length === 0));
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only !== undefined && (PART as readonly string[]).includes(only[0]) && typeof only[1] === 'object')
    return only[1];
  return Object.fromEntries(entries);
}

/** The document a Markdown (or plain) text holds, or undefined when it holds no fields, lists or tables. */
export function markdownDocument(text: string): unknown {
  const tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const root: Frame = { depth: 0, object: {}, lines: [] };
  const frames = [root];
  const stack = [root];
  for (const node of tree.children) {
    let top = stack.at(-1) ?? root;
    if (node.type === 'heading') {
      while (stack.length > 1 && (stack.at(-1)?.depth ?? 0) >= node.depth) stack.pop();
      top = stack.at(-1) ?? root;
      const frame: Frame = { depth: node.depth, object: {}, lines: [] };
      put(top.object, mdText(node).trim() || 'section', frame.object);
      frames.push(frame);
      stack.push(frame);
    } else if (node.type === 'paragraph') top.lines.push(sourceOf(node, text));
    else if (node.type === 'list') listPart(node, top, text);
    else if (node.type === 'table') {
      const rows = tableRows(node, text);
      if (rows !== undefined) put(top.object, 'rows', rows);
    } else if (node.type === 'code') {
      const json = jsonIn(node.value);
      if (json !== undefined) put(top.object, 'code', json);
    } else if (node.type === 'html') {
      const tables = htmlTables(node.value);
      if (tables !== undefined) put(top.object, 'html', tables);
    }
  }
  for (const frame of frames) {
    const records = recordsOf(labelEntries(frame.lines.join('\n')));
    if (Array.isArray(records)) put(frame.object, 'records', records);
    else if (records !== undefined) for (const [k, v] of Object.entries(records)) put(frame.object, k, v);
  }
  const document = collapse(root.object);
  return document !== null && typeof document === 'object' && Object.keys(document).length > 0
    ? document
    : undefined;
}
