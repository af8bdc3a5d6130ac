import { MAX_GENERATED_STRING } from './generated.js';

/** At most this many examples are read from one parameter. */
const MAX_EXAMPLES = 5;

/**
 * A quoted value ("nodes-base.httpRequest", `main`, 'LineChart'), never one across a line. A single
 * quote opens or closes a value only where no letter or digit touches it on the outside, so the
 * apostrophe of "don't" or "user's" is never a quote.
 */
const QUOTED = /["“`]([^"”`\n]{1,64})["”`]|(?<![\p{L}\p{N}])['‘]([^'’\n]{1,64})['’](?![\p{L}\p{N}])/gu;
/**
 * The words that introduce the values a parameter takes: "e.g.", "for example", "Example:", "such
 * as", "one of"; never a word inside a name or an address (`https://example.org`).
 */
const INTRODUCER =
  /(?<![\w./-])(?:e\.g\.|eg\.|for example|for instance|example(?=[\s:,])|such as|one of)[,:]?[^\S\n]*/gi;
/** What an introducer introduces: up to the end of its sentence, clause or parenthesis. */
const RUN = /^[^\n;)]*?(?=\.\s|\.?$|[\n;)])/;
/** Between two items of a run: a comma, "or", "and". */
const BETWEEN = /,|\s+or\s+|\s+and\s+/;
/** Marks around an item that are not part of it: quotes, a list's brackets. */
const MARKS = /^[\s["“'‘`]+|[\s\]"”'’`]+$/g;

/**
 * Each value a run of text after an introducer lists, without the marks around it: "e.g.
 * 'LineChart', 'Scatterplot', or 'BarChart'" gives three, "e.g. ['bug'] or 'bug'" one. An item of
 * several words is a phrase, not a value, unless it was quoted; an item with `=` or one ending in
 * `:` names a parameter ("Example: query="webhook"": the quote is the value).
 */
export function listed(run: string): string[] {
  return run.split(BETWEEN).flatMap((raw) => {
    const item = raw.trim().replace(/^(?:or|and)\s+/, '');
    const bare = item.replace(/\.$/, '');
    const value = bare.replace(MARKS, '');
    const quoted = value !== bare;
    if (value === '' || value.includes('=') || value.endsWith(':')) return [];
    return /\s/.test(value) && !quoted ? [] : [value];
  });
}

/** Every value the description quotes or lists after an introducer, in the order it says them. */
function describedValues(description: string): string[] {
  const text = description.slice(0, 2000);
  const found: { at: number; value: string }[] = [];
  for (const m of text.matchAll(QUOTED)) {
    const value = (m[1] ?? m[2] ?? '').trim();
    if (value !== '' && !/[=:]$/.test(value)) found.push({ at: m.index ?? 0, value });
  }
  for (const m of text.matchAll(INTRODUCER)) {
    const at = (m.index ?? 0) + m[0].length;
    const run = RUN.exec(text.slice(at))?.[0] ?? '';
    for (const value of listed(run)) found.push({ at, value });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.value);
}

/**
 * Principle: a value a parameter's own schema offers is one its author says the tool takes: the
 * schema's `examples`, then its `default`, then what its description quotes or lists after "e.g.",
 * "such as" or "one of" (n8n's `nodeType`: Full node type: "nodes-base.httpRequest"; a document
 * reader's `document_uri`: a local document name (e.g. vega_cli_commands_reference.md); a chart
 * library's `component`: e.g. 'LineChart', 'Scatterplot', or 'BarChart'), each without the quotes
 * that mark it. Only exploration's last resort uses them, before a value made up from the schema: an
 * input, never a key. Read with our own fixed patterns over at most the first 2,000 characters; a
 * value is at most 64 characters.
 */
export function exampleValues(schema: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  if (Array.isArray(schema.examples)) out.push(...schema.examples);
  if (schema.default !== undefined) out.push(schema.default);
  if (typeof schema.description === 'string') out.push(...describedValues(schema.description));
  const kept = out.filter(
    (v) => typeof v === 'number' || (typeof v === 'string' && v.length <= MAX_GENERATED_STRING),
  );
  return [...new Set(kept)].slice(0, MAX_EXAMPLES);
}
