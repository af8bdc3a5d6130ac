import { FitnessError } from '../core/errors.js';

/**
 * The one escaping helper every renderer uses. Every string that reaches a page (server names,
 * descriptions, probe details, model text, even our own copy) goes through `escapeHtml`, either
 * directly or as an interpolation in the `html` template; only `SafeHtml` produced by `html` itself
 * is inserted unescaped. Attribute values are always written in double quotes, and `escapeHtml`
 * escapes both quote characters, so an interpolation can never leave its attribute.
 */
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => ESCAPES[c] ?? c);
}

/** Markup that was built by `html` (so every interpolation in it was escaped). */
export class SafeHtml {
  readonly #value: string;
  constructor(value: string, _token: typeof TOKEN) {
    this.#value = value;
  }
  toString(): string {
    return this.#value;
  }
}

const TOKEN = Symbol('safe-html');

/** What a renderer may interpolate: text (escaped), finite numbers, markup from `html`, or nothing. */
export type Part = SafeHtml | string | number | undefined | null | false | readonly Part[];

function render(part: Part): string {
  if (part === undefined || part === null || part === false) return '';
  if (part instanceof SafeHtml) return part.toString();
  if (typeof part === 'number') {
    if (!Number.isFinite(part)) {
      throw new FitnessError('BOARD_RENDER', `refusing to render a non-finite number (${String(part)})`);
    }
    return String(part);
  }
  if (typeof part === 'string') return escapeHtml(part);
  return part.map(render).join('');
}

/** Tagged template: the literal parts are trusted markup, every interpolation is escaped. */
export function html(strings: TemplateStringsArray, ...parts: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  parts.forEach((part, i) => {
    out += render(part) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out, TOKEN);
}

/**
 * A link inside the site, built from our own validated parts (run ids match a slug pattern).
 * Each path segment is percent-encoded so no value can add a segment, a query or a scheme.
 */
export function siteHref(segments: readonly string[], query?: Record<string, string>, hash?: string): string {
  const path = segments.map((s) => encodeURIComponent(s)).join('/');
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  const fragment = hash === undefined ? '' : `#${hash}`;
  return `${path}${search}${fragment}`;
}
