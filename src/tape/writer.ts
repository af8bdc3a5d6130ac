import { closeSync, fstatSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { FitnessError } from '../core/errors.js';
import { PRODUCER, VERSION } from '../version.js';
import { Redactor } from './redact.js';
import {
  EventKind,
  type MessageDir,
  type Producer,
  TAPE_VERSION,
  type Truncation,
  type TurnLine,
  type WrittenMetaLine,
} from './schema.js';

export const DEFAULT_MAX_FRAME_BYTES = 1024 * 1024;
/** Bytes one session (one tag) may put on a tape; lines past it are dropped and the drop recorded. */
export const DEFAULT_MAX_SESSION_BYTES = 64 * 1024 * 1024;
/** The same for lines without a session tag (meta, turns, run-level events). */
export const DEFAULT_MAX_UNTAGGED_BYTES = 256 * 1024 * 1024;
const TRUNCATED_HEAD_CHARS = 2048;
/** Lines wait at most this long, or until this many characters are pending, before they are written. */
const FLUSH_MS = 20;
const FLUSH_CHARS = 256 * 1024;

export interface TapeMetaInput {
  label: string;
  /** The argv of what was recorded (mcp-tape v1); never a secret (see `connect/tape.ts`). */
  command: readonly string[];
  /** `mcp` (wire plane) or `llm` (agent and judge planes). */
  kind: string;
  producer?: Producer;
  startedAt?: string;
}

export interface TapeWriterOptions {
  path: string;
  meta: TapeMetaInput;
  /** Known secrets: scrubbed (exact match) from every line before it is written. */
  secrets?: Iterable<string>;
  /** Frames whose serialized form is larger are written truncated with a marker. */
  maxFrameBytes?: number;
  /** Bytes one session tag may write (default 64 MB); past it, one truncation event and no more lines. */
  maxSessionBytes?: number;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
}

/** A session whose lines went past the tape's byte cap: what was kept, and what was dropped. */
export interface TapeTruncation {
  session: string | undefined;
  capBytes: number;
  writtenBytes: number;
  droppedLines: number;
  droppedBytes: number;
}

export interface LineOptions {
  corrId?: string | undefined;
  /** Tag of the MCP session a frame belongs to, when one file holds several (see `newSession`). */
  session?: string | undefined;
  /** Observed time (ms since epoch) at the seam; defaults to now. */
  at?: number | undefined;
}

/** A turn to write: our turns always carry their corr id. */
export type TurnInput = Omit<TurnLine, 't' | 'type' | 'corr_id'> & { corr_id: string; at?: number };

/**
 * Streams one session to one mcp-tape v1 file. Every line is written whole with its newline, so a
 * process killed mid-run leaves valid JSONL except possibly an unterminated last line. Returns the
 * 1-based line number of each line written (the `<plane>:<line>` tape references point at these).
 */
export class TapeWriter {
  readonly path: string;
  private readonly fd: number;
  private redactor: Redactor;
  private readonly maxFrameBytes: number;
  private readonly now: () => number;
  private readonly startedMs: number;
  private lineCount = 0;
  private sessionCount = 0;
  private closing: Promise<void> | undefined;
  private pending: string[] = [];
  private pendingChars = 0;
  private flushTimer: NodeJS.Timeout | undefined;
  private failure: Error | undefined;
  /** Lines offered after close: not written, counted so a caller can tell. */
  droppedAfterClose = 0;
  private readonly maxSessionBytes: number;
  /** Bytes written per session tag ('' for untagged lines), and the sessions cut off at the cap. */
  private readonly sessionBytes = new Map<string, number>();
  private readonly cut = new Map<string, TapeTruncation>();

  private constructor(path: string, fd: number, options: TapeWriterOptions) {
    this.path = path;
    this.redactor = new Redactor(options.secrets ?? []);
    this.maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
    this.maxSessionBytes = options.maxSessionBytes ?? DEFAULT_MAX_SESSION_BYTES;
    this.now = options.now ?? Date.now;
    this.startedMs = this.now();
    this.fd = fd;
    // A crash still ends with `exit`: the lines waiting for their batch go out with it.
    process.on('exit', this.flush);
  }

  /** Opens `path` for a new tape; refuses a file that already has content (one session per file). */
  static open(options: TapeWriterOptions): TapeWriter {
    const { path } = options;
    mkdirSync(dirname(path), { recursive: true });
    let fd: number;
    try {
      fd = openSync(path, 'a');
    } catch (err) {
      throw new FitnessError('TAPE_OPEN_FAILED', `${path}: cannot open tape (${(err as Error).message})`);
    }
    if (fstatSync(fd).size > 0) {
      closeSync(fd);
      throw new FitnessError(
        'TAPE_NOT_EMPTY',
        `${path}: tape already has content; refusing to append (one session per file)`,
      );
    }
    const writer = new TapeWriter(path, fd, options);
    writer.writeMeta(options.meta);
    return writer;
  }

  /** Number of lines written so far (also the line number of the last one). */
  get lines(): number {
    return this.lineCount;
  }

  get closed(): boolean {
    return this.closing !== undefined;
  }

  /** Adds known secrets (e.g. a session's target headers and env values) to scrub from later lines. */
  addSecrets(secrets: Iterable<string>): void {
    this.redactor = this.redactor.with(secrets);
  }

  /** The same redactor the writer uses, so callers can scrub text they show elsewhere (errors, logs). */
  get secrets(): Redactor {
    return this.redactor;
  }

  private writeMeta(input: TapeMetaInput): void {
    // Every field is set: nothing optional is written as null.
    const meta: WrittenMetaLine = {
      v: TAPE_VERSION,
      type: 'meta',
      startedAt: input.startedAt ?? new Date(this.startedMs).toISOString(),
      label: input.label,
      command: [...input.command],
      kind: input.kind,
      source: `${PRODUCER}@${VERSION}`,
      producer: input.producer ?? { name: PRODUCER, version: VERSION },
    };
    this.emit(meta);
  }

  /**
   * A fresh session tag (`s1`, `s2`, …). Sessions sharing a file (a fresh server per trial, trials
   * running concurrently) reuse JSON-RPC ids; readers pair requests and responses within one tag.
   */
  newSession(): string {
    this.sessionCount += 1;
    return `s${this.sessionCount}`;
  }

  /**
   * A JSON-RPC frame; `in` = client → server. Oversized frames keep only their routing keys, and so
   * does a frame that cannot be written safely: one nested too deep to serialize, or one whose object
   * keys carry a known secret (keys are never rewritten, so the frame's body is left out instead).
   */
  message(dir: MessageDir, raw: unknown, options: LineOptions = {}): number {
    const t = this.iso(options.at);
    const line: Record<string, unknown> = { t, dir, raw };
    if (options.corrId !== undefined) line.corr_id = options.corrId;
    if (options.session !== undefined) line.session = options.session;
    const text = this.serializeFrame(line);
    if (text === undefined) {
      const why = this.redactor.keyLeaks(raw) ? 'secret-in-key' : 'unserializable';
      return this.emit(
        { ...line, raw: routingKeys(raw), truncated: { bytes: 0, head: '', reason: why } },
        options.session,
      );
    }
    const size = text.length * 3 <= this.maxFrameBytes ? text.length : Buffer.byteLength(text);
    if (size <= this.maxFrameBytes) return this.push(text, options.session);
    const truncated: Truncation = { bytes: size, head: text.slice(0, TRUNCATED_HEAD_CHARS) };
    return this.emit({ ...line, raw: routingKeys(raw), truncated }, options.session);
  }

  /** A harness event (`dir: "event"`); never paired with requests. */
  event(kind: string, raw: unknown, options: LineOptions = {}): number {
    const line: Record<string, unknown> = { t: this.iso(options.at), dir: 'event', kind, raw };
    if (options.corrId !== undefined) line.corr_id = options.corrId;
    if (options.session !== undefined) line.session = options.session;
    return this.emit(line, options.session);
  }

  /** A model turn (agent and judge planes). */
  turn(input: TurnInput): number {
    const { at, ...rest } = input;
    return this.emit({ t: this.iso(at), type: 'turn', ...rest });
  }

  /** Writes the end line, flushes and closes the file; idempotent. Throws if any write failed. */
  close(reason: string): Promise<void> {
    if (this.closing === undefined) {
      const at = this.now();
      const end = { t: this.iso(at), type: 'end', reason, durationMs: at - this.startedMs };
      // The end line is never subject to the cap: a reader must always find how the tape ended.
      this.pushUncapped(this.serialize(end));
      this.flush();
      process.off('exit', this.flush);
      try {
        closeSync(this.fd);
      } catch (err) {
        this.failure ??= err as Error;
      }
      this.closing = Promise.resolve();
    }
    return this.closing.then(() => {
      if (this.failure) {
        throw new FitnessError('TAPE_WRITE_FAILED', `${this.path}: ${this.failure.message}`);
      }
    });
  }

  private iso(at: number | undefined): string {
    return new Date(at ?? this.now()).toISOString();
  }

  /** Sessions cut off at the byte cap, with what was kept and dropped. */
  get truncations(): TapeTruncation[] {
    return [...this.cut.values()].map((t) => ({ ...t }));
  }

  /** A frame line as text, or undefined when it cannot be written whole (see `message`). */
  private serializeFrame(line: Record<string, unknown>): string | undefined {
    if (this.redactor.keyLeaks(line)) return undefined;
    try {
      return this.serialize(line);
    } catch {
      return undefined;
    }
  }

  private serialize(line: unknown): string {
    return JSON.stringify(this.redactor.empty ? line : this.redactor.scrubValue(line));
  }

  /** Harness lines (events, turns): a line that cannot be serialized keeps its envelope only. */
  private emit(line: unknown, session?: string): number {
    let text: string;
    try {
      text = this.serialize(this.redactor.keyLeaks(line) ? this.redactor.scrubDroppingKeys(line) : line);
    } catch {
      const envelope = line !== null && typeof line === 'object' ? (line as Record<string, unknown>) : {};
      const kept = Object.fromEntries(Object.entries(envelope).filter(([, v]) => typeof v !== 'object'));
      if ('raw' in envelope) kept.raw = { unserializable: true };
      if ('blocks' in envelope) kept.blocks = [];
      text = JSON.stringify(kept);
    }
    return this.push(text, session);
  }

  private push(text: string, session?: string): number {
    if (this.closing !== undefined) {
      this.droppedAfterClose += 1;
      return this.lineCount;
    }
    const key = session ?? '';
    const cap =
      session === undefined
        ? Math.max(this.maxSessionBytes, DEFAULT_MAX_UNTAGGED_BYTES)
        : this.maxSessionBytes;
    const cut = this.cut.get(key);
    if (cut !== undefined) {
      cut.droppedLines += 1;
      cut.droppedBytes += text.length + 1;
      return this.lineCount;
    }
    const written = (this.sessionBytes.get(key) ?? 0) + text.length + 1;
    if (written > cap) {
      const truncation: TapeTruncation = {
        session,
        capBytes: cap,
        writtenBytes: written - text.length - 1,
        droppedLines: 1,
        droppedBytes: text.length + 1,
      };
      this.cut.set(key, truncation);
      const marker: Record<string, unknown> = {
        t: this.iso(undefined),
        dir: 'event',
        kind: EventKind.tapeTruncated,
        raw: { capBytes: cap, writtenBytes: truncation.writtenBytes },
      };
      if (session !== undefined) marker.session = session;
      return this.pushUncapped(JSON.stringify(marker));
    }
    this.sessionBytes.set(key, written);
    return this.pushUncapped(text);
  }

  private pushUncapped(text: string): number {
    if (this.closing !== undefined) {
      this.droppedAfterClose += 1;
      return this.lineCount;
    }
    this.pending.push(`${text}\n`);
    this.pendingChars += text.length + 1;
    if (this.pendingChars >= FLUSH_CHARS) this.flush();
    else if (this.flushTimer === undefined) this.flushTimer = setTimeout(this.flush, FLUSH_MS).unref();
    this.lineCount += 1;
    return this.lineCount;
  }

  /**
   * Lines are collected for at most FLUSH_MS (or FLUSH_CHARS) and go to the file in one write, off the
   * round trips being recorded. The write is synchronous (page cache, no thread hand-off) and carries
   * whole lines only, so a killed process leaves valid JSONL, losing at most the last FLUSH_MS of lines.
   * Public so a reader of the file mid-run (the construct gate's wire evidence) sees every line so far.
   */
  readonly flush = (): void => {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.pending.length === 0 || this.failure !== undefined) return;
    const chunk = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingChars = 0;
    try {
      let offset = 0;
      while (offset < chunk.length) offset += writeSync(this.fd, chunk, offset);
    } catch (err) {
      this.failure = err as Error;
    }
  };
}

/** What an oversized frame keeps so pairing, method names and error counts still work. */
function routingKeys(raw: unknown): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const src = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of ['jsonrpc', 'id', 'method'] as const) if (key in src) out[key] = src[key];
  const params = src.params;
  if (params !== null && typeof params === 'object' && 'name' in params) {
    const name = (params as Record<string, unknown>).name;
    if (typeof name === 'string') out.params = { name: name.slice(0, 256) };
  }
  const error = src.error;
  if (error !== null && typeof error === 'object') {
    const e = error as Record<string, unknown>;
    out.error = { code: e.code, message: typeof e.message === 'string' ? e.message.slice(0, 512) : '' };
  }
  const result = src.result;
  if (result !== null && typeof result === 'object' && 'isError' in result) {
    out.result = { isError: (result as Record<string, unknown>).isError };
  }
  return out;
}
