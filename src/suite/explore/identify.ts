import { isRecord } from '../../core/json.js';
import { words } from '../facts/leaves.js';
import { isBooleanLike, isTimeLike } from '../key-values.js';
import { literalLength } from '../normalise.js';
import { resolvePointer } from '../pointer.js';
import { renderValue } from './phrase.js';

/**
 * How a prompt points at one value inside a listing without saying "the 3rd entry": each array
 * on the way is narrowed to one entry by a sibling field whose value no other entry shares ("the
 * entry in entities whose name is "Ines Marlow""). A value that can only be reached by position is
 * not identifiable (an ordinal key carries no information a model could use).
 */
export interface Identification {
  /** "the entity type of the entry in entities whose name is "Ines Marlow"" */
  question: string;
  /** The identifying values the prompt names. */
  named: string[];
  /** The entry clauses alone (innermost first), for chained leads. */
  clauses: string[];
  /** Is the value inside a listing (then `contains` checks carry decoys)? */
  inList: boolean;
}

const PREFERRED = ['name', 'title', 'label', 'id', 'key', 'slug', 'code', 'path', 'from', 'email'];

function usable(value: unknown): value is string | number {
  if (typeof value === 'number') return Number.isFinite(value);
  return (
    typeof value === 'string' &&
    value.length <= 80 &&
    !value.includes('\n') &&
    literalLength(value) >= 3 &&
    !isTimeLike(value) &&
    !isBooleanLike(value)
  );
}

/** A field name as prompt words; short or empty ones are quoted ("to" reads as a preposition). */
export function fieldLabel(field: string): string {
  const w = words(field);
  return w.length <= 3 || w === '' ? `"${field}" field` : w;
}

/** Fields of `entries[index]` that single it out, preferred names first; pairs when no single one does. */
function identifiers(
  entries: readonly unknown[],
  index: number,
  exclude: string,
): [string, string | number][] {
  const entry = entries[index];
  if (!isRecord(entry)) return [];
  const fields = Object.entries(entry)
    .filter((field): field is [string, string | number] => field[0] !== exclude && usable(field[1]))
    .sort(([a], [b]) => rank(a) - rank(b));
  const distinct = (keys: readonly string[]) =>
    entries.every(
      (other, i) =>
        i === index ||
        !isRecord(other) ||
        keys.some((k) => JSON.stringify(other[k]) !== JSON.stringify(entry[k])),
    );
  for (const field of fields) if (distinct([field[0]])) return [field];
  const few = fields.slice(0, 6);
  for (const [i, a] of few.entries())
    for (const b of few.slice(i + 1)) if (distinct([a[0], b[0]])) return [a, b];
  return [];
}

function rank(field: string): number {
  const i = PREFERRED.indexOf(field.toLowerCase());
  return i === -1 ? PREFERRED.length : i;
}

/**
 * The question that reaches the value at `path` in `document`, or undefined when some array on the
 * way can only be narrowed by position. `exclude` names a field that must not identify its own entry
 * (the field being asked for, or the one a chained call reads).
 */
export function identify(document: unknown, path: readonly (string | number)[]): Identification | undefined {
  const clauses: string[] = [];
  const named: string[] = [];
  let inList = false;
  for (let i = path.length - 1; i >= 0; i--) {
    const token = path[i];
    if (typeof token !== 'number') continue;
    inList = true;
    const arrayPointer = path.slice(0, i);
    const array = resolvePointer(document, pointerOf(arrayPointer)).value;
    if (!Array.isArray(array)) return undefined;
    const entry = array[token];
    const owner = path[i - 1];
    if (!isRecord(entry)) {
      if (array.length !== 1) return undefined;
      continue;
    }
    const next = path[i + 1];
    const ids = identifiers(array, token, typeof next === 'string' ? next : '');
    // The only entry of a list needs no name: "the entry in projects" of the one workspace.
    if (ids.length === 0 && array.length === 1) continue;
    if (ids.length === 0) return undefined;
    const where = typeof owner === 'string' ? ` in ${words(owner)}` : '';
    const conditions = ids.map(([f, v]) => `whose ${fieldLabel(f)} is ${renderValue(v)}`).join(' and ');
    clauses.push(`the entry${where} ${conditions}`);
    named.push(...ids.map(([, v]) => String(v)));
  }
  const fields = path.filter((t): t is string => typeof t === 'string');
  const last = fields.at(-1);
  if (last === undefined) return undefined;
  // Without a listing, the path of field names says where the value is ("the address city").
  const subject = inList ? fieldLabel(last) : fieldLabel(fields.join(' '));
  const question = clauses.length === 0 ? `the ${subject}` : `the ${subject} of ${clauses.join(' of ')}`;
  return { question, named, clauses, inList };
}

function pointerOf(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${String(t).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
