import { closeSync, fstatSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { FitnessError, messageOf } from '../core/errors.js';

/** Lines wait at most this long, or until this many characters are pending, before they are written. */
const FLUSH_MS = 20;
const FLUSH_CHARS = 256 * 1024;

/** Every sink still open: one `exit` hook flushes them all (a listener each would pass Node's 10). */
const open = new Set<LineSink>();
let exitHooked = false;
function flushAllOnExit(): void {
  for (const sink of open) sink.flush();
}

/**
 * The file end of a tape: whole lines, batched. Lines are collected for at most FLUSH_MS (or
 * FLUSH_CHARS) and go to the file in one write, off the round trips being recorded. The write is
 * synchronous (page cache, no thread hand-off) and carries whole lines only, so a killed process
 * leaves valid JSONL, losing at most the last FLUSH_MS of lines. A crash still ends with `exit`:
 * the lines waiting for their batch go out with it.
 */
export class LineSink {
  private pending: string[] = [];
  /** Every line given so far, with its newline: the tape as its file holds it once flushed. */
  private readonly lines: string[] = [];
  private pendingChars = 0;
  private flushTimer: NodeJS.Timeout | undefined;
  /** The first write (or close) that failed; later lines are not attempted. */
  failure: Error | undefined;

  private constructor(private readonly fd: number) {
    open.add(this);
    if (!exitHooked) {
      exitHooked = true;
      process.on('exit', flushAllOnExit);
    }
  }

  /** Opens `path` for a new tape; refuses a file that already has content (one session per file). */
  static open(path: string): LineSink {
    mkdirSync(dirname(path), { recursive: true });
    let fd: number;
    try {
      fd = openSync(path, 'a');
    } catch (err) {
      throw new FitnessError('TAPE_OPEN_FAILED', `${path}: cannot open tape (${messageOf(err)})`);
    }
    if (fstatSync(fd).size > 0) {
      closeSync(fd);
      throw new FitnessError(
        'TAPE_NOT_EMPTY',
        `${path}: tape already has content; refusing to append (one session per file)`,
      );
    }
    return new LineSink(fd);
  }

  /** One line, without its newline. */
  write(text: string): void {
    const line = `${text}\n`;
    this.pending.push(line);
    this.lines.push(line);
    this.pendingChars += text.length + 1;
    if (this.pendingChars >= FLUSH_CHARS) this.flush();
    else if (this.flushTimer === undefined) this.flushTimer = setTimeout(this.flush, FLUSH_MS).unref();
  }

  /** The tape so far, from memory: every line given, as the file holds them once flushed. */
  text(): string {
    return this.lines.join('');
  }

  /** Writes every waiting line now. */
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
      this.failure = err instanceof Error ? err : new Error(String(err));
    }
  };

  /** Flushes, leaves the set flushed on `exit` and closes the file. */
  close(): void {
    this.flush();
    open.delete(this);
    try {
      closeSync(this.fd);
    } catch (err) {
      this.failure ??= err instanceof Error ? err : new Error(String(err));
    }
  }
}
