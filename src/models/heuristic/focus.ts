import { isRecord } from '../../core/json.js';
import { normaliseText } from '../../suite/normalise.js';
import { terms } from './lexical.js';
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

/**
 * The terms of a field name the task states. A name made only of words a lexical agent skips in
 * prose ("value", "answer") is still a name: it is matched as written, not as no term at all.
 */
function fieldTerms(label: string): Set<string> {
  const quoted = /^"([^"]+)" field$/.exec(label.trim())?.[1];
  if (quoted !== undefined) return new Set([quoted.toLowerCase()]);
  const own = terms(label);
  return own.size > 0 ? own : new Set([label.trim().toLowerCase()]);
}

function fieldMatches(name: string, wanted: Set<string>): boolean {
  const own = terms(name);
  return (
    wanted.has(name.toLowerCase()) ||
    (own.size > 0 && [...own].every((t) => wanted.has(t)) && [...wanted].every((t) => own.has(t)))
  );
}

/** "whose built year is 2009" → conditions on the entry the task means. */
function conditions(task: string): { field: Set<string>; value: string }[] {
  const out: { field: Set<string>; value: string }[] = [];
  for (const m of task.matchAll(/\bwhose ("[^"]+" field|[a-z][a-z ]*?) is ("[^"]*"|-?\d+(?:\.\d+)?)/gi)) {
    out.push({ field: fieldTerms(m[1] ?? ''), value: (m[2] ?? '').replace(/^"|"$/g, '') });
  }
  return out;
}

/** The field a question asks for: "what is the built year of …" → {built, year}. */
function asked(task: string): Set<string> | undefined {
  const m = /\bwhat is (?:the |its )?("[^"]+" field|[a-z][a-z ]*?)(?: of the (?:entry|row)\b|\?)/i.exec(task);
  return m?.[1] === undefined ? undefined : fieldTerms(m[1]);
}

/**
 * A lexical agent's reading of a listing: the one entry that meets every "whose … is …" the task
 * states, and in it the one field whose name is what the task asks for. Undefined when the listing
 * does not single out one entry and one field (then the whole result is the answer).
 */
export function focusedAnswer(task: string, outcome: ToolOutcome): string | undefined {
  const wanted = asked(task);
  const where = conditions(task);
  if (wanted === undefined || where.length === 0) return undefined;
  const records = listedRecords(outcome.data).filter((r) =>
    where.every((c) =>
      Object.entries(r).some(([k, v]) => {
        const value = single(v);
        return (
          value !== undefined &&
          fieldMatches(k, c.field) &&
          normaliseText(String(value)) === normaliseText(c.value)
        );
      }),
    ),
  );
  const [record] = records;
  if (records.length !== 1 || record === undefined) return undefined;
  const fields = Object.entries(record).filter(
    ([k, v]) => single(v) !== undefined && fieldMatches(k, wanted),
  );
  return fields.length === 1 ? String(single(fields[0]?.[1])) : undefined;
}
