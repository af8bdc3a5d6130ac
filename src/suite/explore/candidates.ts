import { canonicalJson } from '../../core/canonical.js';
import { findLeak } from '../../core/leak.js';
import { isBlob, restatedInput } from '../admission/informative.js';
import { isEmptyStateText } from '../admission/key-information.js';
import { applyExtract } from '../extract.js';
import { enumValues, isBooleanLike, isMemberOf, isTimeField, isTimeLike } from '../key-values.js';
import { containsNormalised, literalLength } from '../normalise.js';
import type { Candidate, Check, Extract, PlanStep } from '../schema.js';
import { resultText, type ToolDescriptor, type ToolResult } from '../surface.js';
import { documentOf } from './harvest.js';
import { identify } from './identify.js';
import { type Leaf, leavesOf, words } from './leaves.js';
import { ANSWER_FORMAT } from './phrase.js';
import { labelLines, labelPattern, rowPattern, textTables } from './text.js';

/** One successful exploration call and how a prompt says the agent reaches it. */
export interface Observation {
  index: number;
  tool: ToolDescriptor;
  args: Record<string, unknown>;
  plan: PlanStep[];
  /** Prompt text naming how the agent reaches this result (tool clause + inputs). */
  lead: string;
  /** Values the prompt names: never keys. */
  named: string[];
  result: ToolResult;
  hop: number;
}

export interface KeyContext {
  /** Server instructions, descriptions and schemas (context-leak haystacks). */
  context: { where: string; text: string }[];
  /** Given-context values: never keys. */
  given: readonly string[];
}

/** Why a value cannot be a key (a null model would have it, or it changes by the next call), or undefined. */
export function whyNotKey(
  value: unknown,
  field: string,
  obs: Observation,
  keys: KeyContext,
): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return 'not a string or number';
  const text = String(value);
  if (literalLength(text) < 4) return 'shorter than 4 significant characters';
  if (text.length > 120 || text.includes('\n')) return 'longer than a value (a paragraph or a document)';
  if (isBooleanLike(value)) return 'a boolean';
  if (isEmptyStateText(text)) return 'an empty-state message';
  if (isTimeLike(value) || isTimeField(field)) return 'time-varying (a clock reading or a time field)';
  if (typeof value === 'string' && value.startsWith('/')) return 'a path (it restates where to look)';
  const own = `${obs.tool.description ?? ''} ${JSON.stringify(obs.tool.inputSchema)} ${JSON.stringify(obs.tool.outputSchema ?? {})}`;
  if (containsNormalised(own, text)) return "written in the tool's own description or schema";
  if (isMemberOf(value, [...enumValues(obs.tool.inputSchema), ...enumValues(obs.tool.outputSchema)]))
    return 'a member of a declared enum';
  if (findLeak(value, keys.context, { minPhrase: 6 }) !== undefined)
    return 'in the server instructions or a tool description';
  if (isBlob(value)) return 'an encoded blob';
  if (restatedInput(value, [...obs.named, ...keys.given]) !== undefined) return 'it restates an input';
  const named = [{ where: 'prompt', text: `${obs.lead} ${obs.named.join(' ')} ${keys.given.join(' ')}` }];
  return findLeak(value, named) === undefined ? undefined : 'named in the prompt';
}

/** Why values were not keys, counted per reason (the ledger reports them). */
export type Drops = Map<string, number>;

function dropped(drops: Drops | undefined, reason: string): void {
  drops?.set(reason, (drops.get(reason) ?? 0) + 1);
}

function candidate(
  obs: Observation,
  question: string,
  extract: Extract,
  check: Check,
  observedKey: unknown,
): Candidate {
  return {
    id: 'pending',
    prompt: `Using ${obs.lead}, what is ${question}? ${ANSWER_FORMAT}`,
    expectedTools: [...new Set(obs.plan.map((step) => step.tool))],
    plan: obs.plan,
    extract,
    check,
    destructive: false,
    serverRequiredBecause: `the value is read from the result of ${obs.tool.name} for these inputs`,
    observedKey,
  };
}

/** The key the extract really reads back from the observed result (it must equal what was picked). */
function readsBack(extract: Extract, result: ToolResult, expected: unknown): boolean {
  const read = applyExtract(extract, result);
  return read.ok && canonicalJson(read.value) === canonicalJson(expected);
}

