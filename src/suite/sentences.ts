import { has, type Term, termsOf } from './terms.js';
import { lemmaOf } from './verbs.js';

/**
 * A tool description read as sentences, with a part-of-speech tagger (`compromise`), for
 * read-only inference (docs/design.md §5). Each sentence is cut into clauses at punctuation,
 * parentheses, coordinating conjunctions and subordinators; each clause keeps the lexicon verbs it
 * uses *as verbs* (a tagged noun or adjective is not one: "commit history", "modified files", nor
 * is a one-word item of a list of nouns: "dependencies, exports, types"), with
 * whether a negation governs them, and what the clause is about (its subject, and whether it is a
 * relative or subordinate clause). Deciding what counts is `tool-action.ts`'s job.
 *
 * A description's sentences have the tool as their unstated subject ("Deletes the file"), which
 * the tagger reads as a noun at the head of a sentence; a lexicon verb there, followed by no verb,
 * is read as the verb it is.
 */

export interface VerbUse {
  /** The word as written, and the lexicon verb it is a form of. */
  word: string;
  lemma: string;
  negated: boolean;
  /** The objects after it in its clause: the last noun of each noun run, singular, lowercase. */
  objects: string[];
  /** The objects the tagger knows as proper names ("Knip" in "Run Knip"). */
  proper: string[];
  /** A number stands among its objects ("add two numbers"). */
  values: boolean;
  /**
   * A past participle standing first in its clause with no subject and no auxiliary ("when
   * truncated", "if omitted"): an elliptical passive that names a state, not an action.
   */
  bare: boolean;
  /** The next word after it (past "the"), lowercase, up to any "=": the parameter it sets, when it sets one. */
  next: string;
}

export type ClauseKind = 'main' | 'relative' | 'subordinate';

export interface Clause {
  text: string;
  kind: ClauseKind;
  /** Lowercase words before its first verb (after a subordinator). */
  subject: string[];
  verbs: VerbUse[];
  /** The clause restricts what it runs to reads: "read-only", "SELECT". */
  readOnly: boolean;
  /** Lowercase words of the clause, for names of other tools. */
  words: string[];
  /** Its last word is a noun (not a verb it uses), or it is one listed noun: "branches" in "branches or commits". */
  endsInNoun: boolean;
}

const COORDINATORS = new Set(['and', 'or', 'but', 'nor', 'then', 'plus']);
// A clause opened by a relative or a wh-word ("who made the change, what was changed") says what
// something else is or did: what the answer reports, not what the tool does.
const RELATIVES = new Set(['that', 'which', 'who', 'whom', 'whose', 'what', 'how']);
const SUBORDINATORS = new Set(
  'if when whenever unless whether because since although though while until once before after where as'.split(
    ' ',
  ),
);
const NEGATORS = new Set('not never no without nothing none neither nor avoid cannot'.split(' '));
const BREAK_CHARS = [',', ';', ':', '(', ')', '—', '–', '\n', '[', ']'];
const NOUN_LIKE = ['Noun', 'Acronym', 'ProperNoun'];
const NOT_OBJECT = ['Pronoun', 'Determiner', 'Preposition', 'Conjunction', 'Adverb', 'Value', 'Negative'];

const breaksAfter = (t: Term) => BREAK_CHARS.some((c) => t.post.includes(c)) || t.post.includes(' - ');
const breaksBefore = (t: Term) =>
  t.pre.includes('(') || t.pre.includes('[') || t.pre.trim().startsWith('-') || t.pre.trim().startsWith('*');
/** The clause starts a sentence-level unit (sentence, parenthesis, after ; or :), or follows and/or. */
const headPosition = (prev: Term | undefined) =>
  prev === undefined ||
  [';', ':', '(', '\n'].some((c) => prev.post.includes(c)) ||
  COORDINATORS.has(prev.lower);

/** A clause's terms, the term before it, and the and/or that joined it to the one before. */
interface Part {
  terms: Term[];
  opener: Term | undefined;
  joined: string | undefined;
}

