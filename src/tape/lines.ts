import * as z from 'zod/mini';
import { isRecord } from '../core/json.js';
import { EndLine, EventLine, MessageLine, MetaLine, TurnLine } from './schema.js';

/**
 * Reading mcp-tape v1 lines (docs/design.md §9), written once for Node and the browser: no node-only
 * import, so the Node reader (reader.ts), the strict validator (validate.ts) and the replay viewer
 * (src/board/client) read a line the same way: what class it claims, whether it is what it claims,
 * and which lines are not JSON at all.
 */

/** What a line says it is, by its `type` / `dir` (how the format's stats count records). */
export type LineClass = 'meta' | 'message' | 'event' | 'turn' | 'end' | 'other';

/** One line read; `line` is its 1-based number in the file (what tape references cite). */
export type TapeRecord =
  | { type: 'meta'; line: number; value: MetaLine }
  | { type: 'message'; line: number; value: MessageLine }
  | { type: 'event'; line: number; value: EventLine }
  | { type: 'turn'; line: number; value: TurnLine }
  | { type: 'end'; line: number; value: EndLine }
  /**
   * A JSON line this reader does not know (an unknown `type` or `dir`: kept, as the format asks), or
   * one that claims a known class but lacks what that class needs (`claimed` and `problem` say so).
   */
  | { type: 'unknown'; line: number; value: unknown; claimed?: LineClass; problem?: string };

/** A line that is not JSON at all: the only lines a reader skips. */
export interface SkippedLine {
  line: number;
  reason: 'not-json' | 'unterminated';
}

export interface Tape {
  source: string;
  meta: MetaLine | undefined;
  end: EndLine | undefined;
  records: TapeRecord[];
  /** Lines that could not be read as JSON: counted and reported, never fatal. */
  skipped: SkippedLine[];
}

/** What one line of text is: nothing (a blank line), a record, or a line that is not JSON. */
export type LineRead = { record: TapeRecord } | { skipped: SkippedLine } | undefined;

/** The class a record is counted under (a malformed known line still counts as what it claims). */
export function classOf(record: TapeRecord): LineClass {
  if (record.type === 'unknown') return record.claimed ?? 'other';
  return record.type;
}

/** The class a JSON object claims: by `type` first (meta, turn, end), then by `dir` (in/out, event). */
export function claimOf(obj: Record<string, unknown>): LineClass {
  const { type, dir } = obj;
  if (type === 'meta' || type === 'turn' || type === 'end') return type;
  if (dir === 'in' || dir === 'out') return 'message';
  return dir === 'event' ? 'event' : 'other';
}

function problemOf(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid';
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'line';
  return `${where}: ${issue.message}`;
}

/** A parsed JSON value as a record: its claimed class, checked against that class's schema. */
function recordOf(value: unknown, line: number): TapeRecord {
  if (!isRecord(value)) return { type: 'unknown', line, value, problem: 'not a JSON object' };
  const check = <T>(claimed: LineClass, schema: z.ZodMiniType<T>, make: (v: T) => TapeRecord): TapeRecord => {
    const r = z.safeParse(schema, value);
    if (r.success) return make(r.data);
    return { type: 'unknown', line, value, claimed, problem: problemOf(r.error) };
  };
  switch (claimOf(value)) {
    case 'meta':
      return check('meta', MetaLine, (v) => ({ type: 'meta', line, value: v }));
    case 'turn':
      return check('turn', TurnLine, (v) => ({ type: 'turn', line, value: v }));
    case 'end':
      return check('end', EndLine, (v) => ({ type: 'end', line, value: v }));
    case 'message':
      return check('message', MessageLine, (v) => ({ type: 'message', line, value: v }));
    case 'event':
      return check('event', EventLine, (v) => ({ type: 'event', line, value: v }));
    case 'other':
      return { type: 'unknown', line, value };
  }
}

/** One line of text without its newline; `terminated` is false only for a last line with none. */
export function readLine(raw: string, line: number, terminated = true): LineRead {
  if (raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { skipped: { line, reason: terminated ? 'not-json' : 'unterminated' } };
  }
  return { record: recordOf(value, line) };
}

/**
 * Tolerant mcp-tape v1 reader, fed one line at a time. Every JSON line becomes a record: unknown
 * types, dirs, kinds and blocks are kept; only lines that are not JSON are skipped and counted. A
 * last line without its newline (a writer killed mid-line) is read when it parses and reported as
 * `unterminated` when it does not.
 */
export class TapeBuilder {
  private readonly tape: Tape;
  private lineNo = 0;

  constructor(source: string) {
    this.tape = { source, meta: undefined, end: undefined, records: [], skipped: [] };
  }

  /** One line without its newline; `terminated` is false only for a last line with none. */
  push(raw: string, terminated = true): void {
    this.lineNo += 1;
    const read = readLine(raw, this.lineNo, terminated);
    if (read === undefined) return;
    if ('skipped' in read) {
      this.tape.skipped.push(read.skipped);
      return;
    }
    const { record } = read;
    if (record.type === 'meta' && this.tape.meta === undefined) this.tape.meta = record.value;
    if (record.type === 'end') this.tape.end = record.value;
    this.tape.records.push(record);
  }

  /**
   * The tape as read. A suite hash our end line carries (`configHash`) is shown on the meta's
   * `producer` too, where mcp-tape v1 puts it, unless the meta line already states one; the records
   * keep every line as written.
   */
  finish(): Tape {
    const { meta, end } = this.tape;
    const producer = meta?.producer;
    const hash = end?.configHash;
    if (meta === undefined || hash === undefined || typeof producer !== 'object') return this.tape;
    if (producer.configHash !== undefined) return this.tape;
    return { ...this.tape, meta: { ...meta, producer: { ...producer, configHash: hash } } };
  }
}

/** A whole tape's text, read line by line (see `TapeBuilder`). */
export function parseTape(text: string, source = '<memory>'): Tape {
  const builder = new TapeBuilder(source);
  const lines = text.split('\n');
  const terminated = text.endsWith('\n');
  lines.forEach((raw, index) => {
    const last = index === lines.length - 1;
    if (last && raw === '') return;
    builder.push(raw, !last || terminated);
  });
  return builder.finish();
}