function fromDocument(obs: Observation, keys: KeyContext, drops?: Drops): Candidate[] {
  const doc = documentOf(obs.result);
  if (doc === undefined) return [];
  const leaves = leavesOf(doc.document);
  const counts = new Map<string | number, number>();
  for (const leaf of leaves) counts.set(leaf.value, (counts.get(leaf.value) ?? 0) + 1);
  const out: Candidate[] = [];
  for (const leaf of leaves) {
    const field = fieldOf(leaf);
    const why = whyNotKey(leaf.value, field, obs, keys);
    if (why !== undefined) {
      dropped(drops, why);
      continue;
    }
    const id = identify(doc.document, leaf.path);
    if (id === undefined) {
      dropped(drops, 'reachable only by its position in a listing');
      continue;
    }
    if (!id.inList && counts.get(leaf.value) !== 1) {
      dropped(drops, 'not unique in its result');
      continue;
    }
    if (id.named.some((n) => n === String(leaf.value))) continue;
    const extract: Extract = { kind: 'pointer', pointer: leaf.pointer, source: doc.source };
    const check: Check =
      typeof leaf.value === 'number' && !id.inList ? { kind: 'number', tolerance: 0 } : { kind: 'contains' };
    if (!readsBack(extract, obs.result, leaf.value)) continue;
    const named = { ...obs, named: [...obs.named, ...id.named] };
    const late = whyNotKey(leaf.value, field, named, keys);
    if (late !== undefined) {
      dropped(drops, late);
      continue;
    }
    out.push(candidate(named, id.question, extract, check, leaf.value));
  }
  return out;
}

function fieldOf(leaf: Leaf): string {
  return [...leaf.path].reverse().find((t): t is string => typeof t === 'string') ?? '';
}

function fromLabels(obs: Observation, text: string, keys: KeyContext, drops?: Drops): Candidate[] {
  const lines = labelLines(text);
  const labelCount = new Map<string, number>();
  for (const line of lines) labelCount.set(line.label, (labelCount.get(line.label) ?? 0) + 1);
  const out: Candidate[] = [];
  for (const line of lines) {
    const why =
      labelCount.get(line.label) !== 1
        ? 'a label that repeats in its result'
        : whyNotKey(line.value, line.label, obs, keys);
    if (why !== undefined) {
      dropped(drops, why);
      continue;
    }
    const extract: Extract = { kind: 'regex', pattern: labelPattern(line.label), flags: 'm', group: 1 };
    if (!readsBack(extract, obs.result, line.value)) continue;
    out.push(
      candidate(obs, `the ${words(line.label) || line.label}`, extract, { kind: 'contains' }, line.value),
    );
  }
  return out;
}

function fromTables(obs: Observation, text: string, keys: KeyContext, drops?: Drops): Candidate[] {
  const out: Candidate[] = [];
  for (const table of textTables(text)) {
    const unique = table.columns.map(
      (_, c) => new Set(table.rows.map((r) => r[c])).size === table.rows.length,
    );
    const idColumn = unique.findIndex((u, c) => u && table.rows.every((r) => literalLength(r[c] ?? '') >= 3));
    if (idColumn === -1) continue;
    for (const row of table.rows) {
      const idValue = row[idColumn] ?? '';
      for (const [c, value] of row.entries()) {
        if (c === idColumn) continue;
        const column = table.columns[c] ?? '';
        const named = { ...obs, named: [...obs.named, idValue] };
        const why = whyNotKey(value, column, named, keys);
        if (why !== undefined) {
          dropped(drops, why);
          continue;
        }
        const extract: Extract = {
          kind: 'regex',
          pattern: rowPattern(table, idColumn, idValue, c),
          flags: 'm',
          group: 1,
        };
        if (!readsBack(extract, obs.result, value)) continue;
        const decoys = [...new Set(table.rows.map((r) => r[c] ?? ''))].filter((d) => d !== value && d !== '');
        const question = `the ${words(column) || column} of the row whose ${words(table.columns[idColumn] ?? '') || 'first column'} is "${idValue}"`;
        out.push(candidate(named, question, extract, { kind: 'contains', decoys }, value));
      }
    }
  }
  return out;
}

/** Every candidate one observation yields: JSON leaves, else label lines and table rows of its text. */
export function candidatesFrom(obs: Observation, keys: KeyContext, drops?: Drops): Candidate[] {
  if (documentOf(obs.result) !== undefined) return fromDocument(obs, keys, drops);
  const text = resultText(obs.result);
  const found = [...fromLabels(obs, text, keys, drops), ...fromTables(obs, text, keys, drops)];
  if (found.length === 0 && labelLines(text).length === 0 && textTables(text).length === 0)
    dropped(drops, 'a text with no "Label: value" line or table');
  return found;
}
