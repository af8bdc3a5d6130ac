import { sameJson } from '../../core/canonical.js';
import { isRecord } from '../../core/json.js';
import { applyExtract, readResult, resultDocument } from '../extract.js';
import { leavesOf } from '../facts/leaves.js';
import { documentOf } from '../facts/view.js';
import { findHandles } from '../handles.js';
import { keyText } from '../normalise.js';
import type { ExecutedStep } from '../plan.js';
import { formatPointer, parsePointer, resolvePointer } from '../pointer.js';
import type { Candidate } from '../schema.js';
import type { ToolResult } from '../surface.js';
import { type Rejection, reject } from './types.js';

// key-input-independent for a chained plan, decided with no call (docs/statistics.md, "Keys must
// carry information"): a key an earlier step's answer already shows where the question can read it
// was not selected by what the chain carries to its last call.

/**
 * The values an earlier step shows in the entry a handle is taken from: the handle's own value and,
 * when it sits in a record, that record's other leaves (the listing's row beside the id it passes on).
 */
function entryBesideHandle(document: unknown, pointer: string): unknown[] {
  const tokens = parsePointer(pointer);
  const handle = resolvePointer(document, pointer);
  if (tokens === undefined || !handle.found) return [];
  const parent = resolvePointer(document, formatPointer(tokens.slice(0, -1)));
  return isRecord(parent.value)
    ? [handle.value, ...leavesOf(parent.value).map((l) => l.value)]
    : [handle.value];
}

/** A step's answer when it is a good one; undefined for a failed call or an error result. */
export function goodResult(step: ExecutedStep | undefined): ToolResult | undefined {
  if (step?.outcome.kind !== 'result') return undefined;
  const answered = readResult(step.outcome.result);
  return answered.ok && answered.result.isError !== true ? answered.result : undefined;
}

function goodDocument(step: ExecutedStep | undefined): unknown {
  const result = goodResult(step);
  return result === undefined ? undefined : documentOf(result)?.document;
}

/** The earlier step that shows `key` in the entry one of the plan's handles is taken from. */
function shownBesideHandle(
  candidate: Candidate,
  key: unknown,
  steps: readonly ExecutedStep[],
): ExecutedStep | undefined {
  const sites = candidate.plan.slice(1).flatMap((step) => findHandles(step.arguments));
  for (const { handle } of sites) {
    if (handle === undefined) continue;
    const source = steps[handle.$from.step];
    const shown = entryBesideHandle(goodDocument(source), handle.$from.pointer);
    if (shown.some((value) => sameJson(value, key))) return source;
  }
  return undefined;
}

/** The values the prompt quotes: how a question names the entry it asks about (`whose name is "Text Field"`). */
function quotedValues(prompt: string): Set<string> {
  return new Set([...prompt.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? ''));
}

/** The record around the leaf a pointer reads, with the leaf's own field name; undefined for a bare value. */
function recordAround(
  document: unknown,
  pointer: string,
): { record: Record<string, unknown>; field: string } | undefined {
  const tokens = parsePointer(pointer);
  const field = tokens?.at(-1);
  if (tokens === undefined || field === undefined) return undefined;
  const parent = resolvePointer(document, formatPointer(tokens.slice(0, -1))).value;
  return isRecord(parent) ? { record: parent, field } : undefined;
}

/** The scalar values a record holds directly, as texts. */
function ownValues(record: Record<string, unknown>): Set<string> {
  return new Set(
    Object.values(record).flatMap((v) => (typeof v === 'string' || typeof v === 'number' ? [String(v)] : [])),
  );
}

/**
 * The earlier step that shows the record the question names: a record of its answer holds the key
 * under the field the question reads, and a value the prompt quotes that the last answer's record
 * holds too (`whose name is "Text Field"`). A record the question reaches by its place in the last
 * answer ("the second customer") is not named, and only the last call places it.
 */
function namedRecordShown(
  candidate: Candidate,
  key: unknown,
  steps: readonly ExecutedStep[],
  last: ToolResult,
): ExecutedStep | undefined {
  if (candidate.extract.kind !== 'pointer') return undefined;
  const read = recordAround(resultDocument(last, candidate.extract.source), candidate.extract.pointer);
  if (read === undefined) return undefined;
  const quoted = quotedValues(candidate.prompt);
  const naming = [...ownValues(read.record)].filter((v) => quoted.has(v) && v !== keyText(key));
  if (naming.length === 0) return undefined;
  return steps.slice(0, -1).find((step) => {
    const document = goodDocument(step);
    return leavesOf(document).some((leaf) => {
      if (leaf.path.at(-1) !== read.field || !sameJson(leaf.value, key)) return false;
      const around = recordAround(document, leaf.pointer);
      return around !== undefined && naming.some((v) => ownValues(around.record).has(v));
    });
  });
}

const SHOWN = {
  pointer: (key: string) => `already answered "${key}" before the chain's last call`,
  handle: (key: string) => `already shows "${key}" in the entry the chain takes its handle from`,
  named: (key: string) => `already shows "${key}" in the record the question names`,
} as const;

/**
 * key-input-independent, for a chained plan, with no call: a key an earlier step's answer already
 * holds where the question reads it (the same extraction finds it there), in the entry the chain
 * takes its handle from (a listing's row shows the description the detail call is asked for), or
 * in the record the question names by a quoted value, was not selected by the handle the chain
 * carries to the last call, whatever that call was asked.
 */
export function keyInEarlierStep(
  candidate: Candidate,
  key: unknown,
  steps: readonly ExecutedStep[],
  last: ToolResult,
): Rejection | undefined {
  const checks: [keyof typeof SHOWN, () => ExecutedStep | undefined][] = [
    ['pointer', () => sameExtraction(candidate, key, steps)],
    ['handle', () => shownBesideHandle(candidate, key, steps)],
    ['named', () => namedRecordShown(candidate, key, steps, last)],
  ];
  for (const [how, find] of checks) {
    const step = find();
    if (step === undefined) continue;
    const words = SHOWN[how](keyText(key).slice(0, 80));
    return reject('key-input-independent', `step ${step.step} (${step.tool}) ${words}`, { step: step.step });
  }
  return undefined;
}

/** The earlier step whose answer the same extraction reads the key from. */
function sameExtraction(
  candidate: Candidate,
  key: unknown,
  steps: readonly ExecutedStep[],
): ExecutedStep | undefined {
  return steps.slice(0, -1).find((step) => {
    const result = goodResult(step);
    const read = result === undefined ? undefined : applyExtract(candidate.extract, result);
    return read?.ok === true && sameJson(read.value, key);
  });
}
