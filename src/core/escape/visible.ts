/**
 * Principle: a character that acts on a display instead of showing (a control, the start of an
 * escape sequence, a bidi override, a line separator) is written as its escape, so the text shows
 * what it holds and one value never moves, colours, hides or reorders what is around it.
 */

/** The bidi controls: embeddings, overrides, isolates and the invisible marks (U+061C, U+200E/F). */
const BIDI = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);

const NAMED: Readonly<Record<number, string>> = { 9: '\\t', 10: '\\n', 13: '\\r' };

/**
 * True for a code point that acts instead of showing: C0 controls (ESC among them), DEL, C1
 * controls (CSI U+009B, OSC U+009D among them), bidi controls, U+2028/U+2029, and a lone surrogate.
 */
export function acts(cp: number): boolean {
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp <= 0x9f) ||
    BIDI.has(cp) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    (cp >= 0xd800 && cp <= 0xdfff)
  );
}

const hex = (cp: number, width: number) => cp.toString(16).padStart(width, '0');

/** `\n`, `\t`, `\r`; `\x1b` below U+0100; `\u202e` above. */
function escapeOf(cp: number): string {
  return NAMED[cp] ?? (cp < 0x100 ? `\\x${hex(cp, 2)}` : `\\u${hex(cp, 4)}`);
}

/** The text with every acting character written as its escape (`\n`, `\x1b`, `\u202e`); the rest unchanged. */
export function reveal(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    out += acts(cp) ? escapeOf(cp) : ch;
  }
  return out;
}
