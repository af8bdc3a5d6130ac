import { posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { wordsOf } from '../explorable.js';
import type { ParamSpec } from './params.js';
import { listingEntries } from './text.js';

/**
 * Handles in the server's own forms (docs/statistics.md, "Arguments"). The principle: a value the
 * server gave us, or the user gave it, is offered to a parameter in each form the server uses for
 * that kind of value — as given, relative to a root the server was started with, as a `file://`
 * URL or as a path — and a folder is never offered where a file is asked when a file under it is
 * known. Pure: the roots are the given folders, the known paths what exploration has seen.
 */

/** How one form was made from the value as given (`name`: the one name a decorated list item holds). */
export type FormKind = 'given' | 'path' | 'file-url' | 'relative' | 'joined' | 'name' | 'link';

export interface Form {
  value: string;
  form: FormKind;
}

/** What a parameter asks for, read from its name (and, for a path, from its tool). */
export type Wants = 'url' | 'file' | 'dir' | 'path';

const URL_WORDS = /(?:^|_)(?:url|urls|uri|uris|href|link)(?:$|_)/i;
const DIR_WORDS = /(?:^|_)(?:dir|dirs|directory|directories|folder|folders|root|cwd|repo|repository)(?:$|_)/i;
const FILE_WORDS = /(?:^|_)(?:file|files|filename|filepath|filenames|filepaths)(?:$|_)/i;
const MAX_FORMS = 6;

function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_');
}

/** Does the tool list or search rather than read one thing? Such tools take folders first. */
export function wantsDirectories(toolName: string): boolean {
  return wordsOf(toolName).some((w) =>
    ['list', 'directory', 'dir', 'tree', 'folder', 'ls', 'search', 'find'].includes(w),
  );
}

/** The kind of handle a parameter takes: a URL, a file, a folder, a path of either kind, or none. */
export function wants(param: ParamSpec): Wants | undefined {
  const name = snake(param.name);
  if (URL_WORDS.test(name)) return 'url';
  if (!param.pathLike) return undefined;
  if (FILE_WORDS.test(name)) return 'file';
  if (DIR_WORDS.test(name)) return 'dir';
  return 'path';
}

/** A file is asked: by the parameter's name, or a path or URL given to a tool that reads one thing. */
export function asksFile(toolName: string, param: ParamSpec): boolean {
  const kind = wants(param);
  if (kind === 'file') return true;
  return (kind === 'path' || kind === 'url') && !wantsDirectories(toolName);
}

/** A folder is asked: by the parameter's name, or a path given to a tool that lists or searches. */
export function asksFolder(toolName: string, param: ParamSpec): boolean {
  const kind = wants(param);
  return kind === 'dir' || (kind === 'path' && wantsDirectories(toolName));
}

// A tag before a listed name (`[function]`, `(dir)`) and a note after it (` — 3 connections`, ` (2 KB)`).
const TAG = /^(?:\[[^\]\n]{1,40}\]|\([^)\n]{1,40}\))\s+/;
const NOTE = /(?:\s+[—–-]\s|\s+\().*$/;

/**
 * The one name a decorated list item holds: `[function] addDays — 1 connections (src/a.ts)` →
 * `addDays`, `notes.md (3 KB)` → `notes.md`. Undefined when the item is not decorated, or what is
 * left is not one word (a title with spaces is not a name with a note), or is a label: a word
 * ending in a colon introduces what follows it (`Fields:  (0 numeric, 0 date)`), it names nothing.
 */
export function decoratedName(value: string): string | undefined {
  const item = value.trim();
  if (item.length > 300 || item.includes('\n')) return undefined;
  const name = item.replace(TAG, '').replace(NOTE, '').trim();
  if (name === item || name.endsWith(':')) return undefined;
  return /^[^\s]{1,120}$/.test(name) && /\p{L}/u.test(name) ? name : undefined;
}

// A list item that opens with a Markdown link: `[Alert](web/components/Alert.txt): A dialog …`.
const LINKED = /^\s*\[([^\]\n]{1,120})\]\(([^)\s]{1,300})\)/;

/**
 * The handles a listed item names, offered just before the item as written. Principle: an item that
 * opens with a link names one entry, and the link's destination is the server's own address for it
 * (tried first, whatever the parameter is called), its text the entry's name; a decorated item
 * (`decoratedName`) names one name. A path parameter takes no bare name.
 */
export function itemHandles(value: string, pathLike: boolean): { value: string; form: FormKind }[] {
  const link = LINKED.exec(value);
  if (link?.[1] !== undefined && link[2] !== undefined) {
    const target = { value: link[2], form: 'link' as const };
    return pathLike ? [target] : [target, { value: link[1].trim(), form: 'name' }];
  }
  const name = pathLike ? undefined : decoratedName(value);
  return name === undefined ? [] : [{ value: name, form: 'name' }];
}

export function isAbsolutePath(value: string): boolean {
  return /^\/(?!\/)/.test(value) && !value.includes('\n') && value.length <= 1024;
}

