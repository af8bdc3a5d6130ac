import nlp from 'compromise';

/** Descriptions are server text: the tagger reads at most this many characters. */
export const MAX_DESCRIPTION_CHARS = 4_000;

/** One word as the part-of-speech tagger (`compromise`) reads it: its text, spacing, tags and root. */
export interface Term {
  text: string;
  lower: string;
  pre: string;
  post: string;
  tags: Set<string>;
  root: string;
}

/** The tagger's terms of `text` (at most `MAX_DESCRIPTION_CHARS` of it), sentence by sentence. */
export function termsOf(text: string): Term[][] {
  const doc = nlp(text.slice(0, MAX_DESCRIPTION_CHARS));
  doc.compute('root');
  const sentences: unknown = doc.json();
  if (!Array.isArray(sentences)) return [];
  return sentences.map((s: unknown) => {
    const terms = (s as { terms?: unknown }).terms;
    return Array.isArray(terms) ? terms.map(toTerm) : [];
  });
}

function toTerm(raw: unknown): Term {
  const t = (raw ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const text = str(t.text);
  const tags = Array.isArray(t.tags) ? t.tags.filter((x): x is string => typeof x === 'string') : [];
  return {
    text,
    lower: text.toLowerCase(),
    pre: str(t.pre),
    post: str(t.post),
    tags: new Set(tags),
    root: str(t.root),
  };
}

export const has = (t: Term | undefined, ...tags: string[]) =>
  t !== undefined && tags.some((g) => t.tags.has(g));
