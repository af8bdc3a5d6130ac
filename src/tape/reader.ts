import { readFile } from 'node:fs/promises';
import { FitnessError } from '../cli/errors.js';
import { EndLine, EventLine, MessageLine, MetaLine, TurnLine } from './schema.js';

/** One classified line; `line` is its 1-based number in the file (what tape references cite). */
export type TapeRecord =
  | { type: 'meta'; line: number; value: MetaLine }
  | { type: 'message'; line: number; value: MessageLine }
  | { type: 'event'; line: number; value: EventLine }
  | { type: 'turn'; line: number; value: TurnLine }
  | { type: 'end'; line: number; value: EndLine }
  | { type: 'unknown'; line: number; value: Record<string, unknown> };

export interface SkippedLine {
  line: number;
  reason: 'not-json' | 'not-an-object' | 'malformed' | 'unterminated';
}

export interface Tape {
  source: string;
  meta: MetaLine | undefined;
  end: EndLine | undefined;
  records: TapeRecord[];
  /** Lines that could not be read as a tape line: counted and reported, never fatal. */
  skipped: SkippedLine[];
}

/**
 * Tolerant mcp-tape v1 reader. Unknown types, dirs, kinds and blocks are kept as records (unknown
 * lines as `unknown`); unparseable lines are skipped and counted. A last line without its newline (a
 * writer killed mid-line) is read when it parses and reported as `unterminated` when it does not.
 */
export function parseTape(text: string, source = '<memory>'): Tape {
  const tape: Tape = { source, meta: undefined, end: undefined, records: [], skipped: [] };
  const lines = text.split('\n');
  const terminated = text.endsWith('\n');
  lines.forEach((raw, index) => {
    const line = index + 1;
    const last = index === lines.length - 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      tape.skipped.push({ line, reason: last && !terminated ? 'unterminated' : 'not-json' });
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      tape.skipped.push({ line, reason: 'not-an-object' });
      return;
    }
    const record = classify(value as Record<string, unknown>, line);
    if (record === undefined) {
      tape.skipped.push({ line, reason: 'malformed' });
      return;
    }
    if (record.type === 'meta' && tape.meta === undefined) tape.meta = record.value;
    if (record.type === 'end') tape.end = record.value;
    tape.records.push(record);
  });
  return tape;
}

export async function readTape(path: string): Promise<Tape> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new FitnessError('TAPE_READ_FAILED', `${path}: cannot read tape (${(err as Error).message})`);
  }
  return parseTape(text, path);
}

/** A known line type whose required fields are wrong is malformed; an unknown type is kept. */
function classify(obj: Record<string, unknown>, line: number): TapeRecord | undefined {
  if (obj.type === 'meta') {
    const r = MetaLine.safeParse(obj);
    return r.success ? { type: 'meta', line, value: r.data } : undefined;
  }
  if (obj.type === 'turn') {
    const r = TurnLine.safeParse(obj);
    return r.success ? { type: 'turn', line, value: r.data } : undefined;
  }
  if (obj.type === 'end') {
    const r = EndLine.safeParse(obj);
    return r.success ? { type: 'end', line, value: r.data } : undefined;
  }
  if (obj.dir === 'in' || obj.dir === 'out') {
    const r = MessageLine.safeParse(obj);
    return r.success ? { type: 'message', line, value: r.data } : undefined;
  }
  if (obj.dir === 'event') {
    const r = EventLine.safeParse(obj);
    return r.success ? { type: 'event', line, value: r.data } : undefined;
  }
  return { type: 'unknown', line, value: obj };
}
