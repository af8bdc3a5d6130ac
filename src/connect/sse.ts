const LINE_BREAK = /[\r\n]/g;

/**
 * An incremental text/event-stream decoder: feed it the body as it arrives and it returns the `data`
 * payload of each event a blank line completed, so a long stream is read once, event by event,
 * and nothing before the current event is kept. Lines end in CRLF, CR or LF; comments and fields
 * other than `data` are ignored.
 */
export class SseDecoder {
  private buffer = '';
  /** Characters at the head of `buffer` already known to hold no line break. */
  private scanned = 0;
  private data: string[] = [];

  push(text: string): string[] {
    this.buffer += text;
    const out: string[] = [];
    let start = 0;
    LINE_BREAK.lastIndex = this.scanned;
    for (let m = LINE_BREAK.exec(this.buffer); m !== null; m = LINE_BREAK.exec(this.buffer)) {
      const at = m.index;
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
      if (this.buffer[at] === '\r' && at + 1 === this.buffer.length) break;
      this.line(this.buffer.slice(start, at), out);
      start = at + (this.buffer[at] === '\r' && this.buffer[at + 1] === '\n' ? 2 : 1);
      LINE_BREAK.lastIndex = start;
    }
    this.buffer = this.buffer.slice(start);
    this.scanned = Math.max(0, this.buffer.length - (this.buffer.endsWith('\r') ? 1 : 0));
    return out;
  }

  /** The end of the stream: a last event without its blank line still counts. */
  end(): string[] {
    const out: string[] = [];
    if (this.buffer !== '') this.line(this.buffer.replace(/\r$/, ''), out);
    this.buffer = '';
    this.scanned = 0;
    if (this.data.length > 0) out.push(this.data.join('\n'));
    this.data = [];
    return out;
  }

  private line(line: string, out: string[]): void {
    if (line === '') {
      if (this.data.length > 0) out.push(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    const value = colon === -1 ? '' : line.slice(colon + 1);
    this.data.push(value.startsWith(' ') ? value.slice(1) : value);
  }
}
