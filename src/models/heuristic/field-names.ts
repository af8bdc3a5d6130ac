import { terms, words } from './lexical.js';

/**
 * A field name's terms as a task states it: its content terms and its numbers ("line 3" is not
 * "line 4"). A name made only of words a lexical agent skips in prose ("value", "answer") is still a
 * name: it is matched as written, not as no term at all; `"id" field` is the field named `id`.
 */
export function fieldTerms(label: string): Set<string> {
  const quoted = /^"([^"]+)" field$/.exec(label.trim())?.[1];
  if (quoted !== undefined) return new Set([quoted.toLowerCase()]);
  const own = nameTerms(label);
  return own.size > 0 ? own : new Set([label.trim().toLowerCase()]);
}

function nameTerms(name: string): Set<string> {
  const own = terms(name);
  for (const w of words(name)) if (/^\d+$/.test(w)) own.add(w);
  return own;
}

/** A record's field `name` is the one the task names: as written, or by exactly the same terms. */
export function fieldMatches(name: string, wanted: Set<string>): boolean {
  const own = nameTerms(name);
  return (
    wanted.has(name.toLowerCase()) ||
    (own.size > 0 && [...own].every((t) => wanted.has(t)) && [...wanted].every((t) => own.has(t)))
  );
}
