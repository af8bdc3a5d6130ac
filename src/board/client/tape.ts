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

function classify(obj: JsonObject): Pick<Entry, 'kind' | 'method' | 'rpcId' | 'tool' | 'error'> {
  const type = str(obj.type);
  if (type === 'meta') return { kind: 'meta', error: false };
  if (type === 'end') return { kind: 'end', error: false };
  if (type === 'turn') return { kind: 'turn', error: turnError(obj) };
  const dir = str(obj.dir);
  if (dir === 'event') return { kind: 'event', error: eventError(obj) };
  if (dir === 'in' || dir === 'out') {
    const raw = asObject(obj.raw);
    const method = str(raw?.method);
    const rpcId = rpcIdOf(raw);
    const tool = method === 'tools/call' ? str(asObject(raw?.params)?.name) : undefined;
    const base = { ...(method ? { method } : {}), ...(rpcId ? { rpcId } : {}), ...(tool ? { tool } : {}) };
    if (method !== undefined)
      return { kind: rpcId && dir === 'in' ? 'request' : 'notification', error: false, ...base };
    return { kind: 'response', error: isErrorResult(raw), ...base };
  }
  return { kind: 'unknown', error: false };
}

function timeOf(obj: JsonObject): number | undefined {
  const t = str(obj.t) ?? str(obj.startedAt);
  if (t === undefined) return undefined;
  const ms = Date.parse(t);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Every non-empty line of one tape file as an entry (the plane name labels it). */
export function parseTapeText(text: string, plane: string): Entry[] {
  const out: Entry[] = [];
  let last = 0;
  let start = 0;
  let line = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    line += 1;
    const raw = text.slice(start, end);
    start = end + 1;
    if (raw.trim() === '') continue;
    let value: Json;
    try {
      value = JSON.parse(raw) as Json;
    } catch {
      out.push({ plane, line, ms: last, kind: 'unreadable', text: raw, error: true, pending: false });
      continue;
    }
    const obj = asObject(value);
    if (!obj) {
      out.push({ plane, line, ms: last, kind: 'unreadable', text: raw, error: true, pending: false });
      continue;
    }
    last = timeOf(obj) ?? last;
    const corr = str(obj.corr_id);
    const session = str(obj.session);
    out.push({
      plane,
      line,
      ms: last,
      text: raw,
      pending: false,
      ...classify(obj),
      ...(corr === undefined ? {} : { corr }),
      ...(session === undefined ? {} : { session }),
    });
  }
  return out;
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
      const kind = str(asObject(JSON.parse(meta.text) as Json)?.kind);
      if (kind === 'mcp') return 'wire';
      if (kind === 'llm') return 'agent';
    } catch {
      // a meta line that parsed once parses again; nothing to do
    }
  }
  return base === '' ? 'tape' : base;
}