/** `file:///srv/a%20b.pdf` → `/srv/a b.pdf`; anything else → undefined. */
export function fileUrlPath(value: string): string | undefined {
  if (!/^file:\/\//i.test(value)) return undefined;
  try {
    const path = fileURLToPath(value);
    return isAbsolutePath(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** `/srv/a b.pdf` → `file:///srv/a%20b.pdf`. */
export function fileUrl(path: string): string {
  return pathToFileURL(path).href;
}

/** A relative name that reads as a file's path: no scheme, no leading slash, no `..`, no glob, an extension, no listing marker. */
export function looksRelativePath(value: string): boolean {
  if (value === '' || value.length > 512 || /[\n\r\t]/.test(value)) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || /^[/~\\]/.test(value)) return false;
  // A glob (`*.pyc`) names many files, not one.
  if (/[*?[\]{}]/.test(value)) return false;
  const parts = value.split('/');
  if (parts.some((part) => part === '..' || part.trim() === '')) return false;
  // A listing line (`[FILE] a.md`) names a file; its entry is read, joined, by the harvester.
  if (listingEntries(value).length > 0) return false;
  return /[^\s/.][^/]*\.[A-Za-z][A-Za-z0-9]{0,7}$/.test(parts.at(-1) ?? '');
}

/** The path of `path` inside `root` ("reports/a.md"), or undefined when it is not strictly under it. */
export function relativeTo(root: string, path: string): string | undefined {
  const base = root.replace(/\/+$/, '');
  if (base === '' || !path.startsWith(`${base}/`)) return undefined;
  const rest = path.slice(base.length + 1).replace(/\/+$/, '');
  return rest === '' ? undefined : rest;
}

/** A value's absolute path, when it has one: itself, or the path of its `file://` URL. */
export function absoluteOf(value: string): string | undefined {
  return isAbsolutePath(value) ? value : fileUrlPath(value);
}

/**
 * Every form of one value, the value as given first: a `file://` URL's path and a path's
 * `file://` URL; a relative name joined to the folder it was listed under, inside the entries it
 * is nested in (`nest`: a tree listing), or, listed under no folder, to each root; and every
 * absolute form relative to each root it lies under. At most six, each once.
 */
export function formsOf(
  value: string,
  roots: readonly string[],
  listedUnder?: string,
  nest: readonly string[] = [],
): Form[] {
  const out: Form[] = [{ value, form: 'given' }];
  const add = (form: Form) => {
    // Another form may read like the value as given (a name at the root): it is kept, as that form.
    if (out.length < MAX_FORMS && !out.slice(1).some((f) => f.value === form.value)) out.push(form);
  };
  const absolute: string[] = [];
  const path = fileUrlPath(value);
  if (path !== undefined) {
    add({ value: path, form: 'path' });
    absolute.push(path);
  } else if (isAbsolutePath(value)) {
    add({ value: fileUrl(value), form: 'file-url' });
    absolute.push(value);
  } else if (looksRelativePath(value) && listedUnder !== undefined) {
    const joined = posix.join(listedUnder, ...nest, value);
    add({ value: joined, form: 'joined' });
    absolute.push(joined);
  } else if (looksRelativePath(value)) {
    if (nest.length > 0) add({ value: posix.join(...nest, value), form: 'relative' });
    for (const root of roots) add({ value: posix.join(root, ...nest, value), form: 'joined' });
  }
  for (const known of absolute)
    for (const root of roots) {
      const relative = relativeTo(root, known);
      if (relative !== undefined) add({ value: relative, form: 'relative' });
    }
  return out;
}

/** Which forms a parameter takes: a URL parameter takes `file://` URLs; a path parameter, paths. */
export function formFits(kind: Wants | undefined, form: Form): boolean {
  if (kind === undefined) return false;
  if (kind === 'url') return /^file:\/\//i.test(form.value);
  return isAbsolutePath(form.value) || looksRelativePath(form.value);
}

/** One absolute path exploration knows, and whether it is known to be a folder. */
export interface KnownPath {
  path: string;
  dir: boolean;
}

/**
 * The folders with a known file under them: every ancestor of a known path that is no folder (not
 * said to be one, and no known path lies under it). Such a folder is never offered where a file
 * is asked.
 */
export function foldersWithFiles(known: readonly KnownPath[]): Set<string> {
  const ancestors = new Set<string>();
  const ancestorsOf = (path: string): string[] => {
    const out: string[] = [];
    for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1))
      out.push(path.slice(0, at));
    if (path.length > 1 && path.startsWith('/')) out.push('/');
    return out;
  };
  for (const k of known) for (const a of ancestorsOf(k.path.replace(/\/+$/, ''))) ancestors.add(a);
  const out = new Set<string>();
  for (const k of known) {
    const path = k.path.replace(/\/+$/, '');
    if (k.dir || ancestors.has(path)) continue;
    for (const a of ancestorsOf(path)) out.add(a);
  }
  return out;
}
