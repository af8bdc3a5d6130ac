import { escapeRegex } from '../../core/escape/regex.js';
import { isStopword } from './lexical.js';

/** A candidate value found in the task text, with its position so each is used once. */
export interface Found {
  value: string;
  index: number;
  quoted: boolean;
}

const QUOTED = /"([^"\n]+)"|“([^”\n]+)”|`([^`\n]+)`|(?<![A-Za-z0-9])'([^'\n]+)'(?![A-Za-z0-9])/g;
const NUMBER = /(?<![\w.-])-?\d+(?:\.\d+)?(?![\w]|\.\d)/g;
// Identifier-like tokens: carry a digit, @, _ or / (order ids, emails, slugs, paths).
const IDENT = /(?<![\w@./-])[A-Za-z][\w.@/-]*[\d@_/][\w.@/-]*(?<![.])/g;
const PROPER = /(?<![\w'])[A-Z][A-Za-z0-9_-]+/g;
const CUED = /\b(?:named|called|titled|tagged|labell?ed)\s+([A-Za-z0-9_][\w.@/-]*)/gi;
const TOPIC = /\b(?:about|matching|containing|mentioning|regarding|for)\s+([^.?!,;\n]+)/gi;

function all(pattern: RegExp, text: string, quoted = false): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(pattern)) {
    const value = m.slice(1).find((g) => g !== undefined) ?? m[0];
    const offset = m[0].indexOf(value);
    out.push({ value, index: (m.index ?? 0) + Math.max(0, offset), quoted });
  }
  return out;
}

function sentenceStart(text: string, index: number): boolean {
  const before = text.slice(0, index).trimEnd();
  return before === '' || /[.!?:\n]$/.test(before);
}

export interface TextValues {
  text: string;
  quoted: Found[];
  numbers: Found[];
  identifiers: Found[];
  proper: Found[];
  cued: Found[];
  topics: Found[];
}

export function scanText(text: string): TextValues {
  const quoted = all(QUOTED, text, true);
  const insideQuote = (f: Found) =>
    quoted.some((q) => f.index >= q.index && f.index < q.index + q.value.length);
  const outside = (list: Found[]) => list.filter((f) => !insideQuote(f));
  return {
    text,
    quoted,
    numbers: outside(all(NUMBER, text)),
    identifiers: outside(all(IDENT, text)),
    proper: outside(all(PROPER, text)).filter((f) => !sentenceStart(text, f.index) && !isStopword(f.value)),
    cued: outside(all(CUED, text)),
    topics: all(TOPIC, text)
      .map((f) => ({ ...f, value: f.value.replace(/^(?:the|a|an)\s+/i, '').trim() }))
      .filter((f) => f.value !== ''),
  };
}

const VALUE = String.raw`("[^"\n]+"|“[^”\n]+”|'[^'\n]+'|-?\d+(?:\.\d+)?(?![\w])|[A-Za-z0-9_][\w.@/:+-]*)`;
const CONNECTOR = String.raw`[\s:=#]*(?:(?:is|of|named|called|number|no\.?|equals?|=|as)[\s:=#]+)?`;

/** Phrases a property name may appear as in prose: `user_id` → "user id", "id", "user". */
export function namePhrases(propName: string, nameWords: string[]): string[] {
  const phrases: string[] = [];
  if (nameWords.length > 1) phrases.push(nameWords.map(escapeRegex).join(String.raw`[\s_-]*`));
  const last = nameWords[nameWords.length - 1];
  if (last !== undefined && nameWords.length === 1) {
    // `username` → "user", `orderid` → "order"
    const suffix = /^(.{3,}?)(name|id|key|code|number|no)$/.exec(last);
    phrases.push(escapeRegex(last));
    if (suffix?.[1] !== undefined) phrases.push(escapeRegex(suffix[1]));
  } else {
    for (const w of [...nameWords].reverse())
      if (w.length >= 2 && !isStopword(w)) phrases.push(escapeRegex(w));
  }
  if (phrases.length === 0) phrases.push(escapeRegex(propName.toLowerCase()));
  return [...new Set(phrases)];
}

/** Values written right after a property's name: "id 42", "user alice", "status: open". */
export function valuesNearName(text: string, phrases: string[], nameWords: string[]): Found[] {
  const out: Found[] = [];
  for (const phrase of phrases) {
    // A name in quotes (`the "id" field`) is a label the task names, not a parameter with its value.
    const re = new RegExp(
      String.raw`(?<!["“'\`])\b${phrase}(?:s|d|ed)?\b(?!["”'\`])${CONNECTOR}${VALUE}`,
      'gi',
    );
    for (const m of text.matchAll(re)) {
      const raw = m[1];
      if (raw === undefined) continue;
      const quoted = /^["“']/.test(raw);
      const value = quoted ? raw.slice(1, -1) : raw.replace(/[.,;:!?]+$/, '');
      if (!quoted && (isStopword(value) || nameWords.includes(value.toLowerCase()))) continue;
      out.push({ value, index: (m.index ?? 0) + m[0].length - raw.length, quoted });
    }
  }
  // A quoted value next to the name is the stronger evidence ("commit id … commit "2e6f1d0"").
  return [...out.filter((f) => f.quoted), ...out.filter((f) => !f.quoted)];
}
