import { percentileNearestRank } from '../stats/index.js';
import type { Exchange } from './pairing.js';
import type { ErrorEntry, PlaneStats, ToolStats } from './stats-schema.js';
import type { ToolUse } from './turn-pairing.js';

/** A tool call as both planes see it, for one table. */
interface Call {
  tool: string;
  origin: 'mcp' | 'turn';
  latencyMs?: number;
  pending: boolean;
  resultError: boolean;
  rpcError: boolean;
}

function fromExchange(x: Exchange): Call {
  return {
    tool: x.tool ?? '(unknown)',
    origin: 'mcp',
    ...(x.latencyMs === undefined ? {} : { latencyMs: x.latencyMs }),
    pending: x.outcome === 'pending',
    resultError: x.outcome === 'tool-error',
    rpcError: x.outcome === 'rpc-error',
  };
}

function fromUse(u: ToolUse): Call {
  return {
    tool: u.tool,
    origin: 'turn',
    ...(u.latencyMs === undefined ? {} : { latencyMs: u.latencyMs }),
    pending: u.pending,
    resultError: u.error,
    rpcError: false,
  };
}

/** Per-tool rows over `tools/call` exchanges and model tool uses, most called first. */
export function toolTable(exchanges: readonly Exchange[], uses: readonly ToolUse[]): ToolStats[] {
  const calls = [
    ...exchanges.filter((x) => x.method === 'tools/call').map(fromExchange),
    ...uses.map(fromUse),
  ];
  const rows = new Map<string, { row: ToolStats; latencies: number[]; origins: Set<string> }>();
  for (const c of calls) {
    let slot = rows.get(c.tool);
    if (slot === undefined) {
      slot = {
        row: {
          name: c.tool,
          calls: 0,
          errors: 0,
          origin: c.origin,
          pending: 0,
          resultErrors: 0,
          rpcErrors: 0,
        },
        latencies: [],
        origins: new Set(),
      };
      rows.set(c.tool, slot);
    }
    const { row } = slot;
    row.calls += 1;
    if (c.resultError || c.rpcError) row.errors += 1;
    if (c.resultError) row.resultErrors += 1;
    if (c.rpcError) row.rpcErrors += 1;
    if (c.pending) row.pending += 1;
    if (c.latencyMs !== undefined) slot.latencies.push(c.latencyMs);
    slot.origins.add(c.origin);
  }
  const out: ToolStats[] = [];
  for (const { row, latencies, origins } of rows.values()) {
    if (origins.size > 1) row.origin = 'mixed';
    if (latencies.length > 0) {
      row.p50Ms = percentileNearestRank(latencies, 50);
      row.p95Ms = percentileNearestRank(latencies, 95);
    }
    out.push(row);
  }
  return out.sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name));
}

/** Failed tool calls (`source: tool`) and JSON-RPC errors of every other request (`source: jsonrpc`). */
export function callErrors(exchanges: readonly Exchange[], uses: readonly ToolUse[]): ErrorEntry[] {
  const out: ErrorEntry[] = [];
  const at = (t: string | undefined) => (t === undefined ? {} : { t });
  for (const x of exchanges) {
    if (x.outcome !== 'rpc-error' && x.outcome !== 'tool-error') continue;
    const message =
      x.outcome === 'rpc-error'
        ? `${x.error?.message || 'error'}${x.error?.code === undefined ? '' : ` (code ${x.error.code})`}`
        : (x.messageOf ?? 'tool reported an error');
    const line = x.responseLine === undefined ? {} : { line: x.responseLine };
    if (x.method === 'tools/call')
      out.push({ ...at(x.requestT), source: 'tool', name: x.tool ?? '(unknown)', message, ...line });
    else if (x.outcome === 'rpc-error')
      out.push({ ...at(x.requestT), source: 'jsonrpc', name: x.method, message, ...line });
  }
  for (const u of uses) {
    if (!u.error) continue;
    out.push({
      t: u.t,
      source: 'tool',
      name: u.tool,
      message: u.messageOf ?? 'tool error',
      line: u.resultLine ?? u.line,
    });
  }
  return out;
}

/** Extra: unanswered requests counted by method (every method, not only tools/call). */
export function pendingByMethod(exchanges: readonly Exchange[]): PlaneStats['pendingByMethod'] {
  const counts = new Map<string, number>();
  for (const x of exchanges)
    if (x.outcome === 'pending') counts.set(x.method, (counts.get(x.method) ?? 0) + 1);
  return [...counts].map(([method, count]) => ({ method, count }));
}

/** Extra: JSON-RPC error responses counted by method and code. */
export function rpcErrorsByMethod(exchanges: readonly Exchange[]): PlaneStats['rpcErrorsByMethod'] {
  const rows = new Map<string, PlaneStats['rpcErrorsByMethod'][number]>();
  for (const x of exchanges) {
    if (x.outcome !== 'rpc-error') continue;
    const code = x.error?.code;
    const key = `${x.method}\u0000${code}`;
    const row = rows.get(key) ?? { method: x.method, ...(code === undefined ? {} : { code }), count: 0 };
    row.count += 1;
    rows.set(key, row);
  }
  return [...rows.values()];
}
