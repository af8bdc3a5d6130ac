import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { z } from 'zod';
import { FitnessError, messageOf } from '../core/errors.js';
import { isRecord } from '../core/json.js';
import { EndLine, EventLine, MessageLine, MetaLine, TurnLine } from './schema.js';

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

/** The class a record is counted under (a malformed known line still counts as what it claims). */
export function classOf(record: TapeRecord): LineClass {
  if (record.type === 'unknown') return record.claimed ?? 'other';
  return record.type;
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
    const line = this.lineNo;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      this.tape.skipped.push({ line, reason: terminated ? 'not-json' : 'unterminated' });
      return;
    }
    const record = classify(value, line);
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

/** Reads a tape file as a stream of lines, so a file larger than one string can hold is still read. */
export async function readTape(path: string): Promise<Tape> {
  const builder = new TapeBuilder(path);
  const decoder = new StringDecoder('utf8');
  // The pieces of a line still waiting for its newline: joined once, so a 100 MB line costs one copy.
  let pending: string[] = [];
  const take = (text: string) => {
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      pending.push(text.slice(start, nl));
      builder.push(pending.length === 1 ? (pending[0] ?? '') : pending.join(''));
      pending = [];
      start = nl + 1;
    }
    if (start < text.length) pending.push(text.slice(start));
  };
  try {
    // No encoding is given, so the stream yields Buffers (its iterator is typed `any`).
    const chunks: AsyncIterable<Buffer> = createReadStream(path);
    for await (const chunk of chunks) take(decoder.write(chunk));
  } catch (err) {
    throw new FitnessError('TAPE_READ_FAILED', `${path}: cannot read tape (${messageOf(err)})`);
  }
  take(decoder.end());
  if (pending.length > 0) builder.push(pending.join(''), false);
  return builder.finish();
}

function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid';
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'line';
  return `${where}: ${issue.message}`;
}

/** By `type` first (meta, turn, end), then by `dir` (in/out, event); anything else is kept as unknown. */
function classify(value: unknown, line: number): TapeRecord {
  if (!isRecord(value)) {
    return { type: 'unknown', line, value, problem: 'not a JSON object' };
  }
  const obj = value;
  const check = <T>(claimed: LineClass, schema: z.ZodType<T>, make: (v: T) => TapeRecord): TapeRecord => {
    const r = schema.safeParse(obj);
    if (r.success) return make(r.data);
    return { type: 'unknown', line, value, claimed, problem: problemOf(r.error) };
  };
  if (obj.type === 'meta') return check('meta', MetaLine, (v) => ({ type: 'meta', line, value: v }));
  if (obj.type === 'turn') return check('turn', TurnLine, (v) => ({ type: 'turn', line, value: v }));
  if (obj.type === 'end') return check('end', EndLine, (v) => ({ type: 'end', line, value: v }));
  if (obj.dir === 'in' || obj.dir === 'out')
    return check('message', MessageLine, (v) => ({ type: 'message', line, value: v }));
  if (obj.dir === 'event') return check('event', EventLine, (v) => ({ type: 'event', line, value: v }));
  return { type: 'unknown', line, value };
}
