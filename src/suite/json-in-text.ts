/**
 * JSON values embedded in free text. A model's final answer often wraps JSON in prose or a code
 * fence, so `json` checks look at the whole text first and then at every balanced {...} / [...]
 * span that parses. Bounded so that a hostile answer cannot make the scan quadratic without limit.
 */
const MAX_VALUES = 32;
/** Opening brackets tried at most: each try scans at most the rest of the text, so work is linear. */
const MAX_STARTS = 64;

export function jsonValuesIn(text: string): unknown[] {
  return jsonSpansIn(text).map((span) => span.value);
}

/** Each JSON value found, with the length of text it was parsed from. */
export function jsonSpansIn(text: string): { value: unknown; length: number }[] {
  const values: { value: unknown; length: number }[] = [];
  const whole = tryParse(text.trim());
  if (whole.ok) values.push({ value: whole.value, length: text.trim().length });
  let starts = 0;
  for (let start = 0; start < text.length && values.length < MAX_VALUES && starts < MAX_STARTS; start++) {
    const ch = text[start];
    if (ch !== '{' && ch !== '[') continue;
    starts++;
    const end = matchingBracket(text, start);
    if (end < 0) continue;
    const parsed = tryParse(text.slice(start, end + 1));
    if (parsed.ok) {
      values.push({ value: parsed.value, length: end + 1 - start });
      start = end;
    }
  }
  return values;
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The JSON value whose brackets open at `start` (a `{` or `[`), or undefined when they do not close on JSON. */
export function jsonAt(text: string, start: number): unknown {
  const end = matchingBracket(text, start);
  if (end < 0) return undefined;
  const parsed = tryParse(text.slice(start, end + 1));
  return parsed.ok ? parsed.value : undefined;
}

function matchingBracket(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}
