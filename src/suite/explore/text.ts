/**
 * Values in text results (explore/2): servers that answer in prose, markdown or listings rather
 * than JSON. Every value returned here is a substring of the text, except a listing entry, which is
 * the listed name joined to the directory the call was made with (`joinListing`).
 */

/** A "Label: value" line (also `**Label:** value`, `**Label**: value`, `- Label: value`). */
export interface LabelLine {
  label: string;
  value: string;
}

const LABEL_LINE =
  /^[ \t]*(?:[-*+][ \t]+)?(?:\*\*|__)?([A-Za-z][A-Za-z0-9 _()/-]{0,40}?)(?:\*\*|__)?[ \t]*:[ \t]*(?:\*\*|__)?[ \t]*(\S.*?)[ \t]*$/;

export function labelLines(text: string): LabelLine[] {
  const out: LabelLine[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = LABEL_LINE.exec(line);
    const label = match?.[1]?.trim();
    const value = match?.[2]?.replace(/(?:\*\*|__)$/, '').trim();
    // "https://…" would read as a label "https"; a value that is only markup is no value.
    if (label === undefined || value === undefined || value === '' || value.startsWith('//')) continue;
    out.push({ label, value });
  }
  return out;
}

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** The extract pattern that reads one label's value back from the text (group 1, trimmed). */
export function labelPattern(label: string): string {
  return `^[ \\t]*(?:[-*+][ \\t]+)?(?:\\*\\*|__)?${escapeRegex(label)}(?:\\*\\*|__)?[ \\t]*:[ \\t]*(?:\\*\\*|__)?[ \\t]*(\\S.*?)(?:\\*\\*|__)?[ \\t]*$`;
}

// A path starts where no word, path or markup does: `</th>` and `<br/>` close tags, they name no file.
const ABSOLUTE_PATH = /(?<![\w.~/<-])(\/(?:[\w.@+-]+\/?)+)(?![\w]*>)/g;

/** POSIX absolute paths written in the text ("/srv/share/notes.txt"), trailing punctuation dropped. */
export function absolutePaths(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(ABSOLUTE_PATH)) {
    const path = (match[1] ?? '').replace(/[.:]+$/, '');
    if (path.length > 1 && path.length <= 512 && !path.startsWith('//'))
      seen.add(path.replace(/\/$/, '') || '/');
  }
  return [...seen];
}

/** `[FILE] name` / `[DIR] name` listing lines (sizes or dates after two spaces are dropped). */
export interface ListingEntry {
  kind: 'file' | 'dir';
  name: string;
}

const LISTING_LINE = /^\s*\[(FILE|DIR)\]\s+(.+?)(?:\s{2,}.*)?\s*$/i;

export function listingEntries(text: string): ListingEntry[] {
  const out: ListingEntry[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = LISTING_LINE.exec(line);
    const name = match?.[2]?.trim();
    if (match === null || name === undefined || name === '' || name.includes('/')) continue;
    out.push({ kind: match[1]?.toUpperCase() === 'DIR' ? 'dir' : 'file', name });
  }
  return out;
}

/** A listed name joined to the directory that was listed. */
export function joinListing(parent: string, name: string): string {
  return `${parent.replace(/\/+$/, '')}/${name}`;
}

/** A table in the text: markdown pipes (`| a | b |`) or comma-separated lines with a header. */
export interface TextTable {
  format: 'markdown' | 'csv';
  columns: string[];
  rows: string[][];
}

function markdownCells(line: string): string[] | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|') || !trimmed.endsWith('|') || trimmed.length < 3) return undefined;
  return trimmed
    .slice(1, -1)
    .split('|')
    .map((cell) => cell.trim());
}

function markdownTables(lines: readonly string[]): TextTable[] {
  const out: TextTable[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const header = markdownCells(lines[i] ?? '');
    const rule = markdownCells(lines[i + 1] ?? '');
    if (header === undefined || rule === undefined || !rule.every((c) => /^:?-{2,}:?$/.test(c))) continue;
    const rows: string[][] = [];
    let j = i + 2;
    for (; j < lines.length; j++) {
      const cells = markdownCells(lines[j] ?? '');
      if (cells === undefined || cells.length !== header.length) break;
      rows.push(cells);
    }
    if (rows.length > 0 && header.length >= 2) out.push({ format: 'markdown', columns: header, rows });
    i = j - 1;
  }
  return out;
}

function csvTable(lines: readonly string[]): TextTable | undefined {
  const body = lines.map((l) => l.trim()).filter((l) => l !== '');
  if (body.length < 2 || body.some((l) => l.includes('"') || l.includes('|'))) return undefined;
  const cells = body.map((l) => l.split(',').map((c) => c.trim()));
  const width = cells[0]?.length ?? 0;
  if (width < 2 || cells.some((row) => row.length !== width)) return undefined;
  const [columns, ...rows] = cells;
  if (columns === undefined || !columns.every((c) => /^[A-Za-z][\w ]{0,40}$/.test(c))) return undefined;
  return { format: 'csv', columns, rows };
}

export function textTables(text: string): TextTable[] {
  const lines = text.split(/\r?\n/);
  const markdown = markdownTables(lines);
  if (markdown.length > 0) return markdown;
  const csv = csvTable(lines);
  return csv === undefined ? [] : [csv];
}

/**
 * The extract pattern that reads column `column` of the row whose column `key` holds `keyValue`
 * (group 1). Cells are matched in order, so the pattern is exact for this table's width.
 */
export function rowPattern(table: TextTable, key: number, keyValue: string, column: number): string {
  const width = table.columns.length;
  const cells: string[] = [];
  for (let i = 0; i < width; i++) {
    if (table.format === 'markdown') {
      if (i === key) cells.push(`[ \\t]*${escapeRegex(keyValue)}[ \\t]*\\|`);
      else if (i === column) cells.push('[ \\t]*([^|\\n]*?)[ \\t]*\\|');
      else cells.push('[^|\\n]*\\|');
    } else {
      const end = i === width - 1 ? '[ \\t]*$' : '[ \\t]*,';
      if (i === key) cells.push(`[ \\t]*${escapeRegex(keyValue)}${end}`);
      else if (i === column) cells.push(`[ \\t]*([^,\\n]*?)${end}`);
      else cells.push(`[^,\\n]*${i === width - 1 ? '$' : ','}`);
    }
  }
  return table.format === 'markdown' ? `^[ \\t]*\\|${cells.join('')}` : `^${cells.join('')}`;
}

/**
 * Texts that report a failure without `isError` (a server that returns "ENOENT: no such file" as a
 * plain result): never harvested, never a key. Only the head of the text is read, so a document
 * that merely mentions an error somewhere is kept.
 */
const ERROR_TEXT =
  /^(?:error\b|err:|failed\b|failure\b|exception\b)|\b(?:ENOENT|EISDIR|ENOTDIR|EACCES|EPERM)\b|\b(?:not found|no such (?:file|directory|table|entity|item|record)|does not exist|access denied|permission denied|no matches found|no results?(?: found)?|unknown (?:tool|table|id)|invalid (?:path|id|argument))\b/i;

export function isErrorText(text: string): boolean {
  const head = text.trim().slice(0, 300);
  if (head === '') return false;
  const firstLine = head.split(/\r?\n/)[0] ?? '';
  return ERROR_TEXT.test(firstLine) || (head.length < 200 && ERROR_TEXT.test(head));
}
