import { isRecord } from '../../core/json.js';
import { normaliseText } from '../../suite/normalise.js';
import { fieldMatches, fieldTerms } from './field-names.js';
import type { ToolOutcome } from './results.js';

type Scalar = string | number;

function scalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number';
}

/** A field's value as one scalar: itself, or the only item of a one-item list. */
function single(value: unknown): Scalar | undefined {
  if (scalar(value)) return value;
  return Array.isArray(value) && value.length === 1 && scalar(value[0]) ? value[0] : undefined;
}

/** Every record (object) that sits inside an array, anywhere in the document. */
function listedRecords(
  doc: unknown,
  out: Record<string, unknown>[] = [],
  depth = 0,
): Record<string, unknown>[] {
  if (depth > 8 || out.length > 500) return out;
  if (Array.isArray(doc)) {
    for (const item of doc) {
      if (isRecord(item)) out.push(item);
      listedRecords(item, out, depth + 1);
    }
  } else if (isRecord(doc)) {
    for (const value of Object.values(doc)) listedRecords(value, out, depth + 1);
  }
  return out;
}

interface Condition {
  field: Set<string>;
  value: string;
}

/** "whose built year is 2009" → conditions on the entry the task means. */
function conditions(task: string): Condition[] {
  const out: Condition[] = [];
  for (const m of task.matchAll(/\bwhose ("[^"]+" field|[a-z][a-z0-9 ]*?) is ("[^"]*"|-?\d+(?:\.\d+)?)/gi)) {
    out.push({ field: fieldTerms(m[1] ?? ''), value: (m[2] ?? '').replace(/^"|"$/g, '') });
  }
  return out;
}

/**
 * The entries a question goes through, innermost first: "the message of the entry in messages whose
 * rule id is "no-undef" of the entry whose error count is 1" → [[rule id], [error count]].
 */
function entryPath(task: string): Condition[][] {
  const groups = task
    .split(/\bof the (?:entry|row)\b/i)
    .slice(1)
    .map(conditions)
    .filter((g) => g.length > 0);
  if (groups.length > 0) return groups;
  const all = conditions(task);
  return all.length > 0 ? [all] : [];
}

/** The field a question asks for: "what is the built year of …" → {built, year}. */
function asked(task: string): Set<string> | undefined {
  const m = /\bwhat is (?:the |its )?("[^"]+" field|[a-z][a-z0-9 ]*?)(?: of the (?:entry|row)\b|\?)/i.exec(
    task,
  );
  return m?.[1] === undefined ? undefined : fieldTerms(m[1]);
}

function meets(record: Record<string, unknown>, group: readonly Condition[]): boolean {
  return group.every((c) =>
    Object.entries(record).some(([k, v]) => {
      const value = single(v);
      return (
        value !== undefined &&
        fieldMatches(k, c.field) &&
        normaliseText(String(value)) === normaliseText(c.value)
      );
    }),
  );
}

/** The one record that meets every "whose … is …" of `text`; undefined unless exactly one does. */
export function singledOut(
  records: readonly Record<string, unknown>[],
  text: string,
): Record<string, unknown> | undefined {
  const group = conditions(text);
  const matches = group.length === 0 ? [] : records.filter((r) => meets(r, group));
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * A lexical agent's reading of a listing: the entries the question names, outermost first, each the
 * one entry inside the one before that meets its "whose … is …", and in the last the one field whose
 * name is what the task asks for. Undefined when the listing does not single out one entry at every
 * step and one field (then the whole result is the answer).
 */
export function focusedAnswer(task: string, outcome: ToolOutcome): string | undefined {
  const wanted = asked(task);
  const path = entryPath(task);
  if (wanted === undefined || path.length === 0) return undefined;
  let scope: unknown = outcome.data;
  let record: Record<string, unknown> | undefined;
  for (const group of [...path].reverse()) {
    const matches = listedRecords(scope).filter((r) => meets(r, group));
    if (matches.length !== 1) return undefined;
    record = matches[0];
    scope = record;
  }
  if (record === undefined) return undefined;
  const fields = Object.entries(record).filter(
    ([k, v]) => single(v) !== undefined && fieldMatches(k, wanted),
  );
  return fields.length === 1 ? String(single(fields[0]?.[1])) : undefined;
}
