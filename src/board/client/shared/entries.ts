import { asRecord } from '../../../core/json.js';
import { classOf, type TapeRecord } from '../../../tape/lines.js';
import { answerOf } from '../../../tape/pairing.js';
import { Plane } from '../../../tape/schema.js';

/**
 * The replay viewer's timeline entries, one per tape line, made from the tape layer's reading of
 * the line (src/tape/lines.ts: the class it claims, whether it is what it claims, or not JSON at
 * all; tape-parser.ts feeds it). What is kept per line is what the timeline shows; the line's text
 * is parsed again when it is opened. Nothing here touches the DOM, so it runs (and is tested) in
 * Node too.
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
  /** The line (in this entry's plane) of the paired request or response, tool use or result. */
  pairLine?: number;
  /** Index (in the merged timeline) of the paired entry, set from `pairLine` (see `linkPairs`). */
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

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** What a line shows as: its kind, whether it is an error, and what it names. */
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

const UNREADABLE: Kind = kindOf('unreadable', true);

type Obj = Record<string, unknown>;

function rpcIdOf(raw: Obj | undefined): string | undefined {
  const id = raw?.id;
  if (typeof id === 'string') return `s:${id}`;
  if (typeof id === 'number') return `n:${id}`;
  return undefined;
}

function blocksOf(obj: Obj): Obj[] {
  const blocks: unknown[] = Array.isArray(obj.blocks) ? obj.blocks : [];
  return blocks.flatMap((b) => {
    const o = asRecord(b);
    return o === undefined ? [] : [o];
  });
}

function turnKind(obj: Obj): Kind {
  const blocks = blocksOf(obj);
  const error = asRecord(obj.error) !== undefined || blocks.some((b) => b.is_error === true);
  const use = blocks.find((b) => b.type === 'tool_use');
  return { ...kindOf('turn', error), tool: str(use?.name) };
}

function eventKind(obj: Obj): Kind {
  const kind = str(obj.kind) ?? '';
  const raw = asRecord(obj.raw);
  const status = raw?.status;
  const error =
    kind === 'fitness.model-error' ||
    kind === 'fitness.transport-error' ||
    (typeof status === 'number' && status >= 400) ||
    typeof raw?.error === 'string';
  return { ...kindOf('event', error), event: str(obj.kind) };
}

function messageKind(obj: Obj): Kind {
  // A JSON-RPC batch (2025-03-26) is shown as one line; its members are not linked here.
  if (Array.isArray(obj.raw))
    return { ...kindOf('notification', false), method: `batch of ${obj.raw.length}` };
  const raw = asRecord(obj.raw);
  const method = str(raw?.method);
  const rpcId = rpcIdOf(raw);
  const tool = method === 'tools/call' ? str(asRecord(raw?.params)?.name) : undefined;
  if (method === undefined) {
    const error = raw !== undefined && answerOf(raw) !== 'result';
    return { kind: 'response', error, method, rpcId, tool, event: undefined };
  }
  const kind = rpcId !== undefined && obj.dir === 'in' ? 'request' : 'notification';
  return { kind, error: false, method, rpcId, tool, event: undefined };
}

/** By the class the tape reader gives the line (a malformed line still shows as what it claims). */
function lineKind(record: TapeRecord, obj: Obj): Kind {
  switch (classOf(record)) {
    case 'meta':
      return kindOf('meta', false);
    case 'end':
      return kindOf('end', false);
    case 'turn':
      return turnKind(obj);
    case 'event':
      return eventKind(obj);
    case 'message':
      return messageKind(obj);
    case 'other':
      return kindOf('unknown', false);
  }
}

function timeOf(obj: Obj): number | undefined {
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
  raw: string,
  k: Kind,
  corr?: string,
  session?: string,
): Entry {
  return {
    plane,
    line,
    ms,
    kind: k.kind,
    text: raw,
    corr,
    session,
    method: k.method,
    rpcId: k.rpcId,
    tool: k.tool,
    event: k.event,
    error: k.error,
    pending: false,
    pairLine: undefined,
    pair: undefined,
    summary: undefined,
  };
}

/** A line that is not a JSON object: shown as it is, at the time of the line before it. */
export function unreadable(plane: string, line: number, ms: number, raw: string): Entry {
  return entry(plane, line, ms, raw, UNREADABLE);
}

/** The entry of one line the tape reader read (`ms`: the time of the line before it). */
export function entryOf(plane: string, record: TapeRecord, raw: string, ms: number): Entry {
  const obj = asRecord(record.value);
  if (obj === undefined) return unreadable(plane, record.line, ms, raw);
  const k = lineKind(record, obj);
  return entry(plane, record.line, timeOf(obj) ?? ms, raw, k, str(obj.corr_id), str(obj.session));
}

/** The plane a tape belongs to, from its meta line (mcp → wire) or its file name. */
export function planeOf(entries: readonly Entry[], name: string): string {
  const base =
    name
      .split('/')
      .pop()
      ?.replace(/\.jsonl?$/, '') ?? '';
  const named = Plane.options.find((p) => p === base);
  if (named !== undefined) return named;
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
