/**
 * Empty-state phrasing: the server saying it has nothing (docs/design.md §5.3). One principle: a
 * short text that says something is absent, empty, zero or not set up reports the absence of data,
 * not a value the data holds. It is read in four forms:
 * - a phrase at the head ("No remote repositories configured", "No results found", "(empty)",
 *   "0 items"), after any symbol that leads it (an emoji, a quote mark);
 * - a text whose every number is zero and counts something ("physics chart, 0 marks",
 *   "0 errors, 0 warnings"): a count of nothing;
 * - a code whose joined words say the same (`EMPTY_SCENE`, `no-results`, `NoDataFound`);
 * - a one-sentence state of absence of the server's own ("Your project is not running.", "Not
 *   connected").
 * Phrases reach only the languages written here; admission's made-up-input call catches the rest by
 * what the tool does (input-independence.ts).
 */

const STATES =
  'found|configured|attached|available|exist|exists|yet|set|defined|registered|connected|selected|loaded';
const NOT_STATES =
  'running|available|configured|connected|installed|enabled|found|set\\s+up|initiali[sz]ed|loaded|started|defined|registered|selected|attached';

const HEAD_PHRASES = [
  String.raw`\(?(?:empty|none|nothing|n\/a|null|undefined)\)?[.!]?$`,
  String.raw`no\s+(?:[\w-]+\s+){0,3}(?:${STATES})\b`,
  String.raw`no\s+(?:results?|matches|items|entries|records|data|rows|values?)\b`,
  String.raw`0\s+(?:results?|items|entries|records|rows|matches)\b`,
  String.raw`(?:there\s+(?:are|is)\s+no|nothing\s+(?:to\s+show|found|here))\b`,
  String.raw`(?:the\s+)?(?:[\w-]+\s+)?(?:list|directory|folder|graph|database|table|store|vault)\s+is\s+empty\b`,
  String.raw`not\s+(?:(?:yet|currently)\s+)?(?:${NOT_STATES})\b`,
];
const HEAD = new RegExp(`^(?:${HEAD_PHRASES.map((p) => `(?:${p})`).join('|')})`, 'i');

/**
 * "Your project is not running.": one sentence whose subject is the server's own or the caller's
 * (a determiner leads it, no quoted name is in it) and whose main clause states an absence. A
 * sentence about a named thing ("'missingHelper' is not defined.") is a finding about the data.
 */
const NEGATED_STATE = new RegExp(
  String.raw`^(?:the|your|this|my|our|its)\s+(?:[\p{L}\p{N}-]+\s+){0,5}(?:is|are|was|were)(?:\s+not|n[’']t)\s+(?:(?:yet|currently)\s+)?(?:${NOT_STATES})[.!]?$`,
  'iu',
);

/** A number written as digits, with any decimal or grouping part. */
const NUMBER = /(?<![\p{L}\p{N}.])\d+(?:[.,]\d+)*(?![\p{N}])/gu;
/** A zero that counts something: `0 marks`, `0 errors`. */
const ZERO_COUNT = /(?<![\p{L}\p{N}.:/-])0(?:\.0+)?\s+\p{L}/u;

/** The longest text read for an empty state: longer texts carry more than a state. */
const MAX = 200;

export function isEmptyStateText(text: string): boolean {
  const head = text.trim().replace(/^[^\p{L}\p{N}(]+/u, '');
  if (head.length === 0 || head.length > MAX) return false;
  return HEAD.test(head) || NEGATED_STATE.test(head) || countsNothing(head) || emptyCode(head);
}

/** Every number in the text is zero, and one of them counts something. */
function countsNothing(text: string): boolean {
  const numbers = text.match(NUMBER) ?? [];
  return (
    numbers.length > 0 && numbers.every((n) => Number(n.replace(/,/g, '')) === 0) && ZERO_COUNT.test(text)
  );
}

/**
 * A code (one token whose words are joined by `_`, `-` or a change of case) read as its words:
 * `EMPTY_SCENE` → "empty scene", `NoDataFound` → "no data found".
 */
function emptyCode(text: string): boolean {
  if (!/^[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)+$|^[\p{L}\p{N}]*\p{Ll}\p{Lu}[\p{L}\p{N}]*$/u.test(text))
    return false;
  const words = text
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return /^empty\b/.test(words) || HEAD.test(words);
}
