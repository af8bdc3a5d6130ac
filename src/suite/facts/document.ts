import { resultTextJson, type ToolResult } from '../surface.js';
import { looksLikeCode } from './code.js';
import { commaList, delimitedTable } from './delimited.js';
import { type DiffFile, unifiedDiff } from './diff.js';
import { graphqlSchema } from './graphql.js';
import { htmlTables, isHtmlTable } from './html.js';
import { jsonIn, type StringReader, unwrapStrings } from './json.js';
import { keyedLines } from './keyed-lines.js';
import { fileLines } from './line-list.js';
import { markdownDocument } from './markdown.js';
import { xmlDocument } from './xml.js';
import { frontMatter, yamlDocument } from './yaml.js';

/**
 * The fact layer (docs/design.md §5.2): every answer a tool gives is read into one JSON document
 * (its fact tree) with the same readers every time, so a key found during exploration is read back
 * from a later execution by the same pointer. structuredContent is that document when it carries
 * more than the text; text that is JSON is the `text-json` document; any other text is read by the
 * readers here into the `facts` document. Input is bounded before any parser runs, and a tree over
 * the node or depth cap is no document (the reason is reported, not the tree).
 */

export type DocumentSource = 'structured' | 'text-json' | 'facts';
export type Reader =
  | 'json'
  | 'html'
  | 'xml'
  | 'graphql'
  | 'delimited'
  | 'list'
  | 'keyed-lines'
  | 'file-lines'
  | 'diff'
  | 'yaml'
  | 'markdown'
  | 'answer';

/** Text longer than this is not read (results are untrusted: bounded before parsing). */
export const MAX_FACT_TEXT = 200_000;
export const MAX_FACT_NODES = 20_000;
export const MAX_FACT_DEPTH = 64;
/** A one-line answer at most this long is a fact by itself ("2024-02 has 29 days"). */
const MAX_ANSWER = 120;

export type FactReading = { ok: true; document: unknown; readers: Reader[] } | { ok: false; reason: string };

/**
 * Reads a string inside JSON that holds a document (a file's Markdown table, a CSV) with the same
 * readers as a text block; prose, code (`looksLikeCode`) and one-line values are no document and stay strings. The
 * strings one answer's reader reads add up to at most MAX_FACT_TEXT characters.
 */
function stringReader(): StringReader {
  let budget = MAX_FACT_TEXT;
  return (text) => {
    if (text.length > budget || looksLikeCode(text)) return undefined;
    budget -= text.length;
    const reading = readBlock(text);
    return reading === undefined || reading.reader === 'answer' ? undefined : reading.document;
  };
}

function readBlock(text: string): { document: unknown; reader: Reader } | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  // A diff first: whole JSON text never holds its header line (a JSON string holds no raw
  // newline), while JSON after a prefix could be read out of a diff that adds a JSON file.
  const diff = unifiedDiff(trimmed);
  if (diff !== undefined) return withHead(readBlock(diff.head), diff.files);
  const json = jsonIn(trimmed, stringReader());
  if (json !== undefined) return { document: json, reader: 'json' };
  const html = htmlTables(trimmed);
  if (html !== undefined) return { document: html, reader: 'html' };
  // A text with an HTML table is HTML: a table the HTML reader could not read is not XML either.
  const xml = isHtmlTable(trimmed)
    ? undefined
    : xmlDocument(trimmed, { depth: MAX_FACT_DEPTH, nodes: MAX_FACT_NODES });
  if (xml !== undefined) return { document: xml, reader: 'xml' };
  const schema = graphqlSchema(trimmed);
  if (schema !== undefined) return { document: schema, reader: 'graphql' };
  const table = delimitedTable(trimmed);
  if (table !== undefined) return { document: table, reader: 'delimited' };
  const list = commaList(trimmed);
  if (list !== undefined) return { document: list, reader: 'list' };
  const keyed = keyedLines(trimmed);
  if (keyed !== undefined) return { document: keyed, reader: 'keyed-lines' };
  const files = fileLines(trimmed);
  if (files !== undefined) return { document: files, reader: 'file-lines' };
  const yaml = yamlDocument(trimmed);
  if (yaml !== undefined) return { document: yaml, reader: 'yaml' };
  const front = frontMatter(trimmed);
  const body = front === undefined ? trimmed : front.body;
  const markdown = markdownDocument(body);
  if (front !== undefined)
    return { document: { 'front matter': front.matter, ...(markdown ?? {}) }, reader: 'markdown' };
  if (markdown !== undefined) return { document: markdown, reader: 'markdown' };
  // An HTML table no reader took is markup, never a value.
  if (!trimmed.includes('\n') && trimmed.length <= MAX_ANSWER && !isHtmlTable(trimmed))
    return { document: { answer: trimmed }, reader: 'answer' };
  return undefined;
}

/** A diff's files under its head's record (a commit's author and date), or alone. */
function withHead(
  head: { document: unknown } | undefined,
  files: DiffFile[],
): { document: unknown; reader: Reader } {
  const record = head?.document;
  if (record === null || typeof record !== 'object' || Array.isArray(record) || 'files' in record)
    return { document: files, reader: 'diff' };
  return { document: { ...record, files }, reader: 'diff' };
}

