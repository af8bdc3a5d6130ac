import { wordsOf } from '../explorable.js';
import { looseName } from '../facts/leaves.js';
import type { GivenValue } from '../given.js';
import { absoluteOf, formFits, wants } from './forms.js';
import { MAX_GENERATED_STRING } from './generated.js';
import { type Harvest, listedUnder } from './harvest.js';
import type { ParamSpec } from './params.js';

/**
 * How a value fits a parameter (explore/2's argument synthesis): by its name (its field, its
 * listing's noun, a given value's name) before only by its shape (a path for a path parameter, a
 * `file://` URL for a URL parameter).
 */

/** "servers" → "server", "entries" → "entry", "boxes" → "box". */
export function singular(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('es') && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) return word.slice(0, -1);
  return word;
}

const HANDLE_FIELDS = new Set(['id', 'name', 'key', 'slug', 'path', 'uri', 'url', 'code', 'uuid']);

/**
 * Loose name matching: `bookId` ← `id`, `names` ← `name`, `tableName` ← `name`, `table` ← `name` of
 * a listing from a tool that names tables (`list_tables`), `book_id` ← `bookId`.
 */
export function nameMatches(param: string, field: string, sourceTool: string): boolean {
  const p = looseName(param);
  const f = looseName(field);
  if (p === '' || f === '') return false;
  if (p === f || singular(p) === f || p === singular(f)) return true;
  if (HANDLE_FIELDS.has(f) && p.endsWith(f) && p.length > f.length) return true;
  if (!HANDLE_FIELDS.has(f)) return false;
  const noun = singular(p.replace(/(?:name|id|key|slug)$/, '') || p);
  return noun.length >= 3 && wordsOf(sourceTool).some((w) => singular(w) === noun);
}

/** Files first for a tool that reads one thing, folders first for one that lists. */
export function pathRank(harvest: Harvest, dirsFirst: boolean): number {
  if (harvest.kind === 'file') return dirsFirst ? 2 : 0;
  if (harvest.kind === 'dir') return dirsFirst ? 0 : 2;
  return 1;
}

const TOPIC_FIELDS = new Set(['name', 'title', 'label', 'subject', 'heading', 'entityname', 'displayname']);

/**
 * How a value fits a parameter: by its name (field, listing, given name), only by its shape (a
 * path), or as an identifier the server listed, offered where nothing fits by name.
 */
export type Fit = 'noun' | 'name' | 'shape' | 'identifier' | undefined;

export const FIT_ORDER: Record<NonNullable<Fit>, number> = { noun: 0, name: 1, shape: 2, identifier: 3 };

const IDENTIFIER_FIELDS = new Set(['id', 'uuid', 'key', 'slug', 'hash', 'sha', 'ref', 'code']);

/**
 * A value under an identifier field (`id`, `uuid`, `taskId`…) that is one token: what the server
 * names an entry by. Principle: a parameter that names no kind of identifier and that nothing fits
 * by name may mean the thing the server listed (a commit listed by its hash fills `revision`); it
 * is tried after every named value. `taskId` names its kind: a request's id is not one.
 */
function isIdentifier(param: ParamSpec, h: Harvest): boolean {
  if (param.pathLike || param.topic || param.enum !== undefined || wants(param) !== undefined) return false;
  // A parameter named as one kind's identifier (`taskId`) takes that kind's, found by name only.
  if (/.(?:id|key|name|slug)$/.test(looseName(param.name))) return false;
  if (param.type !== undefined && param.type !== 'string') return false;
  const field = looseName(h.field);
  const named = IDENTIFIER_FIELDS.has(field) || (field.length > 2 && field.endsWith('id'));
  return named && typeof h.value === 'string' && /^\S{1,64}$/.test(h.value);
}

const PREPOSITIONS = new Set(['in', 'of', 'for', 'by', 'from', 'with', 'on', 'at', 'to', 'under', 'within']);

/**
 * The head noun of a name: its last word before any preposition. In English compounds the head is
 * last (`list_project_files` lists files of a project; `list_tables_in_schema` lists tables).
 */
export function headNoun(name: string): string | undefined {
  const words = wordsOf(name);
  const cut = words.findIndex((w) => PREPOSITIONS.has(w));
  const head = cut < 0 ? words : words.slice(0, cut);
  return head.length > 1 || cut < 0 ? head.at(-1) : undefined;
}

function nameFit(param: string, field: string, sources: readonly string[]): Fit {
  const joined = sources.join(' ');
  const noun = singular(looseName(param).replace(/(?:name|id|key|slug)$/, '') || looseName(param));
  // A listing is of the thing its head noun names; a noun elsewhere in its name is a modifier.
  const isHead = noun.length >= 3 && sources.some((s) => singular(headNoun(s) ?? '') === noun);
  if (!nameMatches(param, field, '')) {
    if (!nameMatches(param, field, joined)) return undefined;
    return isHead ? 'noun' : 'name';
  }
  // `projectName` ← `name` matches any listing; the listing of projects is the one it means.
  return isHead ? 'noun' : 'name';
}

export function harvestFit(param: ParamSpec, h: Harvest): Fit {
  if (param.topic) {
    const topical =
      typeof h.value === 'string' &&
      TOPIC_FIELDS.has(looseName(h.field)) &&
      h.value.length >= 3 &&
      h.value.length <= MAX_GENERATED_STRING;
    return topical ? 'name' : undefined;
  }
  const absolute = typeof h.value === 'string' && h.value.startsWith('/');
  // A list's noun is in its tool's name (list_tables) or in the list's own field or heading.
  const named = nameFit(param.name, h.field, h.listing === undefined ? [h.tool] : [h.tool, h.listing]);
  if (named !== undefined && (!param.pathLike || absolute || h.kind === 'leaf')) return named;
  if (isIdentifier(param, h)) return 'identifier';
  if (typeof h.value !== 'string') return undefined;
  // A relative name listed by a call that named a folder, or nested in a tree, means the path under
  // that folder where a path is asked: its joined form (`forms.ts`), not the bare name. Elsewhere
  // it is a name (a commit listed for a repository is named by its hash).
  const placed = param.pathLike && (listedUnder(h) !== undefined || (h.nest?.length ?? 0) > 0);
  if (placed && absoluteOf(h.value) === undefined) return undefined;
  return shapeFits(param, h.value) ? 'shape' : undefined;
}

/** A value as given fits a path parameter when it is a path (as listed), a URL parameter when a `file://` URL. */
function shapeFits(param: ParamSpec, value: string): boolean {
  return formFits(wants(param), { value, form: 'given' });
}

export function givenFit(param: ParamSpec, g: GivenValue): Fit {
  // A file is not a folder: a path known to be a file never fills a parameter that asks for one.
  if (g.kind === 'file' && wants(param) === 'dir') return undefined;
  if (nameMatches(param.name, g.name, '')) return 'name';
  return shapeFits(param, g.value) ? 'shape' : undefined;
}
