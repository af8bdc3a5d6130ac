import type { LanguageModelV3FunctionTool } from '@ai-sdk/provider';

// Words that carry no signal about which tool a task needs.
const STOPWORDS = new Set(
  (
    'a an and any are as at be by can could do does did for from has have how i if in into is it its ' +
    'me my of on or our please should so than that the their them then there these this those to ' +
    'tell us was we were what when where which who whom whose why will with would you your give ' +
    'using use via tool call return returns value values answer exactly just only'
  ).split(' '),
);

// A lexical agent's only vocabulary: a few verbs servers name the same action differently.
const SYNONYMS: Record<string, string> = {
  fetch: 'get',
  retrieve: 'get',
  read: 'get',
  show: 'get',
  lookup: 'get',
  look: 'get',
  display: 'get',
  find: 'search',
  query: 'search',
  locate: 'search',
  enumerate: 'list',
  all: 'list',
  every: 'list',
  add: 'create',
  new: 'create',
  make: 'create',
  insert: 'create',
  remove: 'delete',
  erase: 'delete',
  drop: 'delete',
  modify: 'update',
  change: 'update',
  edit: 'update',
  set: 'update',
};

export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  // named → name, updated → update, but listed → list, opened → open
  if (word.length > 4 && word.endsWith('ed'))
    return /[aeiou][tsmkvzcg]ed$/.test(word) ? word.slice(0, -1) : word.slice(0, -2);
  return word;
}

/** Raw lowercase words: camelCase and snake_case split, punctuation dropped. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}

/** Content terms: stopwords and bare numbers dropped, stemmed, verbs folded to one synonym. */
export function terms(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of words(text)) {
    if (STOPWORDS.has(w) || !/[a-z]/.test(w) || w.length < 2) continue;
    const s = stem(w);
    out.add(SYNONYMS[s] ?? SYNONYMS[w] ?? s);
  }
  return out;
}

interface ToolTerms {
  tool: LanguageModelV3FunctionTool;
  name: Set<string>;
  description: Set<string>;
  /** The terms of the description's leading sentence: what the tool says it does. */
  leading: Set<string>;
  params: Set<string>;
  /** Every term of the three, once. */
  all: Set<string>;
}

type Terms = Omit<ToolTerms, 'tool'>;

/** A description's first sentence, up to a colon that opens a list of what it returns. */
function leadingSentence(description: string): string {
  return description.split(/(?<=[.!?])\s|\n|:\s/)[0] ?? '';
}

function paramNames(tool: LanguageModelV3FunctionTool): string[] {
  const props = tool.inputSchema.properties;
  return props === undefined ? [] : Object.keys(props);
}

/**
 * The terms of each offered tool, kept per input-schema object: the AI SDK offers the same schema
 * object on every step of every trial, and re-deriving the terms of 5,000 tools on each step was
 * most of what a run allocated. A hit is used only when the name and description still match.
 */
const termCache = new WeakMap<object, { name: string; description: string | undefined; terms: Terms }>();

function toolTerms(tool: LanguageModelV3FunctionTool): ToolTerms {
  const hit = termCache.get(tool.inputSchema);
  if (hit !== undefined && hit.name === tool.name && hit.description === tool.description)
    return { tool, ...hit.terms };
  const name = terms(tool.name);
  const description = terms(tool.description ?? '');
  const leading = terms(leadingSentence(tool.description ?? ''));
  const params = terms(paramNames(tool).join(' '));
  const fresh: Terms = {
    name,
    description,
    leading,
    params,
    all: new Set([...name, ...description, ...params]),
  };
  termCache.set(tool.inputSchema, { name: tool.name, description: tool.description, terms: fresh });
  return { tool, ...fresh };
}

// Action verbs say what to do but not to what: a tool matched by a verb alone is a weak match.
const VERBS = new Set(['get', 'list', 'search', 'create', 'delete', 'update']);
const VERB_ONLY_FACTOR = 0.1;

export interface ScoredTool {
  tool: LanguageModelV3FunctionTool;
  score: number;
  nameHits: number;
  /** How many terms of the tool's leading sentence the task repeats, when it repeats them all (else 0). */
  echo: number;
}

/**
 * Score every tool against the task: a shared term counts 3 in the tool name, 1 in the
 * description or a parameter name, divided by how many offered tools share it (a term every tool
 * has says nothing). A task that repeats the whole of what a tool says it does (its description's
 * leading sentence) names that tool, the fullest such repetition first; word weights order the
 * rest. Ties by name, so the order never depends on offer order.
 */
export function rankTools(task: string, tools: readonly LanguageModelV3FunctionTool[]): ScoredTool[] {
  const taskTerms = terms(task);
  const all = tools.map(toolTerms);
  const df = new Map<string, number>();
  for (const t of all) {
    for (const term of t.all) df.set(term, (df.get(term) ?? 0) + 1);
  }
  const scored = all.map((t) => {
    let nouns = 0;
    let verbs = 0;
    let nameHits = 0;
    for (const term of taskTerms) {
      const weight = t.name.has(term) ? 3 : t.description.has(term) || t.params.has(term) ? 1 : 0;
      if (weight === 0) continue;
      if (t.name.has(term)) nameHits++;
      const share = weight / (df.get(term) ?? 1);
      if (VERBS.has(term)) verbs += share;
      else nouns += share;
    }
    const score = nouns > 0 ? nouns + verbs : verbs * VERB_ONLY_FACTOR;
    const repeated = t.leading.size > 1 && [...t.leading].every((term) => taskTerms.has(term));
    return { tool: t.tool, score, nameHits, echo: repeated ? t.leading.size : 0 };
  });
  return scored.sort(
    (a, b) =>
      b.echo - a.echo || b.score - a.score || b.nameHits - a.nameHits || (a.tool.name < b.tool.name ? -1 : 1),
  );
}