/** Nodes and depth of a tree, counted without recursion (a hostile tree can be 10,000 deep). */
function measure(document: unknown): { nodes: number; depth: number } {
  let nodes = 0;
  let depth = 0;
  const stack: [unknown, number][] = [[document, 1]];
  while (stack.length > 0 && nodes <= MAX_FACT_NODES && depth <= MAX_FACT_DEPTH) {
    const [value, d] = stack.pop() as [unknown, number];
    nodes++;
    depth = Math.max(depth, d);
    if (value !== null && typeof value === 'object')
      for (const child of Object.values(value)) stack.push([child, d + 1]);
  }
  return { nodes, depth };
}

/**
 * Readings of several blocks. Prose around data is commentary; objects with no field in common are
 * one record split over blocks (merged); anything else, blocks of one shape above all (one block
 * per linted file), is a list of parts, so each is named by its own fields and not by position.
 */
function merge(readings: { document: unknown; reader: Reader }[]): unknown {
  const data = readings.filter((r) => r.reader !== 'answer');
  const kept = (data.length > 0 ? data : readings).map((r) => r.document);
  if (kept.length === 1) return kept[0];
  const objects = kept.filter(
    (d): d is Record<string, unknown> => d !== null && typeof d === 'object' && !Array.isArray(d),
  );
  const keys = objects.flatMap((o) => Object.keys(o));
  if (objects.length === kept.length && new Set(keys).size === keys.length)
    return Object.assign({}, ...objects);
  return kept;
}

function textBlocks(result: ToolResult): string[] {
  return result.content.flatMap((b) => (b.type === 'text' && typeof b.text === 'string' ? [b.text] : []));
}

function read(result: ToolResult): FactReading | undefined {
  const blocks = textBlocks(result).filter((t) => t.trim() !== '');
  if (blocks.length === 0) return undefined;
  const chars = blocks.reduce((n, t) => n + t.length, 0);
  if (chars > MAX_FACT_TEXT)
    return {
      ok: false,
      reason: `a text of ${chars} characters (the fact readers read at most ${MAX_FACT_TEXT})`,
    };
  const readings = blocks.flatMap((t) => readBlock(t) ?? []);
  if (readings.length === 0) return undefined;
  const document = merge(readings);
  const { nodes, depth } = measure(document);
  if (nodes > MAX_FACT_NODES)
    return { ok: false, reason: `a fact tree of more than ${MAX_FACT_NODES} nodes (the cap)` };
  if (depth > MAX_FACT_DEPTH)
    return { ok: false, reason: `a fact tree deeper than ${MAX_FACT_DEPTH} levels (the cap)` };
  return { ok: true, document, readers: [...new Set(readings.map((r) => r.reader))] };
}

const cache = new WeakMap<ToolResult, FactReading | null>();

/** The fact tree of a result's text blocks (cached per result object: the readers are pure). */
export function readFacts(result: ToolResult): FactReading | undefined {
  const hit = cache.get(result);
  if (hit !== undefined) return hit ?? undefined;
  const reading = read(result);
  cache.set(result, reading ?? null);
  return reading;
}

const structuredCache = new WeakMap<ToolResult, unknown>();

/**
 * structuredContent with every string that holds a JSON object or array, or a document, read as
 * what it holds, as the text's JSON is (`json.ts`): a file reader's `{"content": "{\"name\": …}"}`
 * holds the file's fields, whichever block carries them. Cached per result object.
 */
function structuredDocument(result: ToolResult): unknown {
  if (result.structuredContent === undefined) return undefined;
  if (!structuredCache.has(result))
    structuredCache.set(result, unwrapStrings(result.structuredContent, stringReader()));
  return structuredCache.get(result);
}

const textJsonCache = new WeakMap<ToolResult, { json: unknown }>();

/** The text as JSON (`resultTextJson`), parsed once per result object. */
export function textJsonOf(result: ToolResult): unknown {
  let hit = textJsonCache.get(result);
  if (hit === undefined) {
    hit = { json: resultTextJson(result) };
    textJsonCache.set(result, hit);
  }
  return hit.json;
}

const plainCache = new WeakMap<ToolResult, boolean>();

/**
 * Whether the text is JSON none of whose strings holds JSON or a document: then the text's JSON as
 * it is (`text-json`) is its document; otherwise the fact tree, which reads those strings, is.
 */
export function plainTextJson(result: ToolResult): boolean {
  const hit = plainCache.get(result);
  if (hit !== undefined) return hit;
  const raw = textJsonOf(result);
  const plain = raw !== null && typeof raw === 'object' && unwrapStrings(raw, stringReader()) === raw;
  plainCache.set(result, plain);
  return plain;
}

/** The document a `source` names: what pointer extracts and `$from` handles resolve against. */
export function sourceDocument(result: ToolResult, source: DocumentSource): unknown {
  if (source === 'structured') return structuredDocument(result);
  if (source === 'text-json') return textJsonOf(result);
  const facts = readFacts(result);
  return facts?.ok === true ? facts.document : undefined;
}
