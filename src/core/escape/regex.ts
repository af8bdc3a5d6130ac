/** Principle: text put inside a pattern matches itself, never acts as pattern syntax. */

/** `text` with every character a RegExp reads as syntax escaped, so `new RegExp(escapeRegex(t))` matches `t` literally. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
