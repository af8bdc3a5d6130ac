/**
 * Principle: JSON printed where a person or a CI log reads it is the same JSON value, with every
 * character a terminal or a CI runner would act on written as a `\u` escape inside its string.
 */
import { acts } from './visible.js';

/**
 * `JSON.stringify(value, null, indent)`, then DEL, C1 and bidi controls and U+2028/U+2029 (which
 * JSON.stringify leaves raw) as `\uXXXX`, and `##[` (a legacy workflow command) as `#\u0023[`. These
 * characters occur only inside strings, so the text parses to the same value.
 */
export function jsonText(value: unknown, indent = 2): string {
  const text = JSON.stringify(value, null, indent) ?? 'null';
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    // Below U+0020 only the layout's own newlines remain: JSON.stringify escapes the rest.
    out += cp >= 0x20 && acts(cp) ? `\\u${cp.toString(16).padStart(4, '0')}` : ch;
  }
  return out.replaceAll('##[', '#\\u0023[');
}
