import { FitnessError } from '../core/errors.js';
import { PRODUCER, VERSION } from '../version.js';
import { envelopeOnly, routingKeys } from './line-cuts.js';
import { LineSink } from './line-sink.js';
import { type Exchange, PairingIndex } from './pairing.js';
import { Redactor } from './redact.js';
import {
  EventKind,
  type MessageDir,
  MessageLine,
  type Producer,
  TAPE_VERSION,
  type Truncation,
  type TurnLine,
  type WrittenMetaLine,
} from './schema.js';
import { SessionCap, type TapeTruncation } from './session-cap.js';

export const DEFAULT_MAX_FRAME_BYTES = 1024 * 1024;
const TRUNCATED_HEAD_CHARS = 2048;

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

export interface LineOptions {
  corrId?: string | undefined;
  /** Tag of the MCP session a frame belongs to, when one file holds several (see `newSession`). */
  session?: string | undefined;
  /** Observed time (ms since epoch) at the seam; defaults to now. */
  at?: number | undefined;
}

/** A turn to write: our turns always carry their corr id. */
export type TurnInput = Omit<TurnLine, 't' | 'type' | 'corr_id'> & { corr_id: string; at?: number };

/** What the end line may carry beside its reason: the suite hash, once the suite was registered. */
export interface EndFields {
  configHash?: string;
}

/**
 * Streams one session to one mcp-tape v1 file, append-only: nothing is rewritten once written. Every
 * line is written whole with its newline, so a process killed mid-run leaves valid JSONL except
 * possibly an unterminated last line. Returns the 1-based line number of each line written (the
 * `<plane>:<line>` tape references point at these), and pairs requests with responses as it writes
 * them (`exchanges`), exactly as a reader of the file would.
 */
export class TapeWriter {
  readonly path: string;
  private redactor: Redactor;
  private readonly maxFrameBytes: number;
  private readonly now: () => number;
  private readonly startedMs: number;
  private readonly sink: LineSink;
  private readonly cap: SessionCap;
  private readonly index = new PairingIndex();
  private lineCount = 0;
  private sessionCount = 0;
  private closing: Promise<void> | undefined;
  /** Lines offered after close: not written, counted so a caller can tell. */
  droppedAfterClose = 0;

  private constructor(path: string, sink: LineSink, options: TapeWriterOptions) {
    this.path = path;
    this.redactor = new Redactor(options.secrets ?? []);
    this.maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
    this.cap = new SessionCap(options.maxSessionBytes);
    this.now = options.now ?? Date.now;
    this.startedMs = this.now();
    this.sink = sink;
  }

  /** Opens `path` for a new tape; refuses a file that already has content (one session per file). */
  static open(options: TapeWriterOptions): TapeWriter {
    const writer = new TapeWriter(options.path, LineSink.open(options.path), options);
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

  /** Every request written so far with what answered it, paired as `pairExchanges` pairs the file. */
  exchanges(): Exchange[] {
    return this.index.snapshot().exchanges;
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
    const frame = this.serializeFrame(line);
    if (frame === undefined) {
      const why = this.redactor.keyLeaks(raw) ? 'secret-in-key' : 'unserializable';
      return this.emit(
        { ...line, raw: routingKeys(raw), truncated: { bytes: 0, head: '', reason: why } },
        options.session,
        true,
      );
    }
    const { text } = frame;
    const size = text.length * 3 <= this.maxFrameBytes ? text.length : Buffer.byteLength(text);
    if (size <= this.maxFrameBytes) return this.push(text, options.session, frame.value);
    const truncated: Truncation = { bytes: size, head: text.slice(0, TRUNCATED_HEAD_CHARS) };
    return this.emit({ ...line, raw: routingKeys(raw), truncated }, options.session, true);
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

  /**
   * Writes the end line, flushes and closes the file; idempotent. Throws if any write failed. The
   * end line carries what only became known during the run (`configHash`, the suite hash), so the
   * lines before it are never rewritten.
   */
  close(reason: string, fields: EndFields = {}): Promise<void> {
    if (this.closing === undefined) {
      const at = this.now();
      const end = { t: this.iso(at), type: 'end', reason, durationMs: at - this.startedMs, ...fields };
      // The end line is never subject to the cap: a reader must always find how the tape ended.
      this.pushUncapped(this.serialize(end));
      this.sink.close();
      this.closing = Promise.resolve();
    }
    return this.closing.then(() => {
      const failure = this.sink.failure;
      if (failure) throw new FitnessError('TAPE_WRITE_FAILED', `${this.path}: ${failure.message}`);
    });
  }

  private iso(at: number | undefined): string {
    return new Date(at ?? this.now()).toISOString();
  }

  /** Sessions cut off at the byte cap, with what was kept and dropped. */
  get truncations(): TapeTruncation[] {
    return this.cap.truncations;
  }

  /** A frame line as written (scrubbed) and as text, or undefined when it cannot be written whole. */
  private serializeFrame(line: Record<string, unknown>): { value: unknown; text: string } | undefined {
    if (this.redactor.keyLeaks(line)) return undefined;
    try {
      const value = this.scrub(line);
      return { value, text: JSON.stringify(value) };
    } catch {
      return undefined;
    }
  }

  private scrub(line: unknown): unknown {
    return this.redactor.empty ? line : this.redactor.scrubValue(line);
  }

  private serialize(line: unknown): string {
    return JSON.stringify(this.scrub(line));
  }

  /**
   * Harness lines (events, turns, frames cut to their routing keys): a line that cannot be
   * serialized keeps its envelope only. A `frame` line is paired once written.
   */
  private emit(line: unknown, session?: string, frame = false): number {
    let value: unknown;
    let text: string;
    try {
      value = this.scrub(this.redactor.keyLeaks(line) ? this.redactor.scrubDroppingKeys(line) : line);
      text = JSON.stringify(value);
    } catch {
      value = envelopeOnly(line);
      text = JSON.stringify(value);
    }
    return this.push(text, session, frame ? value : undefined);
  }

  /** A line under its session's byte cap; a written `frame` goes into the pairing index. */
  private push(text: string, session?: string, frame?: unknown): number {
    if (this.closing !== undefined) {
      this.droppedAfterClose += 1;
      return this.lineCount;
    }
    const admission = this.cap.admit(session, text.length + 1);
    if (admission === 'drop') return this.lineCount;
    if (admission !== 'write') {
      const marker: Record<string, unknown> = {
        t: this.iso(undefined),
        dir: 'event',
        kind: EventKind.tapeTruncated,
        raw: { capBytes: admission.cut.capBytes, writtenBytes: admission.cut.writtenBytes },
      };
      if (session !== undefined) marker.session = session;
      return this.pushUncapped(JSON.stringify(marker));
    }
    const line = this.pushUncapped(text);
    if (frame !== undefined) {
      const parsed = MessageLine.safeParse(frame);
      if (parsed.success) this.index.add(line, parsed.data);
    }
    return line;
  }

  private pushUncapped(text: string): number {
    if (this.closing !== undefined) {
      this.droppedAfterClose += 1;
      return this.lineCount;
    }
    this.sink.write(text);
    this.lineCount += 1;
    return this.lineCount;
  }

  /** Writes the waiting lines now (they are batched, see `LineSink`). */
  readonly flush = (): void => this.sink.flush();

  /** Every line written so far, from memory (the findings stage reads the tapes here, not from the file). */
  text(): string {
    return this.sink.text();
  }
}
