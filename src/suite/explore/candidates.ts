import { canonicalJson } from '../../core/canonical.js';
import { findLeak } from '../../core/leak.js';
import { isEmptyStateText } from '../admission/empty-state.js';
import { blobNoValue, restatedInput } from '../admission/informative.js';
import { applyExtract } from '../extract.js';
import { readFacts } from '../facts/document.js';
import { type Leaf, leavesOf } from '../facts/leaves.js';
import { documentOf } from '../facts/view.js';
import { enumValues, isBooleanLike, isMemberOf, isTimeField, isTimeLike } from '../key-values.js';
import { containsNormalised, literalLength } from '../normalise.js';
import type { Candidate, Check, Extract, PlanStep } from '../schema.js';
import type { ToolDescriptor, ToolResult } from '../surface.js';
import { besideOutcome, inFailedEntry } from './answer-voice.js';
import { identify } from './identify.js';
import { ANSWER_FORMAT } from './phrase.js';

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
  /** For a chained lead: the call asked directly, for a value the chain's prompt would name. */
  direct?: Pick<Observation, 'plan' | 'lead' | 'named'>;
  result: ToolResult;
  hop: number;
}

export interface KeyContext {
  /** Server instructions, descriptions and schemas (context-leak haystacks). */
  context: { where: string; text: string }[];
  /** Given-context values: never keys. */
  given: readonly string[];
  /** Did the observation's tool give this value at this place for other arguments too (`answer-voice.ts`)? */
  repeated?: (obs: Observation, pointer: string, value: unknown) => boolean;
  /**
   * Is this absolute path a place on this machine? Absent: every absolute path is taken for one.
   * A place is where to look; a path nothing here holds is the server's own name for something
   * (a mock rule's route `/api/v2/rentals`, a note's path inside its vault).
   */
  place?: (path: string) => boolean;
}

const PAIRS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSERS = new Set(Object.values(PAIRS));

/**
 * A value is whole: one whose brackets do not pair was cut from code or a longer text (`Loan {`,
 * a block's opening read as a value; `['January', 'February', …` cut at its length).
 */
function unclosed(text: string): boolean {
  const open: string[] = [];
  for (const ch of text) {
    const closer = PAIRS[ch];
    if (closer !== undefined) open.push(closer);
    else if (CLOSERS.has(ch) && open.pop() !== ch) return true;
  }
  return open.length > 0;
}

/** A text the server shortened: an ellipsis at either end ("…with built-in animations", "Publish the tide tables for..."). */
const CUT = /^\s*(?:\.{3}|…)|(?:\.{3}|…)\s*$/;

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
  if (unclosed(text)) return 'a fragment (a bracket in it opens or closes without its pair)';
  if (CUT.test(text)) return 'a fragment (the server cut it: it begins or ends with an ellipsis)';
  if (isBooleanLike(value)) return 'a boolean';
  if (isEmptyStateText(text)) return 'an empty-state message';
  if (isTimeLike(value) || isTimeField(field)) return 'time-varying (a clock reading or a time field)';
  if (typeof value === 'string' && value.startsWith('/') && (keys.place?.(value) ?? true))
    return 'a path (it restates where to look)';
  const own = `${obs.tool.description ?? ''} ${JSON.stringify(obs.tool.inputSchema)} ${JSON.stringify(obs.tool.outputSchema ?? {})}`;
  if (containsNormalised(own, text)) return "written in the tool's own description or schema";
  if (isMemberOf(value, [...enumValues(obs.tool.inputSchema), ...enumValues(obs.tool.outputSchema)]))
    return 'a member of a declared enum';
  if (findLeak(value, keys.context, { minPhrase: 6 }) !== undefined)
    return 'in the server instructions or a tool description';
  if (blobNoValue(value, [obs.tool])) return 'an encoded blob';
  if (restatedInput(value, [...obs.named, ...keys.given]) !== undefined) return 'it restates an input';
  const named = [{ where: 'prompt', text: `${obs.lead} ${obs.named.join(' ')} ${keys.given.join(' ')}` }];
  return findLeak(value, named) === undefined ? undefined : NAMED_IN_PROMPT;
}

const NAMED_IN_PROMPT = 'named in the prompt';

/**
 * The observation as a prompt asks for this value, and why it still cannot be a key. Principle: a
 * value a chained prompt would give away (the entry it names holds it) is asked for directly, the
 * call's inputs named, when that prompt does not name it.
 */
function askedFor(
  value: unknown,
  field: string,
  obs: Observation,
  keys: KeyContext,
): { asked: Observation; why: string | undefined } {
  const why = whyNotKey(value, field, obs, keys);
  if (why !== NAMED_IN_PROMPT || obs.direct === undefined) return { asked: obs, why };
  const direct: Observation = { ...obs, ...obs.direct, direct: undefined };
  const again = whyNotKey(value, field, direct, keys);
  return again === undefined ? { asked: direct, why: undefined } : { asked: obs, why };
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
    if (inFailedEntry(doc.document, leaf.path)) {
      dropped(drops, 'in an entry that reports a failure');
      continue;
    }
    if (besideOutcome(doc.document, leaf.path)) {
      dropped(drops, "the tool's word on how the call went (beside its success flag)");
      continue;
    }
    const field = fieldOf(leaf);
    const { asked, why } = askedFor(leaf.value, field, obs, keys);
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
    if (!id.inList && keys.repeated?.(asked, leaf.pointer, leaf.value) === true) {
      dropped(drops, "the same in the tool's answers to other arguments (its wording or a setting)");
      continue;
    }
    if (id.named.some((n) => n === String(leaf.value))) continue;
    const extract: Extract = { kind: 'pointer', pointer: leaf.pointer, source: doc.source };
    const check: Check =
      typeof leaf.value === 'number' && !id.inList ? { kind: 'number', tolerance: 0 } : { kind: 'contains' };
    if (!readsBack(extract, obs.result, leaf.value)) continue;
    const named = { ...asked, named: [...asked.named, ...id.named] };
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

/** Every candidate one observation yields: the leaves of its document (docs/design.md §5.2). */
export function candidatesFrom(obs: Observation, keys: KeyContext, drops?: Drops): Candidate[] {
  if (documentOf(obs.result) !== undefined) return fromDocument(obs, keys, drops);
  const facts = readFacts(obs.result);
  dropped(drops, facts?.ok === false ? facts.reason : 'a text in which no reader found a fact');
  return [];
}
