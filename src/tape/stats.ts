import { basename } from 'node:path';
import { percentileNearestRank } from '../stats/index.js';
import { type Exchange, pairExchanges } from './pairing.js';
import type { Tape, TapeRecord } from './reader.js';
import { EventKind, type TurnLine, type TurnUsage } from './schema.js';

export const STATS_SCHEMA = 'mcp-tape.stats/1';

/** USD cost of one turn's usage, or undefined when the model has no price on file (no cost then). */
export type PriceLookup = (model: string, usage: TurnUsage) => number | undefined;

export interface SessionStats {
  file: string;
  label?: string;
  kind?: string;
  startedAt?: string;
  endedAt?: string;
  durationMs?: number;
  command?: string;
  producer?: Record<string, unknown>;
  records: { meta: number; message: number; event: number; turn: number; end: number; unknown: number };
  skippedLines: number;
  skipped: { line: number; reason: string }[];
  endReason?: string;
}

export interface ModelStats {
  calls: number;
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
  thinking_tokens: number;
  /** Present only when every counted turn of this model was priced. */
  costUsd?: number;
  unpricedTurns: number;
  errors: number;
}

export interface ToolStats {
  calls: number;
  /** Results with `isError: true`. */
  errors: number;
  /** JSON-RPC error responses. */
  rpcErrors: number;
  pending: number;
  /** Nearest-rank percentiles over answered calls; absent when none was answered. */
  p50Ms?: number;
  p95Ms?: number;
}

export interface ErrorStats {
  toolErrors: { tool: string; count: number }[];
  rpcErrors: { method: string; code?: number; count: number }[];
  modelErrors: { model: string; count: number }[];
  pendingRequests: { method: string; count: number }[];
  orphanResponses: number;
  reusedIds: number;
}

export interface PlaneStats {
  plane: string;
  session: SessionStats;
  models: Record<string, ModelStats>;
  tools: Record<string, ToolStats>;
  errors: ErrorStats;
}

export interface TapeStats {
  schema: typeof STATS_SCHEMA;
  session: SessionStats;
  models: Record<string, ModelStats>;
  tools: Record<string, ToolStats>;
  errors: ErrorStats;
  /** One block per file when several files were given (first file is `session`). */
  planes?: PlaneStats[];
}

interface Facts {
  exchanges: Exchange[];
  orphanResponses: number;
  turns: TurnLine[];
  modelErrorEvents: string[];
}

export function tapeStats(tapes: readonly Tape[], price?: PriceLookup): TapeStats {
  const first = tapes[0];
  if (first === undefined) throw new RangeError('tapeStats needs at least one tape');
  const facts = tapes.map(collect);
  const merged = summarize(facts, price);
  const stats: TapeStats = { schema: STATS_SCHEMA, session: sessionStats(first), ...merged };
  if (tapes.length > 1) {
    stats.planes = tapes.map((tape, i) => ({
      plane: planeName(tape, i),
      session: sessionStats(tape),
      ...summarize([facts[i] as Facts], price),
    }));
  }
  return stats;
}

function planeName(tape: Tape, index: number): string {
  const base = basename(tape.source).replace(/\.jsonl$/, '');
  return base === '' ? `${tape.meta?.kind ?? 'tape'}-${index + 1}` : base;
}

function collect(tape: Tape): Facts {
  const pairing = pairExchanges(tape.records);
  const turns: TurnLine[] = [];
  const modelErrorEvents: string[] = [];
  for (const r of tape.records) {
    if (r.type === 'turn' && r.value.echoed !== true) turns.push(r.value);
    if (r.type === 'event' && r.value.kind === EventKind.modelError) {
      const raw = r.value.raw;
      const model = raw !== null && typeof raw === 'object' && 'model' in raw ? String(raw.model) : 'unknown';
      modelErrorEvents.push(model);
    }
  }
  return {
    exchanges: pairing.exchanges,
    orphanResponses: pairing.orphanResponses.length,
    turns,
    modelErrorEvents,
  };
}

function sessionStats(tape: Tape): SessionStats {
  const records = { meta: 0, message: 0, event: 0, turn: 0, end: 0, unknown: 0 };
  for (const r of tape.records) records[r.type] += 1;
  const s: SessionStats = {
    file: tape.source,
    records,
    skippedLines: tape.skipped.length,
    skipped: tape.skipped.map((x) => ({ ...x })),
  };
  const meta = tape.meta;
  if (meta !== undefined) {
    s.label = meta.label;
    s.kind = meta.kind;
    s.startedAt = meta.startedAt;
    s.command = meta.command;
    s.producer = { ...meta.producer };
  }
  const endedAt = tape.end?.t ?? lastTime(tape.records);
  if (endedAt !== undefined) s.endedAt = endedAt;
  if (tape.end !== undefined) {
    s.endReason = tape.end.reason;
    s.durationMs = tape.end.durationMs;
  } else if (s.startedAt !== undefined && endedAt !== undefined) {
    const d = Date.parse(endedAt) - Date.parse(s.startedAt);
    if (Number.isFinite(d)) s.durationMs = Math.max(0, d);
  }
  return s;
}

