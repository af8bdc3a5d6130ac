import { resultDocument } from '../extract.js';
import { containsNormalised, keyText, literalLength } from '../normalise.js';
import { formatPointer, parsePointer, resolvePointer } from '../pointer.js';
import type { Candidate, Check } from '../schema.js';
import { resultText, type ToolResult } from '../surface.js';

/** Decoys a check carries at most (one is enough to fail a pasted listing). */
export const MAX_DECOYS = 16;
const MAX_SIBLINGS = 200;

/**
 * The key's field in the other members of each container on its path that `membersOf` names (the
 * indices of a listing, the keys of a keyed collection), as scalars.
 */
function sameFieldElsewhere(
  candidate: Candidate,
  result: ToolResult,
  membersOf: (parent: unknown, token: string, last: boolean) => readonly (string | number)[],
): unknown[] {
  if (candidate.extract.kind !== 'pointer') return [];
  const document = resultDocument(result, candidate.extract.source);
  const tokens = parsePointer(candidate.extract.pointer) ?? [];
  const out: unknown[] = [];
  tokens.forEach((token, i) => {
    const parent = resolvePointer(document, formatPointer(tokens.slice(0, i))).value;
    for (const other of membersOf(parent, token, i === tokens.length - 1).slice(0, MAX_SIBLINGS)) {
      if (String(other) === token) continue;
      const hit = resolvePointer(
        document,
        formatPointer([...tokens.slice(0, i), other, ...tokens.slice(i + 1)]),
      );
      if (hit.found && (typeof hit.value === 'string' || typeof hit.value === 'number')) out.push(hit.value);
    }
  });
  return out;
}

/** The same field in the other entries of every listing on the key's path (pointer extracts). */
export function siblingValues(candidate: Candidate, result: ToolResult): unknown[] {
  return sameFieldElsewhere(candidate, result, (parent, token) =>
    Array.isArray(parent) && /^(0|[1-9]\d*)$/.test(token) ? parent.map((_, j) => j) : [],
  );
}

/**
 * The same field in the other members of every keyed collection on the key's path: an object whose
 * values are parallel records (`runtimes: {node: {version}, python: {version}}`) holds siblings as
 * an array does. Read for what the group is (key-environmental), never as decoys. The key's own
 * field (the last token) is no member: its neighbours are other fields of one record.
 */
export function parallelValues(candidate: Candidate, result: ToolResult): unknown[] {
  return sameFieldElsewhere(candidate, result, (parent, _token, last) =>
    last || parent === null || typeof parent !== 'object' || Array.isArray(parent) ? [] : Object.keys(parent),
  );
}

/**
 * Binds a `contains` check's decoys from the grounded result: sibling entries' values of the key's
 * field (pointer extracts), and the generator's own decoys that the result really holds. A decoy
 * the key contains, the prompt names, or too short to mean anything is dropped, so a correct
 * answer can always pass.
 */
export function bindDecoys(candidate: Candidate, check: Check, key: unknown, result: ToolResult): Check {
  if (check.kind !== 'contains') return check;
  const haystack = `${resultText(result)}\n${JSON.stringify(result.structuredContent ?? {})}`;
  const proposed = (check.decoys ?? []).filter((d) => containsNormalised(haystack, d));
  const keyString = keyText(key);
  const seen = new Set<string>();
  const decoys: string[] = [];
  for (const raw of [...siblingValues(candidate, result), ...proposed]) {
    const decoy = keyText(raw);
    const norm = decoy.toLowerCase();
    if (seen.has(norm) || literalLength(decoy) < 3) continue;
    if (containsNormalised(keyString, decoy) || containsNormalised(candidate.prompt, decoy)) continue;
    seen.add(norm);
    decoys.push(decoy);
    if (decoys.length >= MAX_DECOYS) break;
  }
  const { decoys: _drop, ...rest } = check;
  return decoys.length === 0 ? rest : { ...rest, decoys };
}
