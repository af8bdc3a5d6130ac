import { parse as parseCsv } from 'csv-parse/sync';

/**
 * Delimited text (docs/design.md §5.2), read with a CSV parser: a table of comma- or
 * tab-separated lines under a header row becomes an array of row objects keyed by the header; a
 * whole answer that is one line of short comma-separated tokens ("herbarium,tide-tables") is a
 * list of names. Every value returned is a cell of the text.
 */

const MAX_ITEM = 120;
const HEADER_CELL = /^[A-Za-z_][\w .()/-]{0,40}$/;

function parse(text: string, delimiter: string): string[][] | undefined {
  try {
    const rows: string[][] = parseCsv(text, {
      delimiter,
      trim: true,
      skip_empty_lines: true,
      relax_quotes: true,
      relax_column_count: true,
    });
    return rows;
  } catch {
    return undefined;
  }
}

/** A header and two or more rows of the same width (two or more columns), as row objects. */
export function delimitedTable(text: string): Record<string, string>[] | undefined {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length < 2) return undefined;
  const first = lines[0] ?? '';
  const delimiter = first.includes('\t') ? '\t' : first.includes(',') ? ',' : undefined;
  if (delimiter === undefined || first.includes('|')) return undefined;
  const rows = parse(lines.join('\n'), delimiter);
  const [header, ...body] = rows ?? [];
  if (header === undefined || header.length < 2 || body.length < 1) return undefined;
  if (!header.every((c) => HEADER_CELL.test(c)) || new Set(header).size !== header.length) return undefined;
  if (body.some((row) => row.length !== header.length)) return undefined;
  return body.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? ''])));
}

/** A whole answer of one line of at least two comma-separated short tokens. */
export function commaList(text: string): string[] | undefined {
  const line = text.trim();
  if (line === '' || line.length > 4000 || line.includes('\n') || !line.includes(',')) return undefined;
  const items = (parse(line, ',')?.[0] ?? []).filter((cell) => cell !== '');
  const tokens = items.every(
    (cell) => cell.length <= MAX_ITEM && !/\s{2,}/.test(cell) && cell.split(/\s+/).length <= 3,
  );
  if (items.length < 2 || !tokens || items.some((cell) => !line.includes(cell))) return undefined;
  return items;
}
