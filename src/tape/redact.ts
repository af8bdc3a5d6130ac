/**
 * Exact-match scrubbing of known secrets (secret headers and env values, URL userinfo and the forms
 * the harness derives from them). A secret is replaced wherever it appears in a string value, in its
 * plain form and in its JSON-escaped and URL-encoded forms. Only string values are rewritten: object
 * keys and structure never are (a key such as `"error"` is protocol, and rewriting it breaks every
 * count over the tape). A value shorter than MIN_SECRET_LENGTH cannot be scrubbed without destroying
 * unrelated text, so the harness refuses such a secret as a usage error before anything runs
 * (`shortSecrets` in src/connect/target.ts); here it is ignored.
 */
export const REDACTED = '[REDACTED]';
export const MIN_SECRET_LENGTH = 8;

export class Redactor {
  private readonly needles: string[];

  constructor(secrets: Iterable<string>) {
    const forms = new Set<string>();
    for (const s of secrets) {
      if (s.length < MIN_SECRET_LENGTH) continue;
      forms.add(s);
      forms.add(JSON.stringify(s).slice(1, -1));
      const encoded = encodeURIComponent(s);
      if (encoded !== s) forms.add(encoded);
    }
    // Longest first so a secret that contains another is replaced whole.
    this.needles = [...forms].sort((a, b) => b.length - a.length);
  }

  get empty(): boolean {
    return this.needles.length === 0;
  }

  scrub(text: string): string {
    let out = text;
    for (const needle of this.needles) {
      if (out.includes(needle)) out = out.split(needle).join(REDACTED);
    }
    return out;
  }

  /** True when `text` carries a known secret. */
  finds(text: string): boolean {
    return this.needles.some((needle) => text.includes(needle));
  }

  /** Copy of a JSON value with every string value scrubbed; keys and structure are never altered. */
  scrubValue(value: unknown): unknown {
    if (this.empty) return value;
    return this.walk(value);
  }

  /**
   * True when an object key anywhere in `value` carries a known secret. Keys are never rewritten,
   * so a writer that finds one drops what holds it instead (see TapeWriter and writeRecord).
   */
  keyLeaks(value: unknown): boolean {
    if (this.empty) return false;
    const stack: unknown[] = [value];
    while (stack.length > 0) {
      const v = stack.pop();
      if (Array.isArray(v)) stack.push(...v);
      else if (v !== null && typeof v === 'object') {
        for (const [k, child] of Object.entries(v)) {
          if (this.finds(k)) return true;
          stack.push(child);
        }
      }
    }
    return false;
  }

  /** Like scrubValue, but an object entry whose key carries a secret is left out. */
  scrubDroppingKeys(value: unknown): unknown {
    if (this.empty) return value;
    return this.walk(value, true);
  }

  private walk(value: unknown, dropKeys = false): unknown {
    if (typeof value === 'string') return this.scrub(value);
    if (Array.isArray(value)) return value.map((v) => this.walk(v, dropKeys));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        if (dropKeys && this.finds(k)) continue;
        out[k] = this.walk(v, dropKeys);
      }
      return out;
    }
    return value;
  }

  /** A new redactor that knows both sets. */
  with(secrets: Iterable<string>): Redactor {
    return new Redactor([...this.needles, ...secrets]);
  }
}

/**
 * Publish-time redaction of a whole tape text: every line scrubbed, line structure kept. A line
 * with no secret in it and no escape (so none hidden behind one) keeps its bytes unparsed.
 */
export function redactTapeText(text: string, secrets: Iterable<string>): string {
  const redactor = new Redactor(secrets);
  if (redactor.empty) return text;
  return text
    .split('\n')
    .map((line) => {
      if (!line.includes('\\') && !redactor.finds(line)) return line;
      const parsed = tryParse(line);
      if (!parsed.ok) return redactor.scrub(line);
      if (redactor.keyLeaks(parsed.value)) return JSON.stringify(redactor.scrubDroppingKeys(parsed.value));
      return JSON.stringify(redactor.scrubValue(parsed.value));
    })
    .join('\n');
}

function tryParse(line: string): { ok: true; value: unknown } | { ok: false } {
  if (line.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(line) };
  } catch {
    return { ok: false };
  }
}
