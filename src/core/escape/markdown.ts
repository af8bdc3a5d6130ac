/**
 * Principle: text from a server in GitHub-flavoured Markdown (a PR comment, an issue) is inline
 * text or inline code and nothing else: never a new line or block (heading, list, quote, table
 * row), raw HTML, a link, autolink or image, emphasis, math, a footnote, an @mention or an issue
 * reference; controls and bidi overrides show as their escapes (visible.ts).
 */
import { reveal } from './visible.js';

/**
 * What is linked from the text itself after parsing, whatever its escapes: GFM literal autolinks
 * (`https://…`, `www.…`, and an email, by its `@`) and GitHub's mentions and references (`@name`,
 * `#123`, `GH-123`). A URL is written as inline code whole; a marker (`@`, and `#` or `GH-` before a
 * digit or at the end, where the report's own text follows) as inline code of its own.
 */
const LINKED = /(?:https?|ftp):\/\/\S*|www\.\S*|@|#(?=[0-9]|$)|GH-(?=[0-9]|$)/gi;

/**
 * Inline syntax anywhere in a line: escapes, emphasis and strikethrough, links, images and
 * footnotes, HTML and autolinks, entities, table cells, headings, math. The backtick is written as
 * an entity: a backslash next to a code span's fence is ambiguous.
 */
const ALWAYS = new Set(['\\', '*', '_', '~', '[', ']', '<', '>', '&', '|', '$', '#']);

/** A list item, an ordered list item or a setext underline, which text at the start of a line would open. */
const LINE_START = /^(?:[-+=]|[0-9]{1,9}[.)])/;

function escapeRun(text: string, atStart: boolean): string {
  const opener = atStart ? (LINE_START.exec(text)?.[0].length ?? 0) : 0;
  let out = '';
  let i = 0;
  for (const ch of text) {
    i += ch.length;
    if (ch === '`') out += '&#96;';
    else if (ALWAYS.has(ch) || i === opener) out += `\\${ch}`;
    else out += ch;
  }
  return out;
}

/**
 * Prose from a server (an error text, a description, a finding that quotes one) as inline text:
 * every run of whitespace, line breaks included, is one space, the ends are trimmed, controls are
 * revealed, and what Markdown or GitHub would act on is escaped or written as code. Safe anywhere
 * inline: a paragraph, a table cell, a heading, a list item, a quote, the start of a line.
 */
export function mdText(value: string): string {
  const text = reveal(value.replace(/\s+/g, ' ').trim());
  let out = '';
  let code = '';
  let last = 0;
  for (const m of text.matchAll(LINKED)) {
    const between = text.slice(last, m.index);
    // Code next to code is one span: two fences side by side would be one longer fence.
    if (between !== '') {
      out += `${mdCode(code)}${escapeRun(between, last === 0)}`;
      code = '';
    }
    code += m[0];
    last = m.index + m[0].length;
  }
  return `${out}${mdCode(code)}${escapeRun(text.slice(last), last === 0)}`;
}

/**
 * One code span (CommonMark 6.1): a fence of one backtick more than the longest run inside, and a
 * space inside each end when the content starts or ends with a backtick, or starts and ends with a
 * space (the parser strips exactly one from each end then). Backslashes are literal in a span.
 */
function span(content: string): string {
  if (content === '') return '';
  const longest = Math.max(0, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const stripped = content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '';
  const pad = content.startsWith('`') || content.endsWith('`') || stripped ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

/**
 * A name from a server (a tool, a parameter, a finding id) as inline code, showing exactly what it
 * holds: controls and line breaks revealed (`\n`), backticks and backslashes kept. A `|` would end
 * a table cell even inside code, and `##[` is a workflow command in a CI log that prints the
 * report, so each is written as an escaped character between spans.
 */
export function mdCode(value: string): string {
  const parts = reveal(value).split(/(\||(?<=##)\[)/);
  return parts.map((part, i) => (i % 2 === 1 ? `\\${part}` : span(part))).join('');
}

/**
 * A link the report itself makes (to a tape line in the viewer): the label as inline text, the
 * destination in angle brackets with every character that would end or break it percent-encoded,
 * so a destination (a site URL the user gave, a run id) is one destination whatever it holds, even
 * in a table cell (`|` is encoded too).
 */
export function mdLink(label: string, href: string): string {
  const destination = [...href]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return code < 0x20 || code === 0x7f || /\s/.test(ch) || '<>|\\`'.includes(ch)
        ? encodeURIComponent(ch)
        : ch;
    })
    .join('');
  return `[${mdText(label)}](<${destination}>)`;
}
