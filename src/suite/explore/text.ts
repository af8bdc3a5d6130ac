/**
 * What text results say beside their facts (explore/2): paths written in them, `[FILE]`/`[DIR]`
 * listing lines, and failures reported without `isError`. Facts themselves (fields, tables, lists)
 * are read by the fact layer (`../facts/`). A listing entry is the listed name joined to the
 * directory the call was made with (`joinListing`); any other value is a substring of the text.
 */

// A path starts where no word, path or markup does: `</th>` and `<br/>` close tags, they name no file.
const ABSOLUTE_PATH = /(?<![\w.~/<-])(\/(?:[\w.@+-]+\/?)+)(?![\w]*>)/g;

/** POSIX absolute paths written in the text ("/srv/share/notes.txt"), trailing punctuation dropped. */
export function absolutePaths(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(ABSOLUTE_PATH)) {
    const path = (match[1] ?? '').replace(/[.:]+$/, '');
    if (path.length > 1 && path.length <= 512 && !path.startsWith('//'))
      seen.add(path.replace(/\/$/, '') || '/');
  }
  return [...seen];
}

/** `[FILE] name` / `[DIR] name` listing lines (sizes or dates after two spaces are dropped). */
export interface ListingEntry {
  kind: 'file' | 'dir';
  name: string;
}

const LISTING_LINE = /^\s*\[(FILE|DIR)\]\s+(.+?)(?:\s{2,}.*)?\s*$/i;

export function listingEntries(text: string): ListingEntry[] {
  const out: ListingEntry[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = LISTING_LINE.exec(line);
    const name = match?.[2]?.trim();
    if (match === null || name === undefined || name === '' || name.includes('/')) continue;
    out.push({ kind: match[1]?.toUpperCase() === 'DIR' ? 'dir' : 'file', name });
  }
  return out;
}

/** A listed name joined to the directory that was listed. */
export function joinListing(parent: string, name: string): string {
  return `${parent.replace(/\/+$/, '')}/${name}`;
}

/**
 * Texts that report a failure without `isError` (a server that returns "ENOENT: no such file" as a
 * plain result): never harvested, never a key. Only the head of the text is read, so a document
 * that merely mentions an error somewhere is kept.
 */
const ERROR_TEXT =
  /^(?:error\b|err:|failed\b|failure\b|exception\b)|\b(?:ENOENT|EISDIR|ENOTDIR|EACCES|EPERM)\b|\b(?:not found|no such (?:file|directory|table|entity|item|record)|does not exist|access denied|permission denied|no matches found|no results?(?: found)?|unknown (?:tool|table|id)|invalid (?:path|id|argument))\b/i;

/** "… is not a directory", "… is not an object type", "… is not supported": a word on the input's kind. */
const NOT_ITS_KIND = /\b(?:is|are) not (?:a|an|one of|of|valid|supported|allowed|known|recogni[sz]ed)\b/i;

/**
 * A one-line answer that names a value we sent and says it is not of the kind the tool takes
 * (`Type "Genre" is not an object type with fields`): the tool refusing the call, not its data.
 */
export function refusesInput(text: string, args: Record<string, unknown>): boolean {
  const line = text.trim();
  if (line === '' || line.includes('\n') || line.length > 200 || !NOT_ITS_KIND.test(line)) return false;
  return Object.values(args).some(
    (v) => typeof v === 'string' && v.trim().length >= 2 && line.includes(v.trim()),
  );
}

/**
 * The tool saying it could not do what was asked, at the head of the text after any symbol that
 * leads it ("❌ Unable to check for updates. Please ensure you have internet connectivity.").
 */
const COULD_NOT = /^(?:unable to|could not|couldn't|cannot|can't|failed to)\b/i;

export function isErrorText(text: string): boolean {
  const head = text.trim().slice(0, 300);
  if (head === '') return false;
  const firstLine = head.split(/\r?\n/)[0] ?? '';
  const opening = firstLine.replace(/^[^\p{L}\p{N}]+/u, '');
  return (
    ERROR_TEXT.test(firstLine) || COULD_NOT.test(opening) || (head.length < 200 && ERROR_TEXT.test(head))
  );
}
