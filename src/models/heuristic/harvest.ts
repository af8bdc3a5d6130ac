import { escapeRegex } from '../../core/escape/regex.js';
import { isRecord } from '../../core/json.js';
import { wordsOf } from '../../suite/verbs.js';
import { describedField } from './described.js';
import { fieldMatches, fieldTerms } from './field-names.js';
import type { Harvest } from './fill.js';
import { singledOut } from './focus.js';

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

type Entry = Record<string, unknown> | string | number;

/**
 * The entries a result offers: a list's records, a wrapper's first list of records, else its first
 * list of plain values (a list of names: each item is its own name), else the result itself.
 */
function entriesOf(data: unknown): Entry[] {
  const lists = Array.isArray(data)
    ? [data]
    : isRecord(data)
      ? Object.values(data).filter(Array.isArray)
      : [];
  for (const list of lists) if (list.some(isRecord)) return list.filter(isRecord);
  for (const list of lists) {
    const names = list.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
    if (names.length > 0 && names.length === list.length) return names;
  }
  return isRecord(data) ? [data] : [];
}

/** A result that lists several records: the only kind a chained call harvests from. */
export function isListLike(data: unknown): boolean {
  if (Array.isArray(data)) return data.some(isRecord);
  return isRecord(data) && Object.values(data).some((v) => Array.isArray(v) && v.some(isRecord));
}

function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function mentioned(value: unknown, task: string): boolean {
  if (typeof value === 'number') return new RegExp(String.raw`(?<![\w.])${value}(?![\w]|\.\d)`).test(task);
  if (typeof value !== 'string' || value.trim().length < 3) return false;
  return new RegExp(String.raw`(?<![\w])${escapeRegex(value.trim())}(?![\w])`, 'i').test(task);
}

const HANDLE_SUFFIXES = ['id', 'uuid', 'key', 'slug', 'name', 'code'];

function scalarEntries(record: Record<string, unknown>): [string, unknown][] {
  return Object.entries(record).filter(([, v]) => isScalar(v));
}

/** The field named `prop` exactly (case and separators aside). */
function byName(record: Record<string, unknown>, prop: string): unknown {
  const want = squash(prop);
  return scalarEntries(record).find(([k]) => squash(k) === want)?.[1];
}

/** A handle the parameter's name points at: `user_id` takes `id`, `project` after `list_projects` a handle. */
function byHandle(record: Record<string, unknown>, prop: string, listed: string | undefined): unknown {
  const want = squash(prop);
  const entries = scalarEntries(record);
  // `user_id` takes a record's `id`, `project_slug` its `slug`.
  for (const suffix of HANDLE_SUFFIXES) {
    if (!want.endsWith(suffix)) continue;
    const hit = entries.find(([k]) => squash(k) === suffix);
    if (hit !== undefined) return hit[1];
  }
  // A parameter named for what the listing lists (`project` after `list_projects`) takes the
  // entry's handle, as a model reads "for that entry".
  if (listed !== undefined && want === squash(listed))
    for (const handle of HANDLE_SUFFIXES) {
      const hit = entries.find(([k]) => squash(k) === handle);
      if (hit !== undefined) return hit[1];
    }
  return undefined;
}

/** The entry's field the task names ("take its path"): a plain value is its own every field. */
function namedField(entry: Entry, label: string): unknown {
  if (!isRecord(entry)) return entry;
  const wanted = fieldTerms(label);
  const hits = scalarEntries(entry).filter(([k]) => fieldMatches(k, wanted));
  return hits.length === 1 ? hits[0]?.[1] : undefined;
}

/** What a listing tool lists: the last word of its name, singular (`list_projects` → `project`). */
export function listedNoun(toolName: string): string | undefined {
  const last = wordsOf(toolName).at(-1);
  if (last === undefined) return undefined;
  if (last.endsWith('ies')) return `${last.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(last)) return last;
  if (/(?:ses|xes|ches|shes)$/.test(last)) return last.slice(0, -2);
  return last.endsWith('s') ? last.slice(0, -1) : last;
}

/** What else tells which of an entry's fields a later call takes. */
export interface HarvestHints {
  /** What the listing lists (`listedNoun`). */
  listed?: string;
  /** The field the task says to hand on ("take its path"). */
  handed?: string;
  /** The tools' own descriptions (the listing's and the next tool's), read by `describedField`. */
  descriptions?: readonly string[];
}

/**
 * Values an earlier result offers to a later call: the one entry that meets the task's "whose … is
 * …", else the entry the task mentions (by any of its values), else the first. A parameter takes
 * the entry's field of its own name; else, once, the field the task says to hand on (`handed`:
 * "take its path"); else the field the tools' descriptions say it takes; else a handle its name
 * points at.
 */
export function harvestFrom(data: unknown, task: string, hints: HarvestHints = {}): Harvest | undefined {
  const entries = entriesOf(data);
  const values = (e: Entry) => (isRecord(e) ? Object.values(e) : [e]);
  const chosen =
    singledOut(entries.filter(isRecord), task) ??
    entries.find((e) => values(e).some((v) => mentioned(v, task))) ??
    entries[0];
  if (chosen === undefined) return undefined;
  let given = hints.handed === undefined ? undefined : namedField(chosen, hints.handed);
  return (prop) => {
    const own = isRecord(chosen) ? byName(chosen, prop) : undefined;
    if (own !== undefined) return own;
    if (given !== undefined) {
      const out = given;
      given = undefined;
      return out;
    }
    if (!isRecord(chosen)) return undefined;
    const fields = scalarEntries(chosen).map(([k]) => k);
    const described = describedField(hints.descriptions ?? [], prop, fields);
    return described !== undefined ? chosen[described] : byHandle(chosen, prop, hints.listed);
  };
}
