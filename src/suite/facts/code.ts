/**
 * Whether a text is source code rather than a document: most of its lines end in code punctuation
 * (`;`, `{`, `}`, `(`, `)`, `[`, `,`, before any `//` comment) or open with a declaration keyword,
 * a decorator or a comment. A string of code inside JSON is read by no fact reader: its
 * `name: value;` lines are syntax, not labels (a CSS rule's `color: white;`, an object literal's
 * `providers: [`). Text blocks are not asked: pretty-printed JSON has the same line ends.
 */

const CODE_END = /[;{}()[,]\s*$/;
const DECLARATION =
  /^\s*(?:(?:import|export|const|let|var|function|class|interface|type|def|return|readonly|public|private)\b|@[A-Za-z]|\/\/|\/\*|\*)/;

export function looksLikeCode(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length < 2) return false;
  const code = lines.filter((line) => {
    const bare = line.replace(/\s\/\/.*$/, '');
    return CODE_END.test(bare) || DECLARATION.test(bare);
  }).length;
  return code * 2 >= lines.length;
}
