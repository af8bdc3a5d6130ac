/**
 * Browser side of the replay viewer: parses mcp-tape v1 text into timeline entries. Tolerant like
 * the library reader: unknown types, dirs and kinds are kept, unparseable lines are shown as such.
 * Nothing here touches the DOM, so it runs (and is tested) in Node too.
 */

export type EntryKind =
  | 'meta'
  | 'request'
  | 'response'
  | 'notification'
  | 'event'
  | 'turn'
  | 'end'
  | 'unknown'
  | 'unreadable';

export interface Entry {
  plane: string;
  /** 1-based line number in its tape file (what `<plane>:<line>` references cite). */
  line: number;
  /** Observed time in ms; lines without a readable time inherit the previous line's. */
  ms: number;
  kind: EntryKind;
  text: string;
  corr?: string;
  session?: string;
  method?: string;
  rpcId?: string;
  /** Tool name of a tools/call request or a tool_use block. */
  tool?: string;
  /** The `kind` of an event line (`fitness.connect`, …). */
  event?: string;
  error: boolean;
  /** A request that never got a matching response. */
  pending: boolean;
  /** Index (in the merged timeline) of the paired request or response. */
  pair?: number;
  /** Short description, computed when first shown. */
  summary?: string;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A JSON text's value (JSON.parse yields nothing but JSON values; it throws on anything else). */
export function parseJson(text: string): Json {
  return JSON.parse(text);
}

export function asObject(v: Json | undefined): JsonObject | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
}

export function str(v: Json | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function rpcIdOf(raw: JsonObject | undefined): string | undefined {
  const id = raw?.id;
  if (typeof id === 'string') return `s:${id}`;
  if (typeof id === 'number') return `n:${id}`;
  return undefined;
}

function isErrorResult(raw: JsonObject | undefined): boolean {
  if (!raw) return false;
  if (asObject(raw.error)) return true;
  return asObject(raw.result)?.isError === true;
}

function turnError(obj: JsonObject): boolean {
  if (asObject(obj.error)) return true;
  const blocks = Array.isArray(obj.blocks) ? obj.blocks : [];
  return blocks.some((b) => asObject(b)?.is_error === true);
}

function eventError(obj: JsonObject): boolean {
  const kind = str(obj.kind) ?? '';
  if (kind === 'fitness.model-error' || kind === 'fitness.transport-error') return true;
  const raw = asObject(obj.raw);
  const status = raw?.status;
  return (typeof status === 'number' && status >= 400) || typeof raw?.error === 'string';
}

interface Kind {
  kind: EntryKind;
  error: boolean;
  method: string | undefined;
  rpcId: string | undefined;
  tool: string | undefined;
  event: string | undefined;
}

function kindOf(kind: EntryKind, error: boolean): Kind {
  return { kind, error, method: undefined, rpcId: undefined, tool: undefined, event: undefined };
}

function classify(obj: JsonObject): Kind {
  const type = obj.type;
  if (type === 'meta') return kindOf('meta', false);
  if (type === 'end') return kindOf('end', false);
  if (type === 'turn') return kindOf('turn', turnError(obj));
  const dir = obj.dir;
  if (dir === 'event') return { ...kindOf('event', eventError(obj)), event: str(obj.kind) };
  if (dir === 'in' || dir === 'out') {
    // A JSON-RPC batch (2025-03-26) is shown as one line; its members are not paired here.
    if (Array.isArray(obj.raw))
      return { ...kindOf('notification', false), method: `batch of ${obj.raw.length}` };
    const raw = asObject(obj.raw);
    const method = str(raw?.method);
    const rpcId = rpcIdOf(raw);
    const tool = method === 'tools/call' ? str(asObject(raw?.params)?.name) : undefined;
    if (method !== undefined) {
      return {
        kind: rpcId !== undefined && dir === 'in' ? 'request' : 'notification',
        error: false,
        method,
        rpcId,
        tool,
        event: undefined,
      };
    }
    return { kind: 'response', error: isErrorResult(raw), method, rpcId, tool, event: undefined };
  }
  return kindOf('unknown', false);
}

function timeOf(obj: JsonObject): number | undefined {
  const t = str(obj.t) ?? str(obj.startedAt);
  if (t === undefined) return undefined;
  const ms = Date.parse(t);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Every entry is built with the same fields in the same order, so the engine keeps one shape. */
function entry(
  plane: string,
  line: number,
  ms: number,
  text: string,
  k: Kind,
  corr?: string,
  session?: string,
): Entry {
  return {
    plane,
    line,
    ms,
    kind: k.kind,
    text,
    corr,
    session,
    method: k.method,
    rpcId: k.rpcId,
    tool: k.tool,
    event: k.event,
    error: k.error,
    pending: false,
    pair: undefined,
    summary: undefined,
  };
}

const UNREADABLE: Kind = kindOf('unreadable', true);

/**
 * Reads one tape a slice at a time, so the viewer can paint the first lines of a large tape
 * before the rest is parsed.
 */
export class TapeParser {
  private start = 0;
  private lineNo = 0;
  private last = 0;

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
    const { text, plane } = this;
    let budget = maxLines;
    while (this.start <= text.length && budget > 0) {
      let end = text.indexOf('\n', this.start);
      if (end === -1) end = text.length;
      this.lineNo += 1;
      budget -= 1;
      const raw = text.slice(this.start, end);
      this.start = end + 1;
      if (raw.trim() === '') continue;
      let value: Json;
      try {
        value = parseJson(raw);
      } catch {
        out.push(entry(plane, this.lineNo, this.last, raw, UNREADABLE));
        continue;
      }
      const obj = asObject(value);
      if (!obj) {
        out.push(entry(plane, this.lineNo, this.last, raw, UNREADABLE));
        continue;
      }
      this.last = timeOf(obj) ?? this.last;
      out.push(entry(plane, this.lineNo, this.last, raw, classify(obj), str(obj.corr_id), str(obj.session)));
    }
    return out;
  }
}

/** Every non-empty line of one tape file as an entry (the plane name labels it). */
export function parseTapeText(text: string, plane: string): Entry[] {
  return new TapeParser(text, plane).next(Number.POSITIVE_INFINITY);
}

/** The plane a tape belongs to, from its meta line (mcp → wire) or its file name. */
export function planeOf(entries: readonly Entry[], name: string): string {
  const base =
    name
      .split('/')
      .pop()
      ?.replace(/\.jsonl?$/, '') ?? '';
  if (base === 'wire' || base === 'agent' || base === 'judge') return base;
  const meta = entries.find((e) => e.kind === 'meta');
  if (meta) {
    try {
      const kind = str(asObject(parseJson(meta.text))?.kind);
      if (kind === 'mcp') return 'wire';
      if (kind === 'llm') return 'agent';
    } catch {
      // a meta line that parsed once parses again; nothing to do
    }
  }
  return base === '' ? 'tape' : base;
}
