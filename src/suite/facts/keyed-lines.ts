/**
 * Lines keyed by an identifier (docs/design.md §5.2). Principle: lines that each begin with a
 * distinct identifier of one form list entries named by it (a one-line commit log, an `<id> <title>`
 * task list): the identifier names the entry and the rest of the line is its text. An identifier
 * carries a digit (a word is prose, not a name), and a list marker (`1.`, `2)`) is Markdown's.
 * Every value returned is a substring of the text.
 */

export interface KeyedLine {
  id: string;
  text: string;
}

const MAX_LINES = 2_000;
const LINE = /^(\S{1,80})[ \t]+(\S.*?)[ \t]*$/;
const IDENTIFIER = /^[A-Za-z0-9][\w.:#/-]*$/;

/** The form of an identifier: hex of one length, a number, or its character classes and marks. */
function formOf(id: string): string {
  if (/^\d+$/.test(id)) return 'number';
  if (/^[0-9a-f]{7,}$/.test(id)) return `hex:${id.length}`;
  const classes = [/[a-z]/, /[A-Z]/, /\d/].map((c) => (c.test(id) ? '1' : '0')).join('');
  const marks = [...new Set(id.replace(/[A-Za-z0-9]/g, ''))].sort().join('');
  return `${classes}:${marks}`;
}

function keyed(line: string): KeyedLine | undefined {
  const match = LINE.exec(line);
  const [id, text] = [match?.[1], match?.[2]];
  if (id === undefined || text === undefined) return undefined;
  if (!IDENTIFIER.test(id) || !/\d/.test(id) || /[.)]$/.test(id)) return undefined;
  return { id, text };
}

/** Two or more lines, every one `<identifier> <text>`, identifiers distinct and of one form. */
export function keyedLines(text: string): KeyedLine[] | undefined {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length < 2 || lines.length > MAX_LINES) return undefined;
  const entries: KeyedLine[] = [];
  for (const line of lines) {
    const entry = keyed(line);
    if (entry === undefined) return undefined;
    entries.push(entry);
  }
  const forms = new Set(entries.map((e) => formOf(e.id)));
  const ids = new Set(entries.map((e) => e.id));
  if (forms.size !== 1 || ids.size !== entries.length) return undefined;
  return entries;
}
