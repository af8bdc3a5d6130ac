import { hasLoneSurrogate } from '../../core/canonical.js';
import { formatPointer } from '../pointer.js';

/** One scalar in a result document, with where it sits. */
export interface Leaf {
  pointer: string;
  /** Path tokens; numbers are array indices. */
  path: (string | number)[];
  value: string | number;
}

const MAX_LEAVES = 2000;
const MAX_DEPTH = 64;

/** Scalar string/number leaves in document order (bounded in number and depth: results can be large). */
export function leavesOf(document: unknown): Leaf[] {
  const out: Leaf[] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (out.length >= MAX_LEAVES || path.length > MAX_DEPTH) return;
    // A leaf is a JSON value: an infinite number or a string with a lone surrogate is none.
    if (
      (typeof value === 'string' && !hasLoneSurrogate(value)) ||
      (typeof value === 'number' && Number.isFinite(value))
    ) {
      out.push({ pointer: formatPointer(path), path, value });
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, [...path, i]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    }
  };
  walk(document, []);
  return out;
}

/** The leaf's own field name: the last non-index path token. */
export function fieldName(leaf: Leaf): string | undefined {
  for (let i = leaf.path.length - 1; i >= 0; i--) {
    const token = leaf.path[i];
    if (typeof token === 'string') return token;
  }
  return undefined;
}

/** "bookId", "book_id", "Book ID" → "book id": a field name as words for a prompt. */
export function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Names compared loosely: "bookId" ~ "book_id". */
export function looseName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}