/** Cuts one sentence's terms into clauses, each opened by its first term. */
function cut(terms: readonly Term[]): Part[] {
  const out: Part[] = [];
  let current: Term[] = [];
  let joined: string | undefined;
  let opener: Term | undefined;
  const flush = () => {
    if (current.length > 0) out.push({ terms: current, opener, joined });
    current = [];
    joined = undefined;
  };
  terms.forEach((t, i) => {
    const prev = terms[i - 1];
    if (COORDINATORS.has(t.lower) && has(t, 'Conjunction')) {
      flush();
      opener = t;
      joined = t.lower;
      return;
    }
    // "files that were created": "that" after a noun opens a relative clause, elsewhere it is a determiner.
    const relativeThat = t.lower === 'that' && has(prev, 'Noun') && !has(prev, 'Pronoun');
    const subordinator =
      relativeThat ||
      ((RELATIVES.has(t.lower) || SUBORDINATORS.has(t.lower)) && !has(t, 'Determiner', 'Pronoun', 'Adverb'));
    if (subordinator || (prev !== undefined && breaksAfter(prev)) || breaksBefore(t)) {
      flush();
      opener = prev;
    }
    current.push(t);
  });
  flush();
  return out;
}

/** Where the hyphenated word ending at `i` starts ("auto" of "auto-create"). */
function compoundStart(terms: readonly Term[], i: number): number {
  let start = i;
  while (start > 0 && terms[start - 1]?.post === '-' && has(terms[start - 1], 'Hyphenated')) start--;
  return start;
}

/** A lexicon verb this term uses as a verb, given its neighbours; undefined when it is a noun or adjective. */
function verbAt(terms: readonly Term[], i: number, head: boolean, seenVerb: boolean): string | undefined {
  const t = terms[i];
  if (t === undefined) return undefined;
  const lemma = t.text
    .split('/')
    .map((part) => lemmaOf(part.split('-').at(-1) ?? part))
    .find((l) => l !== undefined);
  if (lemma === undefined) return undefined;
  // A hyphenated word is read by its last part at the place of its first ("auto-create chunks"
  // creates); a part followed by a hyphen is not a verb ("read-only").
  if (has(t, 'Hyphenated') && t.post.includes('-')) return undefined;
  const start = compoundStart(terms, i);
  const prev = terms[start - 1];
  if (has(prev, 'Determiner', 'Possessive')) return undefined;
  const next = terms[i + 1];
  const passive = has(prev, 'Copula', 'Auxiliary');
  // "modules to be exported": an infinitive passive after a noun says what the noun is for.
  if (prev?.lower === 'be' && terms[start - 2]?.lower === 'to' && has(terms[start - 3], 'Noun'))
    return undefined;
  const participle = t.lower.endsWith('ed') || t.lower.endsWith('en');
  if (passive && participle) return lemma;
  // "attached servers", "modified files": a participle before a noun, with no copula, is an adjective.
  if (participle && has(next, 'Noun', 'Adjective', 'Acronym')) return undefined;
  // "Returns ten resource links": after a noun, once the clause has its verb, an -s form is a plural noun.
  if (t.lower.endsWith('s') && has(prev, 'Noun') && seenVerb) return undefined;
  // "reads up to 2000 lines starting from the beginning": an -ing form right after a noun, with no
  // auxiliary, says which of the noun is meant (a reduced relative), not what the tool does.
  if (t.lower.endsWith('ing') && !passive && has(prev, 'Noun') && !has(prev, 'Pronoun')) return undefined;
  if (has(t, 'Verb') && !has(t, 'Auxiliary')) return lemma;
  // The tool is the unstated subject: "Deletes the file" starts with its verb, "Commits are listed" with a noun.
  const leads = head && start === 0 && terms.length > i + 1 && has(t, 'Noun') && !has(t, 'Pronoun');
  return leads && !has(next, 'Copula', 'Auxiliary', 'Modal') ? lemma : undefined;
}

function objectsAfter(
  terms: readonly Term[],
  from: number,
): { objects: string[]; proper: string[]; values: boolean } {
  const objects: string[] = [];
  const proper: string[] = [];
  let values = false;
  // After the verb, an -s form right after a noun ends that noun's run: "task lists" are lists.
  const pluralAfterNoun = (j: number) =>
    j > from + 1 &&
    (terms[j]?.lower.endsWith('s') ?? false) &&
    has(terms[j - 1], 'Noun') &&
    !breaksAfter(terms[j - 1] as Term);
  for (let i = from + 1; i < terms.length; i++) {
    const t = terms[i] as Term;
    if (has(t, 'Value')) values = true;
    const nounish =
      has(t, ...NOUN_LIKE) ||
      (has(t, 'Verb') && t.root !== '' && lemmaOf(t.text) === undefined) ||
      pluralAfterNoun(i);
    if (!nounish || has(t, ...NOT_OBJECT)) continue;
    const next = terms[i + 1];
    const runContinues =
      next !== undefined &&
      (has(next, ...NOUN_LIKE) || pluralAfterNoun(i + 1)) &&
      !has(next, ...NOT_OBJECT) &&
      !breaksAfter(t);
    if (runContinues) continue;
    const object = (t.root || t.lower).toLowerCase();
    objects.push(object);
    if (has(t, 'ProperNoun') && !has(t, 'Acronym')) proper.push(object);
  }
  return { objects, proper, values };
}

