import { parsePatch } from 'diff';

/**
 * Unified diffs (docs/design.md §5.2), read with jsdiff's patch parser: a diff is the files it
 * changes, each with the lines it adds and removes. Text before the first file header (a commit's
 * `Author:` / `Date:` lines) is the diff's head and is read by the other readers. Every value
 * returned is a substring of the text.
 */

/** Field names read as prompt words: "what is the added line of the entry whose file is …". */
export interface DiffFile {
  file: string;
  'added line': string[];
  'removed line': string[];
}

/** A file header: `diff --git a/x b/x`, or `--- a/x` directly followed by `+++ b/x`. */
const HEADER = /^(?:diff --git \S|--- \S.*\r?\n\+\+\+ \S)/m;

function bare(name: string | undefined): string | undefined {
  if (name === undefined || name === '/dev/null') return undefined;
  return name.replace(/^[ab]\//, '');
}

/** The head before the first file header and the files of the diff, or undefined when the text holds no diff. */
export function unifiedDiff(text: string): { head: string; files: DiffFile[] } | undefined {
  const at = HEADER.exec(text)?.index;
  if (at === undefined) return undefined;
  let patches: ReturnType<typeof parsePatch>;
  try {
    patches = parsePatch(text.slice(at));
  } catch {
    return undefined;
  }
  const files = patches.flatMap((p): DiffFile[] => {
    const file = bare(p.newFileName) ?? bare(p.oldFileName);
    if (file === undefined) return [];
    const lines = p.hunks.flatMap((h) => h.lines);
    const content = (sign: string) =>
      lines.filter((l) => l.startsWith(sign) && l.slice(1).trim() !== '').map((l) => l.slice(1));
    return [{ file, 'added line': content('+'), 'removed line': content('-') }];
  });
  return files.length === 0 ? undefined : { head: text.slice(0, at), files };
}
