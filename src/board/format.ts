import { html, type SafeHtml } from './html.js';

/**
 * How stored numbers are printed. These only format values the record carries; nothing here
 * derives a new quantity.
 */

/** A stored proportion as a percentage, one decimal. */
export function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

/** A stored p-value by magnitude. */
export function pValue(p: number): string {
  if (p === 0) return '0';
  return p < 0.001 ? p.toExponential(2) : p.toFixed(4);
}

/** Dollars: cents for ordinary amounts, significant digits for fractions of a cent. */
export function usd(x: number): string {
  if (x === 0) return '$0.00';
  if (x < 0.01) return `$${x.toPrecision(2)}`;
  return `$${x.toFixed(2)}`;
}

/** A stored latency in milliseconds. */
export function ms(x: number): string {
  return `${x < 100 ? x.toFixed(1) : Math.round(x).toLocaleString('en-US')} ms`;
}

/** An integer with thousands separators (toLocaleString is slow across a thousand pages). */
export function count(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** A short hash for display; the full value sits in the title attribute. */
export function shortHash(hash: string): SafeHtml {
  return html`<code class="hash" title="${hash}">${hash.slice(0, 12)}</code>`;
}

/**
 * The wording for a number the record does not carry. It names what is missing and never shows a
 * stand-in value.
 */
export function missing(what: string): SafeHtml {
  return html`<span class="missing">${what}: not in the record</span>`;
}

/** `2026-11-01 12:00 UTC` from an ISO timestamp (display only). */
export function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
