import { isRecord } from '../../core/json.js';
import { wordsOf } from '../../suite/verbs.js';
import type { Harvest } from './fill.js';
import { escapeRegex } from './text-values.js';

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The records a result offers: a list's items, a wrapper's first list of records, or itself. */
function recordsOf(data: unknown): Record<string, unknown>[] {
  if (Array.isArray(data)) return data.filter(isRecord);
  if (!isRecord(data)) return [];
  for (const value of Object.values(data)) {
    if (Array.isArray(value) && value.some(isRecord)) return value.filter(isRecord);
  }
  return [data];
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

function lookup(record: Record<string, unknown>, prop: string, listed: string | undefined): unknown {
  const want = squash(prop);
  const entries = Object.entries(record).filter(([, v]) => isScalar(v));
  const exact = entries.find(([k]) => squash(k) === want);
  if (exact !== undefined) return exact[1];
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

/** What a listing tool lists: the last word of its name, singular (`list_projects` → `project`). */
export function listedNoun(toolName: string): string | undefined {
  const last = wordsOf(toolName).at(-1);
  if (last === undefined) return undefined;
  if (last.endsWith('ies')) return `${last.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(last)) return last;
  if (/(?:ses|xes|ches|shes)$/.test(last)) return last.slice(0, -2);
  return last.endsWith('s') ? last.slice(0, -1) : last;
}

/**
 * Values an earlier result offers to a later call: the record the task mentions (by any of its
 * values), else the first record, looked up by property name (or, for a parameter named for what
 * the listing tool lists, `listed`, by the record's handle).
 */
export function harvestFrom(data: unknown, task: string, listed?: string): Harvest | undefined {
  const records = recordsOf(data);
  const chosen = records.find((r) => Object.values(r).some((v) => mentioned(v, task))) ?? records[0];
  if (chosen === undefined) return undefined;
  return (prop) => lookup(chosen, prop, listed);
}