function lastTime(records: readonly TapeRecord[]): string | undefined {
  for (let i = records.length - 1; i >= 0; i -= 1) {
    const r = records[i];
    if (r !== undefined && r.type !== 'meta' && r.type !== 'unknown') return r.value.t;
  }
  return undefined;
}

function summarize(
  facts: readonly Facts[],
  price: PriceLookup | undefined,
): Omit<PlaneStats, 'plane' | 'session'> {
  const exchanges = facts.flatMap((f) => f.exchanges);
  const turns = facts.flatMap((f) => f.turns);
  return {
    models: modelStats(
      turns,
      facts.flatMap((f) => f.modelErrorEvents),
      price,
    ),
    tools: toolStats(exchanges),
    errors: errorStats(exchanges, turns, facts),
  };
}

function modelStats(
  turns: readonly TurnLine[],
  errorEvents: readonly string[],
  price: PriceLookup | undefined,
) {
  const models: Record<string, ModelStats> = {};
  const costs: Record<string, number> = {};
  const entry = (model: string): ModelStats => {
    models[model] ??= {
      calls: 0,
      input_tokens: 0,
      output_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
      thinking_tokens: 0,
      unpricedTurns: 0,
      errors: 0,
    };
    return models[model];
  };
  for (const turn of turns) {
    if (turn.model === undefined) continue;
    const m = entry(turn.model);
    if (turn.role === 'assistant') m.calls += 1;
    if (turn.error !== undefined) m.errors += 1;
    const u = turn.usage;
    if (u === undefined) continue;
    m.input_tokens += u.input_tokens ?? 0;
    m.output_tokens += u.output_tokens ?? 0;
    m.cache_read_input_tokens += u.cache_read_input_tokens ?? 0;
    m.cache_creation_input_tokens += u.cache_creation_input_tokens ?? 0;
    m.thinking_tokens += u.thinking_tokens ?? 0;
    const cost = price?.(turn.model, u);
    if (cost === undefined || !Number.isFinite(cost)) m.unpricedTurns += 1;
    else costs[turn.model] = (costs[turn.model] ?? 0) + cost;
  }
  for (const model of errorEvents) entry(model).errors += 1;
  for (const [model, m] of Object.entries(models)) {
    const cost = costs[model];
    if (price !== undefined && m.unpricedTurns === 0 && cost !== undefined) m.costUsd = cost;
  }
  return models;
}

function toolStats(exchanges: readonly Exchange[]): Record<string, ToolStats> {
  const tools: Record<string, ToolStats> = {};
  const latencies: Record<string, number[]> = {};
  for (const x of exchanges) {
    if (x.method !== 'tools/call') continue;
    const name = x.tool ?? '(unnamed)';
    tools[name] ??= { calls: 0, errors: 0, rpcErrors: 0, pending: 0 };
    const t = tools[name];
    t.calls += 1;
    if (x.outcome === 'tool-error') t.errors += 1;
    if (x.outcome === 'rpc-error') t.rpcErrors += 1;
    if (x.outcome === 'pending') t.pending += 1;
    if (x.latencyMs !== undefined) {
      latencies[name] ??= [];
      latencies[name].push(x.latencyMs);
    }
  }
  for (const [name, t] of Object.entries(tools)) {
    const values = latencies[name];
    if (values === undefined || values.length === 0) continue;
    t.p50Ms = percentileNearestRank(values, 50);
    t.p95Ms = percentileNearestRank(values, 95);
  }
  return tools;
}

function errorStats(
  exchanges: readonly Exchange[],
  turns: readonly TurnLine[],
  facts: readonly Facts[],
): ErrorStats {
  const toolErrors = new Map<string, number>();
  const rpcErrors = new Map<string, { method: string; code?: number; count: number }>();
  const pending = new Map<string, number>();
  for (const x of exchanges) {
    if (x.outcome === 'tool-error') {
      const tool = x.tool ?? '(unnamed)';
      toolErrors.set(tool, (toolErrors.get(tool) ?? 0) + 1);
    } else if (x.outcome === 'rpc-error') {
      const code = x.error?.code;
      const key = `${x.method}\u0000${code}`;
      const row = rpcErrors.get(key) ?? {
        method: x.method,
        ...(code === undefined ? {} : { code }),
        count: 0,
      };
      row.count += 1;
      rpcErrors.set(key, row);
    } else if (x.outcome === 'pending') {
      pending.set(x.method, (pending.get(x.method) ?? 0) + 1);
    }
  }
  const modelErrors = new Map<string, number>();
  for (const turn of turns) {
    if (turn.error !== undefined)
      modelErrors.set(turn.model ?? 'unknown', (modelErrors.get(turn.model ?? 'unknown') ?? 0) + 1);
  }
  for (const model of facts.flatMap((f) => f.modelErrorEvents))
    modelErrors.set(model, (modelErrors.get(model) ?? 0) + 1);
  return {
    toolErrors: [...toolErrors].map(([tool, count]) => ({ tool, count })),
    rpcErrors: [...rpcErrors.values()],
    modelErrors: [...modelErrors].map(([model, count]) => ({ model, count })),
    pendingRequests: [...pending].map(([method, count]) => ({ method, count })),
    orphanResponses: facts.reduce((n, f) => n + f.orphanResponses, 0),
    reusedIds: exchanges.filter((x) => x.reusedId).length,
  };
}
