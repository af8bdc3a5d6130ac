/**
 * The answer-leak matcher (docs/design.md §5.3). Texts are compared squashed: lowercase, every char
 * outside [a-z0-9] dropped, so `RFC 2616` and `rfc2616.txt` meet. Short phrases (3–5 squashed
 * chars) would match inside unrelated numbers and words (`307` in `13070`), so they only leak on a
 * word-boundary match.
 */

const LONG = 6;
const SHORT = 3;

export function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function leaves(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number' && Number.isFinite(value)) out.push(String(value));
  else if (typeof value === 'boolean') out.push(String(value));
  else if (typeof value === 'bigint') out.push(value.toString());
  else if (Array.isArray(value)) for (const v of value) leaves(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) leaves(v, out);
}

/** Scalar leaves of the key whose squashed form has at least 3 chars, first occurrence of each kept. */
export function keyPhrases(key: unknown): string[] {
  const all: string[] = [];
  leaves(key, all);
  const seen = new Set<string>();
  return all.filter((phrase) => {
    const s = squash(phrase);
    if (s.length < SHORT || seen.has(s)) return false;
    seen.add(s);
    return true;
  });
}

export interface LeakHit {
  phrase: string;
  where: string;
}

/** The squashed chars in order, separated by any non-alphanumerics, bounded by non-alphanumerics. */
function boundaryPattern(squashed: string): RegExp {
  return new RegExp(`(?<![a-z0-9])${squashed.split('').join('[^a-z0-9]*')}(?![a-z0-9])`);
}

function leaksInto(squashedPhrase: string, text: string): boolean {
  if (squashedPhrase.length >= LONG) return squash(text).includes(squashedPhrase);
  return boundaryPattern(squashedPhrase).test(text.toLowerCase());
}

/**
 * The first key phrase found in any haystack. `minPhrase` (6 for context: server instructions and
 * tool descriptions) ignores shorter phrases.
 */
export function findLeak(
  key: unknown,
  haystacks: readonly { where: string; text: string }[],
  options: { minPhrase?: number } = {},
): LeakHit | undefined {
  const min = Math.max(SHORT, options.minPhrase ?? SHORT);
  const phrases = keyPhrases(key).filter((p) => squash(p).length >= min);
  for (const { where, text } of haystacks) {
    for (const phrase of phrases) {
      if (leaksInto(squash(phrase), text)) return { phrase, where };
    }
  }
  return undefined;
}
