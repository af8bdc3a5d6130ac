import { posix } from 'node:path';
import { isRecord } from '../../core/json.js';
import { textJsonOf } from '../facts/document.js';
import { fieldName, type Leaf, leavesOf } from '../facts/leaves.js';
import { documentOf } from '../facts/view.js';
import { resultText, type ToolResult } from '../surface.js';
import { looksRelativePath } from './forms.js';
import { isPathLike } from './params.js';
import { absolutePaths, joinListing, listingEntries } from './text.js';

/**
 * A value explore/2 took from a result, to feed a later call. `value` is always something the
 * server returned: a leaf of the result's document (structuredContent, JSON text, or the fact tree
 * of any other text: docs/design.md §5.2), a path written in the text, or (kind `file`/`dir`) a
 * listed name joined to the directory the call was made with.
 */
export interface Harvest {
  value: string | number;
  /** The field, label or column it sits under ('' for a bare path in text). */
  field: string;
  kind: 'leaf' | 'path' | 'file' | 'dir';
  /** For a member of a list (an array of scalars in any answer's document): what the list is called (its field or heading). */
  listing?: string;
  /** The observation it came from: its index, tool and the arguments it was called with. */
  obs: number;
  tool: string;
  args?: Record<string, unknown>;
  /** Where it sits in the observation's JSON document (leaves only). */
  pointer?: string;
  /** The leaf itself (leaves only). */
  leaf?: Leaf;
  /** The names of the entries it is nested in, outermost first (a tree listing: `data` for `sites.json`). */
  nest?: string[];
}

function child(node: unknown, token: string | number): unknown {
  if (Array.isArray(node)) return typeof token === 'number' ? node[token] : undefined;
  return isRecord(node) && typeof token === 'string' ? node[token] : undefined;
}

/**
 * The names of the entries a leaf is nested in: every entry of a list above the leaf's own entry
 * that holds a string under the leaf's own field (`children` of `{"name": "data"}` → `data`).
 */
export function nestingOf(document: unknown, path: readonly (string | number)[], field: string): string[] {
  const own = path.findLastIndex((token) => typeof token === 'number');
  const out: string[] = [];
  let node = document;
  for (const [i, token] of path.entries()) {
    node = child(node, token);
    if (i >= own) break;
    const name = isRecord(node) && typeof token === 'number' ? node[field] : undefined;
    if (typeof name === 'string' && name !== '') out.push(name);
  }
  return out;
}

/** The absolute path a call was made with (the folder a listing was listed under). */
export function pathArgument(args: Record<string, unknown>): string | undefined {
  for (const [name, value] of Object.entries(args))
    if (typeof value === 'string' && value.startsWith('/') && isPathLike(name)) return value;
  for (const value of Object.values(args))
    if (typeof value === 'string' && value.startsWith('/')) return value;
  return undefined;
}

/**
 * The folder a harvested name was listed under: the path its call named, unless that path reads
 * as a file's (a call about one file lists nothing under it).
 */
export function listedUnder(h: Harvest): string | undefined {
  const path = h.args === undefined ? undefined : pathArgument(h.args);
  return path === undefined || looksRelativePath(posix.basename(path)) ? undefined : path;
}

const MAX_HARVEST = 400;

/** Every reusable value of one observation, in result order, bounded. */
export function harvestResult(input: {
  obs: number;
  tool: string;
  args: Record<string, unknown>;
  result: ToolResult;
}): Harvest[] {
  const out: Harvest[] = [];
  const base = { obs: input.obs, tool: input.tool, args: input.args };
  const doc = documentOf(input.result);
  if (doc !== undefined) {
    for (const leaf of leavesOf(doc.document)) {
      if (typeof leaf.value === 'string' && (leaf.value.includes('\n') || leaf.value.length > 512)) continue;
      // A member of an array of scalars is the name of one listed thing: a handle for other tools.
      const member = typeof leaf.path.at(-1) === 'number';
      const named = fieldName(leaf);
      const field = member ? 'name' : (named ?? '');
      const kind = typeof leaf.value === 'string' && /^\/[\w.@+-]/.test(leaf.value) ? 'path' : 'leaf';
      const listing = member && named !== undefined ? { listing: named } : {};
      const nest = named === undefined || member ? [] : nestingOf(doc.document, leaf.path, named);
      const nested = nest.length > 0 ? { nest } : {};
      out.push({
        ...base,
        value: leaf.value,
        field,
        kind,
        pointer: leaf.pointer,
        leaf,
        ...listing,
        ...nested,
      });
    }
  }
  const text = resultText(input.result);
  // A document that is the text's JSON (as it is, or read by the fact tree): its raw characters hold no listing.
  const textJson =
    doc?.source === 'text-json' || (doc?.source === 'facts' && textJsonOf(input.result) !== undefined);
  if (!textJson && text.trim() !== '') {
    const parent = pathArgument(input.args);
    for (const entry of listingEntries(text)) {
      if (parent !== undefined)
        out.push({ ...base, value: joinListing(parent, entry.name), field: 'path', kind: entry.kind });
    }
    for (const path of absolutePaths(text)) out.push({ ...base, value: path, field: 'path', kind: 'path' });
  }
  return out.slice(0, MAX_HARVEST);
}
