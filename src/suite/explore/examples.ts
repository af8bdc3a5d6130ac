import { MAX_GENERATED_STRING } from './generated.js';

/** At most this many examples are read from one parameter. */
const MAX_EXAMPLES = 5;

/** A quoted value ("nodes-base.httpRequest", `main`), never one across a line. */
const QUOTED = /["“`]([^"”`\n]{1,64})["”`]/g;
/** The value written after "e.g.", "for example" or "Example:" (vega_cli_commands_reference.md). */
const AFTER_EXAMPLE = /\b(?:e\.g\.|eg\.|for example|example)[,:]?\s+([^\s,;()"“`]{1,64})/gi;

/**
 * Principle: a value a parameter's own schema offers is one its author says the tool takes: the
 * schema's `examples`, then its `default`, then what its description quotes or gives after "e.g."
 * (n8n's `nodeType`: Full node type: "nodes-base.httpRequest"; a document reader's `document_uri`:
 * a local document name (e.g. vega_cli_commands_reference.md)). Only exploration's last resort uses
 * them, before a value made up from the schema: an input, never a key. Read with our own fixed
 * patterns over at most the first 2,000 characters; a value is at most 64 characters.
 */
export function exampleValues(schema: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  if (Array.isArray(schema.examples)) out.push(...schema.examples);
  if (schema.default !== undefined) out.push(schema.default);
  if (typeof schema.description === 'string') {
    const text = schema.description.slice(0, 2000);
    const found = [...text.matchAll(QUOTED), ...text.matchAll(AFTER_EXAMPLE)]
      .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
      .map((m) => (m[1] ?? '').replace(/\.$/, '').trim());
    // "Example: query="webhook"": the word before `=` or `:` names the parameter, the quote is the value.
    out.push(...found.filter((v) => v !== '' && !/[=:]$/.test(v)));
  }
  const kept = out.filter(
    (v) => typeof v === 'number' || (typeof v === 'string' && v.length <= MAX_GENERATED_STRING),
  );
  return [...new Set(kept)].slice(0, MAX_EXAMPLES);
}
