/** Bytes one session (one tag) may put on a tape; lines past it are dropped and the drop recorded. */
export const DEFAULT_MAX_SESSION_BYTES = 64 * 1024 * 1024;
/** The same for lines without a session tag (meta, turns, run-level events). */
const DEFAULT_MAX_UNTAGGED_BYTES = 256 * 1024 * 1024;

/** A session whose lines went past the tape's byte cap: what was kept, and what was dropped. */
export interface TapeTruncation {
  session: string | undefined;
  capBytes: number;
  writtenBytes: number;
  droppedLines: number;
  droppedBytes: number;
}

/** What the cap says of one line: write it, drop it, or write the one truncation marker instead. */
export type Admission = 'write' | 'drop' | { cut: TapeTruncation };

/** The byte cap of each session tag ('' for untagged lines), and the sessions cut off at it. */
export class SessionCap {
  private readonly written = new Map<string, number>();
  private readonly cut = new Map<string, TapeTruncation>();

  constructor(private readonly maxSessionBytes = DEFAULT_MAX_SESSION_BYTES) {}

  /** Counts a line of `bytes` (newline included) against its session's cap. */
  admit(session: string | undefined, bytes: number): Admission {
    const key = session ?? '';
    const cut = this.cut.get(key);
    if (cut !== undefined) {
      cut.droppedLines += 1;
      cut.droppedBytes += bytes;
      return 'drop';
    }
    const cap =
      session === undefined
        ? Math.max(this.maxSessionBytes, DEFAULT_MAX_UNTAGGED_BYTES)
        : this.maxSessionBytes;
    const written = (this.written.get(key) ?? 0) + bytes;
    if (written <= cap) {
      this.written.set(key, written);
      return 'write';
    }
    const truncation: TapeTruncation = {
      session,
      capBytes: cap,
      writtenBytes: written - bytes,
      droppedLines: 1,
      droppedBytes: bytes,
    };
    this.cut.set(key, truncation);
    return { cut: truncation };
  }

  /** Sessions cut off at the byte cap, as copies. */
  get truncations(): TapeTruncation[] {
    return [...this.cut.values()].map((t) => ({ ...t }));
  }
}
