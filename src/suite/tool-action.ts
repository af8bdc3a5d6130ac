import { clausesAboutTheTool } from './clause-lists.js';
import { delegationOf } from './delegation.js';
import { type Clause, clausesOf, type VerbUse } from './sentences.js';
import type { ToolDescriptor } from './surface.js';
import { MAX_DESCRIPTION_CHARS } from './terms.js';
import {
  ACTION_PARAMS,
  ANSWER,
  CALLERS,
  MADE_ANSWERS,
  MOMENT,
  NAME_JOINERS,
  THE_TOOL,
} from './tool-words.js';
import { classesOf, lemmaOf, VALUE_NOUNS, wordsOf } from './verbs.js';

/**
 * What a tool does to the server's state, read from its name and the sentences of its description
 * (docs/design.md §5), shared by read-only inference and the findings that say a word is a write
 * verb. Principle: the name's verb decides, and a description blocks only when a write verb is
 * the verb of a clause about what the tool does; a word used as a noun or adjective, a negated or
 * prohibited verb, a clause whose subject is the caller, the answer or another tool, and a relative
 * or subordinate clause about something else decide nothing.
 *
 * Two kinds of verb take their class from their objects: a delegating verb (run, execute) runs
 * whatever it is given only when the caller gives what it runs (a query, code, one of the tool's
 * parameters: `delegation.ts`), and then writes unless its clause restricts it to reads ("SELECT",
 * "read-only", "to read"), while with one named program ("Run Knip") or nothing to run it decides
 * nothing; a compute verb that is also a write (add, convert, format, generate) computes only when
 * all its objects are values (numbers, text, times), and writes otherwise ("add observations to
 * entities"). A past participle that opens a clause with no subject ("when truncated", "unless
 * archived") names a state, not an action, and decides nothing.
 */

export type ToolActionKind = 'read' | 'compute' | 'write' | 'undecided';

export interface ToolAction {
  action: ToolActionKind;
  /** The verb that decided, as written, and where it stands. */
  word?: string;
  source?: 'name' | 'description' | 'arguments';
  /** The clause it stands in (description only). */
  clause?: string;
  /** Its name or description speaks of the present moment (now, today, the current time). */
  timeDependent: boolean;
  /** One line: why, in words. */
  detail: string;
}

type Resolved = 'read' | 'compute' | 'write' | 'delegate';

