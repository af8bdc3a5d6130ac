/**
 * The verbs read-only inference knows, by what the action does to the server's state
 * (docs/design.md §5): a read returns what the server holds, a write changes it, a compute returns
 * a value made from the arguments alone, and a delegating verb (run, execute) does whatever the
 * thing it runs does. A verb outside these lists decides nothing.
 */

export type VerbClass = 'read' | 'write' | 'compute' | 'delegate';

export const READ_VERBS: readonly string[] = (
  'list get read search query describe show find fetch view lookup browse count inspect ' +
  'retrieve display explore lint analyze analyse check preview peek summarize summarise explain ' +
  'sample profile look recommend suggest return'
).split(' ');

/** Words that say a tool changes something, in any inflection (create, creates, created, creating). */
const WRITE_VERBS: readonly string[] = (
  'create add insert update upsert set write overwrite edit modify alter change delete remove ' +
  'drop destroy erase purge clear reset truncate move rename copy send post put patch upload ' +
  'download export push commit merge apply append replace save store record submit book cancel ' +
  'pay buy purchase transfer archive publish mark assign approve reject close deploy restart ' +
  'start stop kill install uninstall enable disable register grant revoke invite subscribe ' +
  'unsubscribe lock unlock import load sync synchronize trigger schedule restore revert ' +
  'generate launch checkout reserve attach detach connect disconnect initialize initialise init ' +
  'compress link share toggle reopen refresh compact rollback clone stage unstage format ' +
  'convert'
).split(' ');

/** Verbs whose result is a value made from the arguments (a calculator's, a converter's). */
const COMPUTE_VERBS: readonly string[] = (
  'calculate compute convert encode decode hash parse validate verify format evaluate count add ' +
  'subtract multiply divide sum average round estimate compare diff transform tokenize escape ' +
  'unescape serialize deserialize solve simplify generate echo measure translate'
).split(' ');

/** Verbs that do what their object does: "execute SELECT queries" reads, "execute any SQL statement" writes. */
const DELEGATING_VERBS = ['execute', 'exec', 'run', 'perform', 'invoke', 'process'] as const;

const IRREGULAR: Readonly<Record<string, string>> = {
  wrote: 'write',
  written: 'write',
  rewrote: 'write',
  sent: 'send',
  ran: 'run',
  found: 'find',
  got: 'get',
  gotten: 'get',
  shown: 'show',
  overwritten: 'overwrite',
  overwrote: 'overwrite',
  undone: 'undo',
};

function formsOf(verb: string): string[] {
  const base = verb.endsWith('e') ? verb.slice(0, -1) : verb;
  const doubled = /[^aeiou][aeiou][bdgmnprt]$/.test(verb) ? `${verb}${verb.at(-1)}` : verb;
  const y = verb.endsWith('y') && !/[aeiou]y$/.test(verb) ? verb.slice(0, -1) : undefined;
  const forms = [
    verb,
    `${verb}s`,
    `${verb}es`,
    `${base}ed`,
    `${base}ing`,
    `${doubled}ed`,
    `${doubled}ing`,
    `${verb}d`,
  ];
  if (y !== undefined) forms.push(`${y}ies`, `${y}ied`);
  return forms;
}

const LEMMA = new Map<string, string>();
for (const verb of [...READ_VERBS, ...WRITE_VERBS, ...COMPUTE_VERBS, ...DELEGATING_VERBS])
  for (const form of formsOf(verb)) if (!LEMMA.has(form)) LEMMA.set(form, verb);
for (const [form, verb] of Object.entries(IRREGULAR)) LEMMA.set(form, verb);

/** The lexicon verb a word is a form of ("deletes" → "delete"), or undefined. */
export function lemmaOf(word: string): string | undefined {
  return LEMMA.get(word.toLowerCase());
}

const CLASSES: readonly [VerbClass, readonly string[]][] = [
  ['write', WRITE_VERBS],
  ['compute', COMPUTE_VERBS],
  ['read', READ_VERBS],
  ['delegate', DELEGATING_VERBS],
];

/** Every class a lexicon verb belongs to: "add" is both a write (add an entity) and a compute (add two numbers). */
export function classesOf(lemma: string): VerbClass[] {
  return CLASSES.filter(([, verbs]) => verbs.includes(lemma)).map(([c]) => c);
}

/**
 * Nouns that name a value rather than a thing the server keeps: what a compute verb must act on to
 * be a compute ("add two numbers", "convert time between zones"), not a write ("add observations").
 */
export const VALUE_NOUNS: ReadonlySet<string> = new Set(
  (
    'number value expression equation formula text string input time date datetime timestamp ' +
    'timezone zone unit amount quantity temperature length distance weight currency percentage ' +
    'percent color colour hash checksum digest base64 uuid word character byte integer fraction ' +
    'matrix vector angle coordinate sum difference product quotient result'
  ).split(' '),
);

/** Lowercase words of a name or text: camelCase and snake_case split. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}
