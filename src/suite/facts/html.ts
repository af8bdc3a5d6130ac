import { type DefaultTreeAdapterTypes, parseFragment } from 'parse5';

/**
 * HTML tables (docs/design.md §5.2), read with a real HTML parser (parse5, which never runs a
 * script or fetches anything): each `<table>` becomes an array of row objects keyed by its header
 * cells, named by its caption or the heading before it. Markup is never a value.
 */

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

const MAX_ROWS = 2000;

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function children(node: Node): Node[] {
  return 'childNodes' in node ? node.childNodes : [];
}

function textOf(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  return children(node).map(textOf).join(' ');
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function elements(node: Node, tags: readonly string[], out: Element[] = [], stopAt?: string): Element[] {
  for (const child of children(node)) {
    if (!isElement(child)) continue;
    if (tags.includes(child.tagName)) out.push(child);
    if (child.tagName !== stopAt) elements(child, tags, out, stopAt);
  }
  return out;
}

interface Cell {
  text: string;
  /** A `th` cell: a label, not a value. */
  label: boolean;
}

/** Spreadsheet column letters in order from A: labels of position, not names. */
function isColumnLetters(header: readonly string[]): boolean {
  const letters = (i: number): string =>
    (i >= 26 ? letters(Math.floor(i / 26) - 1) : '') + String.fromCharCode(65 + (i % 26));
  return header.every((h, i) => h === letters(i));
}

/**
 * A grid labelled by position (a spreadsheet's rendering): an empty corner over a column of row
 * labels, and column letters across the top. Positions carry no meaning, so the row-label column is
 * dropped and, when the top row is only letters, the first row of the grid is the header.
 */
function ungrid(cells: Cell[][]): string[][] {
  const [top, ...rest] = cells;
  if (top === undefined) return [];
  const rowLabels = top[0]?.text === '' && rest.length > 0 && rest.every((row) => row[0]?.label === true);
  const body = (rowLabels ? cells.map((row) => row.slice(1)) : cells).map((row) => row.map((c) => c.text));
  const header = body[0] ?? [];
  return rowLabels && header.length > 0 && isColumnLetters(header) ? body.slice(1) : body;
}

function tableRows(table: Element): Record<string, string>[] | undefined {
  const rows = elements(table, ['tr'], [], 'table').slice(0, MAX_ROWS + 1);
  const cells = rows.map((row) =>
    elements(row, ['th', 'td'], [], 'table').map((c) => ({
      text: clean(textOf(c)),
      label: c.tagName === 'th',
    })),
  );
  const [header, ...body] = ungrid(cells);
  if (header === undefined || header.length < 2 || body.length === 0) return undefined;
  if (header.some((h) => h === '') || new Set(header).size !== header.length) return undefined;
  const width = body.filter((row) => row.length === header.length);
  return width.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ''])));
}

/** Does the text hold an HTML table? */
export function isHtmlTable(text: string): boolean {
  return /<table[\s>]/i.test(text);
}

/** The tables of an HTML text, each under its caption, preceding heading, or `table N` (a lone unnamed table: its rows). */
export function htmlTables(html: string): unknown {
  if (!isHtmlTable(html)) return undefined;
  const fragment = parseFragment(html);
  const out: Record<string, Record<string, string>[]> = {};
  let heading: string | undefined;
  const visit = (node: Node) => {
    for (const child of children(node)) {
      if (!isElement(child)) continue;
      if (/^h[1-6]$/.test(child.tagName)) heading = clean(textOf(child)) || undefined;
      if (child.tagName !== 'table') {
        visit(child);
        continue;
      }
      const rows = tableRows(child);
      const caption = elements(child, ['caption'], [], 'table')[0];
      const name = (caption && clean(textOf(caption))) || heading || `table ${Object.keys(out).length + 1}`;
      if (rows !== undefined && rows.length > 0 && !Object.hasOwn(out, name)) out[name] = rows;
      heading = undefined;
    }
  };
  visit(fragment);
  const names = Object.keys(out);
  if (names.length === 0) return undefined;
  // One table with no name of its own is the answer itself.
  return names.length === 1 && names[0] === 'table 1' ? out['table 1'] : out;
}
