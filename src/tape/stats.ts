import { basename } from 'node:path';
import { isRecord } from '../core/json.js';
import { classOf, type LineClass, type Tape } from './lines.js';
import { type Exchange, messages, pairExchanges } from './pairing.js';
import { metaCommand, metaKind, metaProducer } from './schema.js';
import { modelErrors, modelsBlock, type PriceLookup } from './stats-models.js';
import {
  type ErrorEntry,
  type PlaneStats,
  type SessionStats,
  STATS_SCHEMA,
  type TapeStats,
} from './stats-schema.js';
import { callErrors, pendingByMethod, rpcErrorsByMethod, toolTable } from './stats-tools.js';
import { pairToolUses, type ToolUse } from './turn-pairing.js';

export type { PriceLookup } from './stats-models.js';
export { PlaneStats, TapeStats } from './stats-schema.js';

/** Our finer counts, beside the format's fields. */
type Extras = Pick<PlaneStats, 'pendingByMethod' | 'rpcErrorsByMethod' | 'orphanResponses' | 'reusedIds'>;

interface Facts {
  tape: Tape;
  exchanges: Exchange[];
  uses: ToolUse[];
  orphanResponses: number;
}

function collect(tape: Tape): Facts {
  const pairing = pairExchanges(tape.records);
  return {
    tape,
    exchanges: pairing.exchanges,
    uses: pairToolUses(tape.records),
    orphanResponses: pairing.orphanResponses.length,
  };
}

function sessionStats(tape: Tape): SessionStats {
  const records = { total: 0, meta: 0, message: 0, event: 0, turn: 0, end: 0, other: 0 };
  const invalid: SessionStats['invalid'] = [];
  let lastT: string | undefined;
  for (const r of tape.records) {
    records.total += 1;
    records[classOf(r)] += 1;
    if (r.type === 'unknown' && r.claimed !== undefined)
      invalid.push({ line: r.line, claimed: r.claimed, problem: r.problem ?? 'invalid' });
    if (r.type !== 'meta' && r.type !== 'unknown' && (lastT === undefined || r.value.t > lastT))
      lastT = r.value.t;
  }
  const s: SessionStats = {
    records,
    skippedLines: tape.skipped.length,
    skipped: tape.skipped.map((x) => ({ ...x })),
    invalid,
  };
  const { meta, end } = tape;
  const set = <K extends keyof SessionStats>(key: K, value: SessionStats[K] | undefined) => {
    if (value !== undefined) s[key] = value;
  };
  set('label', meta?.label);
  set('kind', metaKind(meta));
  set('startedAt', meta?.startedAt);
  set('command', metaCommand(meta));
  set('producer', metaProducer(meta));
  if (meta?.producer !== undefined && typeof meta.producer === 'object')
    set('configHash', meta.producer.configHash);
  set('endedAt', end?.t ?? lastT);
  set('endReason', end?.reason);
  set('exitCode', end?.exitCode);
  const span = s.startedAt && s.endedAt ? Date.parse(s.endedAt) - Date.parse(s.startedAt) : Number.NaN;
  set('durationMs', end?.durationMs ?? (Number.isFinite(span) ? Math.max(0, span) : undefined));
  return s;
}

/** JSON-RPC error responses no request on the tape explains (an id-less parse error, say). */
function unpairedErrors(f: Facts): ErrorEntry[] {
  const answered = new Set(
    f.exchanges.flatMap((x) => (x.responseLine === undefined ? [] : [x.responseLine])),
  );
  const out: ErrorEntry[] = [];
  for (const r of f.tape.records) {
    if (r.type !== 'message' || r.value.dir !== 'out' || answered.has(r.line)) continue;
    for (const m of messages(r.value.raw)) {
      const e = m.error;
      if (m.method !== undefined || e === null || typeof e !== 'object') continue;
      const { code, message }: Record<string, unknown> = isRecord(e) ? e : {};
      const id = typeof m.id === 'string' || typeof m.id === 'number' ? `id ${m.id}` : '(no id)';
      const text = `${typeof message === 'string' ? message : 'error'}${typeof code === 'number' ? ` (code ${code})` : ''}`;
      out.push({ t: r.value.t, source: 'jsonrpc', name: id, message: text, line: r.line });
    }
  }
  return out;
}

function byTime(a: ErrorEntry, b: ErrorEntry): number {
  return (a.t ?? '').localeCompare(b.t ?? '') || (a.line ?? 0) - (b.line ?? 0);
}

