/**
 * A list of file names, one per line (docs/design.md §5.2): a search that answers the paths it
 * found, a folder listed bare. Principle: a text whose every line is one name with a file
 * extension (`Harbour/Tide tables.md`, `/srv/a.txt`) is a list of names; anything else on a line
 * (a label, a sentence, a second column) is not. Every value returned is a line of the text.
 */

const MAX_LINES = 2_000;
const FILE_NAME = /^(?:\/|\.{1,2}\/)?(?:[^\s/:][^/:\t]*\/)*[^\s/:][^/:\t]*\.[A-Za-z][A-Za-z0-9]{0,7}$/;

/** Two or more lines, each one file name or path (no two alike), as the list of them. */
export function fileLines(text: string): string[] | undefined {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length < 2 || lines.length > MAX_LINES) return undefined;
  if (!lines.every((l) => l.length <= 512 && FILE_NAME.test(l))) return undefined;
  return new Set(lines).size === lines.length ? lines : undefined;
}
