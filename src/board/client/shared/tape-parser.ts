import { type LineRead, readLine, type TapeRecord } from '../../../tape/lines.js';
import { OpenRequests, type Router, route } from '../../../tape/pairing.js';
import { pairToolUses } from '../../../tape/turn-pairing.js';
import { type Entry, entryOf, unreadable } from './entries.js';

/**
 * Tape text into timeline entries with the tape layer's own reader and pairing: each line is read
 * by src/tape/lines.ts, requests are paired with their responses by pairing.ts's rule and queues
 * (`route`, `OpenRequests`, what its `PairingIndex` is made of) and tool uses with their results by
 * turn-pairing.ts, so the viewer, the site build's story and the Node side (stats, findings,
 * verify) read a tape alike (entries.test.ts holds them to it). The viewer keeps only the requests
 * still waiting, not an exchange per request: a 1,000,000-line tape is paired as it is read.
 */

const hasToolBlocks = (record: TapeRecord): boolean =>
  record.type === 'turn' &&
  record.value.blocks.some((b) => b.type === 'tool_use' || b.type === 'tool_result');

/**
 * Reads one tape a slice at a time, so the viewer can paint the first lines of a large tape
 * before the rest is parsed. Each request is linked to its response as the response is read
 * (`pairLine`); once the last line is read, unanswered requests are marked pending and each tool
 * use is linked to its result.
 */
export class TapeParser {
  private start = 0;
  private lineNo = 0;
  private last = 0;
  private linked = false;
  /** Requests waiting for a response; a batch's members wait too (as `undefined`: never linked). */
  private open = new OpenRequests<Entry | undefined>();
  /** The entry of the line being read. */
  private current: Entry | undefined;
  private readonly router: Router = {
    request: (key) => {
      this.open.push(key, this.current?.kind === 'request' ? this.current : undefined);
    },
    response: (key) => {
      const request = this.open.take(key);
      const response = this.current;
      // A batch line is shown whole: its members are paired on the Node side, not linked here.
      if (request === undefined || response?.kind !== 'response') return;
      request.pairLine = response.line;
      response.pairLine = request.line;
      response.tool ??= request.tool;
    },
  };
  /** The turns that use or answer tools, for `pairToolUses`; dropped once linked. */
  private turns: TapeRecord[] = [];
  /** The turns `turns` holds, by line; dropped once linked. */
  private linkable = new Map<number, Entry>();

  constructor(
    private readonly text: string,
    private readonly plane: string,
  ) {}

  get done(): boolean {
    return this.start > this.text.length;
  }

  /** Share of the text read so far, 0–1. */
  get progress(): number {
    return this.text.length === 0 ? 1 : Math.min(1, this.start / this.text.length);
  }

  /** The entries of up to `maxLines` more lines. */
  next(maxLines: number): Entry[] {
    const out: Entry[] = [];
    const { text } = this;
    let budget = maxLines;
    while (!this.done && budget > 0) {
      const nl = text.indexOf('\n', this.start);
      const end = nl === -1 ? text.length : nl;
      this.lineNo += 1;
      budget -= 1;
      const raw = text.slice(this.start, end);
      this.start = end + 1;
      const e = this.entryOf(readLine(raw, this.lineNo, nl !== -1), raw);
      if (e !== undefined) out.push(e);
    }
    if (this.done && !this.linked) this.link();
    return out;
  }

  private entryOf(read: LineRead, raw: string): Entry | undefined {
    if (read === undefined) return undefined;
    if ('skipped' in read) return unreadable(this.plane, read.skipped.line, this.last, raw);
    const { record } = read;
    const e = entryOf(this.plane, record, raw, this.last);
    this.last = e.ms;
    if (record.type === 'message') {
      this.current = e;
      route(record.value, this.router);
      this.current = undefined;
    } else if (hasToolBlocks(record)) {
      this.turns.push(record);
      this.linkable.set(record.line, e);
    }
    return e;
  }

  /** Marks the requests no response answered, and links each tool use to its result. */
  private link(): void {
    for (const request of this.open.waiting()) if (request !== undefined) request.pending = true;
    for (const use of pairToolUses(this.turns)) {
      const a = this.linkable.get(use.line);
      const b = use.resultLine === undefined ? undefined : this.linkable.get(use.resultLine);
      if (a === undefined || b === undefined || a.pairLine !== undefined || b.pairLine !== undefined)
        continue;
      a.pairLine = b.line;
      b.pairLine = a.line;
    }
    this.linked = true;
    this.open = new OpenRequests();
    this.turns = [];
    this.linkable = new Map();
  }
}

/** Every non-empty line of one tape file as an entry (the plane name labels it). */
export function parseTapeText(text: string, plane: string): Entry[] {
  return new TapeParser(text, plane).next(Number.POSITIVE_INFINITY);
}
