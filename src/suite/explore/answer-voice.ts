import { canonicalJson } from '../../core/canonical.js';
import { isRecord } from '../../core/json.js';
import { saidFailure } from '../extract.js';
import { leavesOf } from '../facts/leaves.js';
import { documentOf } from '../facts/view.js';
import { containsNormalised } from '../normalise.js';
import type { ToolResult } from '../surface.js';

/**
 * Three ways an answer speaks about the call rather than the data (docs/design.md §5.2). An entry that
 * says it failed (`error`, `isError: true`, `success: false`, as a whole answer would) reports a
 * failure, whatever else it holds; a text beside a success flag is its word on the call. And a single value a tool gave at the same place for different
 * arguments ("Multiple files read completed", `encoding: utf-8`) is its own wording or setting:
 * calls with other arguments are siblings too, and a value that tells none of them apart is no key.
 */

/** Does the value at `path` sit inside an entry that reports a failure? */
export function inFailedEntry(document: unknown, path: readonly (string | number)[]): boolean {
  let node = document;
  for (const token of path) {
    if (Array.isArray(node) && typeof token === 'number') node = node[token];
    else if (isRecord(node) && typeof token === 'string') node = node[token];
    else return false;
    if (isRecord(node) && saidFailure(node, 'entry') !== undefined) return true;
  }
  return false;
}

/** A flag by which an entry says how the call went (`success: true`, `ok: false`). */
const OUTCOME_FLAGS = ['success', 'ok', 'succeeded'];

/** The field an entry says something about the call in (not `title` or `name`, which are data). */
const MESSAGE_FIELD = /^(?:message|msg|status_?(?:message|text)?|detail|info|notice)$/i;

/**
 * Is the value at `path` the message beside an outcome flag (`{"success": true, "message":
 * "Directory listing retrieved successfully", "data": …}`)? Principle: what an entry says about
 * how the call went is about the call; the data is what sits apart from it, and a record that
 * carries the flag beside its own fields (`{"ok": true, "title": …}`) keeps them.
 */
export function besideOutcome(document: unknown, path: readonly (string | number)[]): boolean {
  let node = document;
  for (const token of path.slice(0, -1)) {
    if (Array.isArray(node) && typeof token === 'number') node = node[token];
    else if (isRecord(node) && typeof token === 'string') node = node[token];
    else return false;
  }
  const last = path.at(-1);
  if (!isRecord(node) || typeof last !== 'string' || typeof node[last] !== 'string') return false;
  if (!MESSAGE_FIELD.test(last)) return false;
  const entry = node;
  return OUTCOME_FLAGS.some((flag) => flag !== last && typeof entry[flag] === 'boolean');
}

/** The part of an observation this reads. */
interface Called {
  tool: { name: string };
  args: Record<string, unknown>;
  result: ToolResult;
}

/**
 * A server's answer compared as a whole: canonical JSON where it has one, else its plain JSON (an
 * answer may hold what canonical JSON refuses, an infinite number or a lone surrogate: untrusted
 * input compares, it never crashes exploration).
 */
function identity(value: unknown): string {
  try {
    return canonicalJson(value);
  } catch {
    return JSON.stringify(value) ?? '';
  }
}

/**
 * For each observation's (pointer, value): did the same tool give it there for other arguments in
 * an answer that otherwise differs? An answer that is the same whatever the arguments is not the
 * tool's wording but a lookup that ignores its arguments: that is the server's behaviour, which the
 * random-arguments null measures, so its values stay keys.
 */
export function repeatedAcrossCalls(
  observations: readonly Called[],
): (obs: Called, pointer: string, value: unknown) => boolean {
  const seen = new Map<string, { args: string; answer: string }[]>();
  const answers = new Map<Called, string>();
  const at = (obs: Called, pointer: string, value: unknown) =>
    `${obs.tool.name}\u0000${pointer}\u0000${identity(value)}`;
  for (const obs of observations) {
    const doc = documentOf(obs.result);
    if (doc === undefined) continue;
    const call = { args: identity(obs.args), answer: identity(doc.document) };
    answers.set(obs, call.answer);
    for (const leaf of leavesOf(doc.document)) {
      const key = at(obs, leaf.pointer, leaf.value);
      seen.set(key, [...(seen.get(key) ?? []), call]);
    }
  }
  return (obs, pointer, value) => {
    const args = identity(obs.args);
    const answer = answers.get(obs);
    return (seen.get(at(obs, pointer, value)) ?? []).some((c) => c.args !== args && c.answer !== answer);
  };
}

/**
 * A listing that lists nothing: the answer holds at least one list, every list is empty, and every
 * other value is a status (a boolean, a zero) or something the request or the tool's own text
 * already says (`{"success": true, "schema": "main", "tables": []}` after `list_tables`, whose
 * schema defaults to `main`). It is the server saying it holds nothing, as "No tables found" is.
 */
export function listsNothing(document: unknown, own: string, args: Record<string, unknown>): boolean {
  let lists = 0;
  const sent = new Set(Object.values(args).map((v) => identity(v)));
  const empty = (node: unknown): boolean => {
    if (Array.isArray(node)) {
      lists++;
      return node.length === 0;
    }
    if (isRecord(node)) return Object.values(node).every(empty);
    if (node === null || typeof node === 'boolean' || node === 0) return true;
    if (sent.has(identity(node))) return true;
    return typeof node === 'string' && (node.trim() === '' || containsNormalised(own, node));
  };
  return empty(document) && lists > 0;
}