function readOnlyQualifier(terms: readonly Term[]): boolean {
  return terms.some(
    (t, i) =>
      t.text === 'SELECT' ||
      t.lower === 'readonly' ||
      (t.lower === 'read' && (terms[i + 1]?.lower ?? '') === 'only'),
  );
}

const kindOf = (first: Term): ClauseKind =>
  RELATIVES.has(first.lower) ? 'relative' : SUBORDINATORS.has(first.lower) ? 'subordinate' : 'main';

/** The lexicon verbs a clause body uses as verbs, each with its negation, and where its subject ends. */
function verbsIn(
  body: readonly Term[],
  head: boolean,
  negation: boolean,
  nounConjunct: boolean,
): { verbs: VerbUse[]; subjectEnd: number } {
  const verbs: VerbUse[] = [];
  let negated = negation;
  let subjectEnd = -1;
  const headless = head && has(body[0], 'Noun') && !has(body[0], 'Pronoun');
  body.forEach((t, i) => {
    if (NEGATORS.has(t.lower) || has(t, 'Negative')) negated = true;
    if (has(t, 'Verb') && subjectEnd < 0) subjectEnd = i;
    const seenVerb = (headless && i > 0) || (subjectEnd >= 0 && subjectEnd < i);
    const lemma = nounConjunct ? undefined : verbAt(body, i, head, seenVerb);
    if (lemma === undefined) return;
    if (subjectEnd < 0) subjectEnd = i;
    const after = body.slice(i + 1).find((x) => !has(x, 'Determiner'));
    const next = (after?.lower ?? '').split('=')[0] ?? '';
    const bare = i === 0 && !head && (has(t, 'PastTense', 'Participle') || /(ed|en)$/.test(t.lower));
    verbs.push({ word: t.text, lemma, negated, next, bare, ...objectsAfter(body, i) });
  });
  // "This is a destructive operation": the description calls the tool destructive.
  const destructive = body.findIndex((t) => t.lower === 'destructive' && !t.pre.includes('-'));
  if (
    destructive >= 0 &&
    !body.slice(0, destructive).some((t) => NEGATORS.has(t.lower) || has(t, 'Negative'))
  )
    verbs.push({
      word: 'destructive',
      lemma: 'destroy',
      negated: false,
      objects: [],
      proper: [],
      values: false,
      bare: false,
      next: '',
    });
  return { verbs, subjectEnd };
}

function clauseOf(part: Part, negation: boolean, nounConjunct: boolean): Clause {
  const { terms } = part;
  const kind = kindOf(terms[0] as Term);
  const body = kind === 'main' ? terms : terms.slice(1);
  const { verbs, subjectEnd } = verbsIn(
    body,
    kind === 'main' && headPosition(part.opener),
    negation,
    nounConjunct,
  );
  const last = terms.at(-1);
  return {
    text: terms
      .map((t) => `${t.pre}${t.text}${t.post}`)
      .join('')
      .trim(),
    kind,
    subject: body.slice(0, Math.max(0, subjectEnd)).map((t) => t.lower),
    verbs,
    readOnly: readOnlyQualifier(terms),
    words: terms.map((t) => t.lower),
    endsInNoun:
      nounConjunct ||
      (has(last, 'Noun') && !has(last, 'Pronoun') && !verbs.some((v) => v.word === last?.text)),
  };
}

/** The clauses of a description, in order. */
export function clausesOf(text: string): Clause[] {
  const out: Clause[] = [];
  for (const sentence of termsOf(text)) {
    let previous: Clause | undefined;
    for (const part of cut(sentence)) {
      // "does not modify or delete": a negation distributes over or/nor, never over and.
      const inherit =
        (part.joined === 'or' || part.joined === 'nor') && (previous?.verbs.at(-1)?.negated ?? false);
      // "branches or commits": one word joined to a noun is another noun, and so is one word after a
      // comma that follows a noun with no verb, an item of a list ("dependencies, exports, types").
      const listed =
        part.opener?.post.includes(',') === true && previous !== undefined && previous.verbs.length === 0;
      const nounConjunct =
        (part.joined !== undefined || listed) && part.terms.length === 1 && (previous?.endsInNoun ?? false);
      previous = clauseOf(part, inherit, nounConjunct);
      out.push(previous);
    }
  }
  return out;
}
