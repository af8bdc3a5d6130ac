/**
 * "Label: value" lines, one record or many (docs/design.md §5.2). Principle: a label seen again
 * starts the next record. So `Name: …` / `Size: …` lines are one record (an object), and a log
 * whose `commit …` / `Author: …` / `Date: …` blocks repeat is a list of records (an array). A line
 * at column 0 that is a word and an identifier ("commit 3f2a…", not "This workflow …") is a label
 * when that word starts two or more such lines of a text that has real label lines too. Every value returned is a substring of the text.
 */

/** `Label: value`, also `**Label:** value`, `**Label**: value`, `- Label: value`. */
const LABEL_LINE =
  /^[ \t]*(?:[-*+][ \t]+)?(?:\*\*|__)?([A-Za-z][A-Za-z0-9 _()/-]{0,40}?)(?:\*\*|__)?[ \t]*:[ \t]*(?:\*\*|__)?[ \t]*(\S.*?)[ \t]*$/;
const WORD_LINE = /^([A-Za-z][\w-]{1,30})[ \t]+(\S.{0,300}?)[ \t]*$/;
/** Most tokens a word line's value has: `3f2a9c1 (HEAD -> main, origin/main)` is five, a sentence more. */
const MAX_WORD_VALUE_TOKENS = 6;

/**
 * A line that is a word and a value, when the value is an identifier (its first token holds a digit
 * or a symbol: a hash, a version, a path) and not a sentence: "This workflow contains …" is prose.
 */
function wordLine(line: string): LabelLine | undefined {
  const match = WORD_LINE.exec(line);
  const [label, value] = [match?.[1], match?.[2]];
  if (label === undefined || value === undefined) return undefined;
  const tokens = value.split(/\s+/);
  if (tokens.length > MAX_WORD_VALUE_TOKENS || /^[A-Za-z]+$/.test(tokens[0] ?? '')) return undefined;
  return { label, value };
}

export interface LabelLine {
  label: string;
  value: string;
}

function labelOf(line: string): LabelLine | undefined {
  const match = LABEL_LINE.exec(line);
  const label = match?.[1]?.trim();
  const value = match?.[2]?.replace(/(?:\*\*|__)$/, '').trim();
  // "https://…" would read as a label "https"; a value that is only markup is no value.
  if (label === undefined || value === undefined || value === '' || value.startsWith('//')) return undefined;
  // A label is a name, so its brackets balance: `book(isbn: String!): Book` is a signature, not a label.
  if ((label.match(/\(/g) ?? []).length !== (label.match(/\)/g) ?? []).length) return undefined;
  // Inline code around the whole value is markup: `` Path: `ai/01-overview.md` `` holds the path.
  return { label, value: unquoted(value) };
}

/** A value wholly in inline code is the code inside (a table cell's `` `#575757` `` is `#575757`). */
export function unquoted(value: string): string {
  return value.replace(/^`([^`]+)`$/, '$1');
}

/** The label lines of a text, in order (record headers included). */
export function labelEntries(text: string): LabelLine[] {
  const lines = text.split(/\r?\n/);
  // Without one real `Label: value` line there are no records, only prose ("The … / The …").
  if (!lines.some((line) => labelOf(line) !== undefined)) return [];
  const words = new Map<string, number>();
  for (const line of lines) {
    if (labelOf(line) !== undefined) continue;
    const word = wordLine(line)?.label;
    if (word !== undefined) words.set(word, (words.get(word) ?? 0) + 1);
  }
  const out: LabelLine[] = [];
  for (const line of lines) {
    const labelled = labelOf(line);
    if (labelled !== undefined) {
      out.push(labelled);
      continue;
    }
    const word = wordLine(line);
    if (word !== undefined && (words.get(word.label) ?? 0) >= 2) out.push(word);
  }
  return out;
}

/** Label lines as records: one object, an array of two or more, or undefined when there are none. */
export function recordsOf(
  entries: readonly LabelLine[],
): Record<string, string> | Record<string, string>[] | undefined {
  const records: Record<string, string>[] = [];
  let current: Record<string, string> = {};
  for (const { label, value } of entries) {
    if (Object.hasOwn(current, label)) {
      records.push(current);
      current = {};
    }
    current[label] = value;
  }
  if (Object.keys(current).length > 0) records.push(current);
  if (records.length === 0) return undefined;
  return records.length === 1 ? records[0] : records;
}
