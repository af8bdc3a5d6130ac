/**
 * Exact-match scrubbing of known secrets (provided header values, env values, URL userinfo).
 * A secret is replaced wherever it appears, in its plain form and in its JSON-escaped form, so a
 * serialized line cannot carry it. Values shorter than MIN_SECRET_LENGTH cannot be scrubbed without
 * destroying unrelated text (an env value `1` would erase every digit), so they are not treated as secrets.
 */
export const REDACTED = '[REDACTED]';
export const MIN_SECRET_LENGTH = 4;

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

  /** Copy of a JSON value with every string scrubbed (keys included); structure is never altered. */
  scrubValue(value: unknown): unknown {
    if (this.empty) return value;
    return this.walk(value);
  }

  private walk(value: unknown): unknown {
    if (typeof value === 'string') return this.scrub(value);
    if (Array.isArray(value)) return value.map((v) => this.walk(v));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[this.scrub(k)] = this.walk(v);
      return out;
    }
    return value;
  }

  /** A new redactor that knows both sets. */
  with(secrets: Iterable<string>): Redactor {
    return new Redactor([...this.needles, ...secrets]);
  }
}

/** Publish-time redaction of a whole tape text: every line scrubbed, line structure kept. */
export function redactTapeText(text: string, secrets: Iterable<string>): string {
  const redactor = new Redactor(secrets);
  if (redactor.empty) return text;
  return text
    .split('\n')
    .map((line) => {
      const parsed = tryParse(line);
      return parsed.ok ? JSON.stringify(redactor.scrubValue(parsed.value)) : redactor.scrub(line);
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
