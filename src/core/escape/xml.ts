/**
 * Principle: text from a server put in an XML 1.0 document (a JUnit report) is only ever character
 * data: markup characters are entities, and a character XML 1.0 cannot hold becomes U+FFFD.
 */

/** Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF] (XML 1.0, 2.2). */
function legal(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    cp >= 0x10000
  );
}

const TEXT: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
/** In an attribute, whitespace other than a space is written as a reference, or a parser folds it to a space. */
const ATTR: Readonly<Record<string, string>> = {
  ...TEXT,
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
};

function escapeWith(value: string, table: Readonly<Record<string, string>>): string {
  let out = '';
  for (const ch of value) out += legal(ch.codePointAt(0) ?? 0) ? (table[ch] ?? ch) : '\uFFFD';
  return out;
}

/** Character data of an element (`<failure>…</failure>`). */
export function xmlText(value: string): string {
  return escapeWith(value, TEXT);
}

/** An attribute value, quoted with `"` or `'`. */
export function xmlAttr(value: string): string {
  return escapeWith(value, ATTR);
}