function extras(facts: readonly Facts[]): Extras {
  const exchanges = facts.flatMap((f) => f.exchanges);
  return {
    pendingByMethod: pendingByMethod(exchanges),
    rpcErrorsByMethod: rpcErrorsByMethod(exchanges),
    orphanResponses: facts.reduce((n, f) => n + f.orphanResponses, 0),
    reusedIds: exchanges.filter((x) => x.reusedId).length,
  };
}

function planeStats(f: Facts, price: PriceLookup | undefined): PlaneStats {
  const models = modelsBlock(f.tape.records, price);
  const errors = [...callErrors(f.exchanges, f.uses), ...unpairedErrors(f), ...modelErrors(f.tape.records)];
  return {
    schema: STATS_SCHEMA,
    file: f.tape.source,
    session: sessionStats(f.tape),
    ...(models ? { models } : {}),
    tools: toolTable(f.exchanges, f.uses),
    errors: errors.sort(byTime),
    ...extras([f]),
  };
}

function planeName(tape: Tape, index: number): string {
  const base = basename(tape.source).replace(/\.jsonl$/, '');
  return base === '' ? `${metaKind(tape.meta) ?? 'tape'}-${index + 1}` : base;
}

export function tapeStats(tapes: readonly Tape[], price?: PriceLookup): TapeStats {
  const facts = tapes.map(collect);
  const [first, ...others] = facts;
  if (first === undefined) throw new RangeError('tapeStats needs at least one tape');
  if (others.length === 0) return planeStats(first, price);
  const planes = facts.map((f, i) => ({ plane: planeName(f.tape, i), ...planeStats(f, price) }));
  return { ...mergedView(facts, planes, price), planes };
}

/**
 * Several planes merged as the format describes: sessions and records summed, the tool table from
 * the MCP planes when any saw a tool call (else from the model planes), never both, because the
 * planes describe the same calls from two sides.
 */
function mergedView(
  facts: readonly Facts[],
  planes: readonly PlaneStats[],
  price: PriceLookup | undefined,
): TapeStats {
  const mcp = facts.some((f) => f.exchanges.some((x) => x.method === 'tools/call'));
  const toolFacts = facts.map((f) =>
    mcp ? { ...f, uses: [] } : { ...f, exchanges: f.exchanges.filter((x) => x.method !== 'tools/call') },
  );
  const exchanges = toolFacts.flatMap((f) => f.exchanges);
  const uses = toolFacts.flatMap((f) => f.uses);
  const models = modelsBlock(
    facts.flatMap((f) => f.tape.records),
    price,
  );
  const errors = [
    ...callErrors(exchanges, uses),
    ...facts.flatMap(unpairedErrors),
    ...facts.flatMap((f) => modelErrors(f.tape.records)),
  ];
  const anyUses = facts.some((f) => f.uses.length > 0);
  return {
    schema: STATS_SCHEMA,
    session: mergeSessions(planes.map((p) => p.session)),
    ...(models ? { models } : {}),
    tools: toolTable(exchanges, uses),
    errors: errors.sort(byTime),
    ...extras(facts),
    toolsFrom: mcp ? ['mcp'] : anyUses ? ['turn'] : [],
  };
}

const RECORD_KEYS = [
  'total',
  'meta',
  'message',
  'event',
  'turn',
  'end',
  'other',
] as const satisfies readonly (LineClass | 'total')[];

function mergeSessions(sessions: readonly SessionStats[]): SessionStats {
  const [first] = sessions;
  if (first === undefined) throw new RangeError('mergeSessions needs at least one session');
  const records = { total: 0, meta: 0, message: 0, event: 0, turn: 0, end: 0, other: 0 };
  for (const s of sessions) for (const k of RECORD_KEYS) records[k] += s.records[k];
  const starts = sessions.flatMap((s) => (s.startedAt ? [s.startedAt] : [])).sort();
  const ends = sessions.flatMap((s) => (s.endedAt ? [s.endedAt] : [])).sort();
  const kinds = [...new Set(sessions.flatMap((s) => (s.kind ? [s.kind] : [])))];
  const merged: SessionStats = {
    ...first,
    records,
    skippedLines: sessions.reduce((n, s) => n + s.skippedLines, 0),
    skipped: [],
    invalid: [],
  };
  if (kinds.length > 0) merged.kind = kinds.join('+');
  const startedAt = starts[0];
  const endedAt = ends.at(-1);
  if (startedAt !== undefined) merged.startedAt = startedAt;
  if (endedAt !== undefined) merged.endedAt = endedAt;
  const span = startedAt && endedAt ? Date.parse(endedAt) - Date.parse(startedAt) : Number.NaN;
  if (Number.isFinite(span)) merged.durationMs = Math.max(0, span);
  return merged;
}
