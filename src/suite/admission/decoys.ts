import { resultDocument } from '../extract.js';
import { containsNormalised, keyText, literalLength } from '../normalise.js';
import { formatPointer, parsePointer, resolvePointer } from '../pointer.js';
import type { Candidate, Check } from '../schema.js';
import { resultText, type ToolResult } from '../surface.js';

/** Decoys a check carries at most (one is enough to fail a pasted listing). */
export const MAX_DECOYS = 16;
const MAX_SIBLINGS = 200;

/** The same field in the other entries of every listing on the key's path (pointer extracts). */
export function siblingValues(candidate: Candidate, result: ToolResult): unknown[] {
  if (candidate.extract.kind !== 'pointer') return [];
  const document = resultDocument(result, candidate.extract.source);
  const tokens = parsePointer(candidate.extract.pointer) ?? [];
  const out: unknown[] = [];
  tokens.forEach((token, i) => {
    if (!/^(0|[1-9]\d*)$/.test(token)) return;
    const array = resolvePointer(document, formatPointer(tokens.slice(0, i))).value;
    if (!Array.isArray(array)) return;
    for (let j = 0; j < Math.min(array.length, MAX_SIBLINGS); j++) {
      if (String(j) === token) continue;
      const hit = resolvePointer(document, formatPointer([...tokens.slice(0, i), j, ...tokens.slice(i + 1)]));
      if (hit.found && (typeof hit.value === 'string' || typeof hit.value === 'number')) out.push(hit.value);
    }
  });
  return out;
}

/**
 * The same field in the other members of every keyed collection on the key's path: an object whose
 * values are parallel records (`runtimes: {node: {version}, python: {version}}`) holds siblings as
 * an array does. Read for what the group is (key-environmental), never as decoys.
 */
export function parallelValues(candidate: Candidate, result: ToolResult): unknown[] {
  if (candidate.extract.kind !== 'pointer') return [];
  const document = resultDocument(result, candidate.extract.source);
  const tokens = parsePointer(candidate.extract.pointer) ?? [];
  const out: unknown[] = [];
  // The key's own field (the last token) is not a member: its neighbours are other fields of one record.
  tokens.slice(0, -1).forEach((token, i) => {
    const parent = resolvePointer(document, formatPointer(tokens.slice(0, i))).value;
    if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return;
    for (const other of Object.keys(parent).slice(0, MAX_SIBLINGS)) {
      if (other === token) continue;
      const hit = resolvePointer(
        document,
        formatPointer([...tokens.slice(0, i), other, ...tokens.slice(i + 1)]),
      );
      if (hit.found && (typeof hit.value === 'string' || typeof hit.value === 'number')) out.push(hit.value);
    }
  });
  return out;
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