const singular = (w: string) => (w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
const isValue = (w: string) => VALUE_NOUNS.has(w) || VALUE_NOUNS.has(singular(w));

/** Every object is a value, or the answer the tool returns: a dual compute/write verb then computes. */
function valuesOnly(objects: readonly string[], values: boolean): boolean {
  return (objects.length > 0 || values) && objects.every((o) => isValue(o) || MADE_ANSWERS.has(singular(o)));
}

/** A verb's class, given its objects: a dual compute/write verb computes only on values. */
function resolve(lemma: string, valueObjects: boolean): Resolved | undefined {
  const classes = classesOf(lemma);
  if (classes.includes('write')) return classes.includes('compute') && valueObjects ? 'compute' : 'write';
  if (classes.includes('delegate')) return 'delegate';
  if (classes.includes('compute')) return valueObjects ? 'compute' : 'read';
  return classes.includes('read') ? 'read' : undefined;
}

/** The clause says what the tool does, not what the caller, the answer or another tool does. */
function aboutTheTool(clause: Clause, others: ReadonlySet<string>): boolean {
  if (clause.kind === 'relative') return false;
  if (clause.words.some((w) => others.has(w))) return false;
  const subject = clause.subject.filter((w) => w !== 'the' && w !== 'a' && w !== 'an');
  if (clause.kind === 'subordinate') return subject.length === 0 || subject.every((w) => THE_TOOL.has(w));
  if (subject.some((w) => CALLERS.has(w))) return false;
  return !ANSWER.has(subject.at(-1) ?? '');
}

interface Counted {
  use: VerbUse;
  clause: Clause;
  resolved: Resolved;
}

/** The verbs of the description's clauses about the tool, negated ones left out, each resolved. */
function descriptionVerbs(
  tool: ToolDescriptor,
  others: ReadonlySet<string>,
  parameters: ReadonlySet<string>,
): Counted[] {
  const out: Counted[] = [];
  const clauses = clausesOf(tool.description ?? '');
  const about = clausesAboutTheTool(clauses, (clause) => aboutTheTool(clause, others));
  for (const [i, clause] of clauses.entries()) {
    if (about[i] !== true) continue;
    for (const use of clause.verbs) {
      if (use.negated) continue;
      // "(… when truncated)", "…, formatted in a Markdown code block": a past participle standing
      // first in its clause, with no subject and no auxiliary, names a state of something, not an action.
      if (use.bare) continue;
      const resolved = resolve(use.lemma, valuesOnly(use.objects, use.values));
      if (resolved === undefined) continue;
      if (resolved === 'delegate') {
        // "Run Knip", "run again": a run verb given nothing to run decides nothing; "Execute the
        // sql" runs its own argument, which is what it is given.
        if (delegationOf(use, tool.name, parameters) === 'given') out.push({ use, clause, resolved });
        continue;
      }
      // "set include_details=true for full output": an instruction about one of its own arguments.
      if (!parameters.has(use.next)) out.push({ use, clause, resolved });
    }
  }
  // A delegating verb does what its clause restricts it to: reads only with "SELECT", "read-only" or a read verb.
  return out.map((c) => {
    if (c.resolved !== 'delegate') return c;
    const reads = c.clause.readOnly || out.some((o) => o.clause === c.clause && o.resolved === 'read');
    return { ...c, resolved: reads ? 'read' : 'write' };
  });
}

function propertiesOf(tool: ToolDescriptor): Record<string, unknown> {
  const props: unknown = (tool.inputSchema as { properties?: unknown }).properties;
  return props !== null && typeof props === 'object' ? (props as Record<string, unknown>) : {};
}

function numericSchema(tool: ToolDescriptor): boolean {
  const types = Object.values(propertiesOf(tool)).map((p) =>
    p !== null && typeof p === 'object' ? (p as { type?: unknown }).type : undefined,
  );
  return types.length > 0 && types.every((t) => t === 'number' || t === 'integer');
}

/**
 * A verb standing alone (in the name, or as an action's name) takes its objects from the
 * description: its own clause, else one that says the tool computes from values ("hash":
 * "Compute the digest of a string").
 */
function aloneOnValues(lemma: string, tool: ToolDescriptor, described: readonly Counted[]): boolean {
  const inDescription = described.find((c) => c.use.lemma === lemma);
  if (inDescription !== undefined) return inDescription.resolved === 'compute';
  return described.some((c) => c.resolved === 'compute') || numericSchema(tool);
}

/**
 * A name states its verb in the base form (`get_changes`, `note_delete`); an -s form of a verb in a
 * name is a plural noun (`mastraChanges`, `pendingUpdates`), never the name's verb.
 */
function pluralInName(word: string, lemma: string): boolean {
  return word !== lemma && word.endsWith('s');
}

/** The name's verbs: its first lexicon verb, and any joined by and/or/then (`get_and_delete`). */
function nameVerbs(
  tool: ToolDescriptor,
  described: readonly Counted[],
): { word: string; resolved: Resolved }[] {
  const words = wordsOf(tool.name);
  const out: { word: string; resolved: Resolved }[] = [];
  words.forEach((word, i) => {
    const lemma = lemmaOf(word);
    if (lemma === undefined || pluralInName(word, lemma)) return;
    if (out.length > 0 && !NAME_JOINERS.has(words[i - 1] ?? '')) return;
    const after = words.slice(i + 1).filter((w) => lemmaOf(w) === undefined || isValue(w));
    const values = after.length > 0 ? after.every(isValue) : aloneOnValues(lemma, tool, described);
    const resolved = resolve(lemma, values);
    if (resolved !== undefined) out.push({ word, resolved });
  });
  return out;
}

/**
 * A tool whose argument chooses among actions does what its most changing action does: the first
 * value of an action parameter's enum that is a write verb (git-bisect's `action`: start, reset).
 * A verb that computes or writes by its objects computes where the description says the tool
 * computes ("convert" of a clock's `action`).
 */
function writeAction(
  tool: ToolDescriptor,
  described: readonly Counted[],
): { param: string; value: string } | undefined {
  for (const [param, schema] of Object.entries(propertiesOf(tool))) {
    if (!ACTION_PARAMS.has(param.toLowerCase()) || schema === null || typeof schema !== 'object') continue;
    const values: unknown = (schema as { enum?: unknown }).enum;
    if (!Array.isArray(values)) continue;
    for (const value of values) {
      if (typeof value !== 'string') continue;
      const lemma = lemmaOf(wordsOf(value)[0] ?? '');
      if (lemma !== undefined && resolve(lemma, aloneOnValues(lemma, tool, described)) === 'write')
        return { param, value };
    }
  }
  return undefined;
}

function speaksOfNow(tool: ToolDescriptor): boolean {
  const words = wordsOf(`${tool.name} ${(tool.description ?? '').slice(0, MAX_DESCRIPTION_CHARS)}`);
  return words.some(
    (w, i) =>
      w === 'now' ||
      w === 'today' ||
      ((w === 'current' || w === 'present') && MOMENT.has(singular(words[i + 1] ?? ''))),
  );
}

const quote = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

/** What the tool does, by its name's verb and the clauses of its description about it. */
export function toolAction(tool: ToolDescriptor, otherTools: readonly string[] = []): ToolAction {
  const description = tool.description ?? '';
  const others = new Set(otherTools.filter((n) => n !== tool.name).map((n) => n.toLowerCase()));
  const parameters = new Set(Object.keys(propertiesOf(tool)).map((k) => k.toLowerCase()));
  // Server text: a description over the cap is never tagged, and then decides nothing but a block.
  const readable = description.length <= MAX_DESCRIPTION_CHARS;
  const described = readable ? descriptionVerbs(tool, others, parameters) : [];
  const named = nameVerbs(tool, described);
  const timeDependent = speaksOfNow(tool);
  const nameWrite = named.find((n) => n.resolved === 'write');
  if (nameWrite !== undefined)
    return {
      action: 'write',
      word: nameWrite.word,
      source: 'name',
      timeDependent,
      detail: `"${nameWrite.word}" in its name is a write verb`,
    };
  const write = described.find((c) => c.resolved === 'write');
  if (write !== undefined) {
    const how = classesOf(write.use.lemma).includes('delegate')
      ? 'runs whatever it is given, and nothing in its clause restricts it to reads'
      : 'is a write verb';
    return {
      action: 'write',
      word: write.use.word,
      source: 'description',
      clause: write.clause.text,
      timeDependent,
      detail: `"${write.use.word}" in "${quote(write.clause.text)}" ${how}`,
    };
  }
  const chosen = writeAction(tool, described);
  if (chosen !== undefined)
    return {
      action: 'write',
      word: chosen.value,
      source: 'arguments',
      timeDependent,
      detail: `"${chosen.value}" among the actions its "${chosen.param}" argument chooses is a write verb`,
    };
  if (!readable)
    return {
      action: 'undecided',
      timeDependent,
      detail: `its description is over ${MAX_DESCRIPTION_CHARS} characters, more than inference reads`,
    };
  const decided = named.find((n) => n.resolved !== 'delegate');
  const fromName = decided === undefined ? undefined : { word: decided.word, resolved: decided.resolved };
  const fromText =
    described.find((c) => c.resolved === 'read') ?? described.find((c) => c.resolved === 'compute');
  const pick =
    fromName ??
    (fromText === undefined ? undefined : { word: fromText.use.word, resolved: fromText.resolved });
  if (pick === undefined || (pick.resolved !== 'read' && pick.resolved !== 'compute'))
    return {
      action: 'undecided',
      timeDependent,
      detail: 'neither its name nor its description says it reads or computes',
    };
  const where = fromName !== undefined ? 'in its name' : 'in its description';
  const now = timeDependent ? '; its answer depends on the current time' : '';
  return {
    action: pick.resolved,
    word: pick.word,
    source: fromName !== undefined ? 'name' : 'description',
    timeDependent,
    detail:
      pick.resolved === 'compute'
        ? `"${pick.word}" ${where} computes a value from its arguments, and no clause about it uses a write verb${now}`
        : `"${pick.word}" ${where} reads, and no clause about it uses a write verb${now}`,
  };
}
