import type { TapeRecord } from './reader.js';
import { resultText } from './turn-pairing.js';

export type ExchangeOutcome = 'result' | 'tool-error' | 'rpc-error' | 'pending';

/** One client → server request and what (if anything) answered it. */
export interface Exchange {
  method: string;
  id: string | number;
  /** `params.name` of a `tools/call`. */
  tool?: string;
  corrId?: string;
  requestLine: number;
  requestMs: number;
  /** The request line's `t`, as written. */
  requestT?: string;
  session?: string;
  responseLine?: number;
  responseMs?: number;
  latencyMs?: number;
  outcome: ExchangeOutcome;
  error?: { code: number | undefined; message: string };
  /** Text of an `isError` result (clipped). */
  errorText?: string;
  /** Another request in this session used the same id before this one was answered. */
  reusedId: boolean;
}

export interface Pairing {
  exchanges: Exchange[];
  /** Lines of responses no earlier request explains. */
  orphanResponses: number[];
}

/**
 * Pairs requests (`dir:"in"`, id ≠ null) with the first later `dir:"out"` response carrying the same
 * id. Requests that share an id queue in order (first unanswered request takes the next response), so
 * a reused id never erases an earlier request. Unanswered requests stay `pending`. Lines tagged with
 * different `session`s (or merged from different `source`s) never pair. A batch line pairs each of its
 * messages. Event lines and everything that is not a message line are ignored.
 */
export function pairExchanges(records: readonly TapeRecord[]): Pairing {
  const exchanges: Exchange[] = [];
  const open = new Map<string, Exchange[]>();
  const orphanResponses: number[] = [];
  for (const record of records) {
    if (record.type !== 'message') continue;
    const { dir, session, source, corr_id } = record.value;
    const ms = Date.parse(record.value.t);
    // A batch (2025-03-26) is an array of messages on one line; each pairs on its own.
    for (const raw of messages(record.value.raw)) {
      const id = raw.id;
      if (typeof id !== 'string' && typeof id !== 'number') continue;
      const key = `${source ?? ''}|${session ?? ''}|${typeof id}:${id}`;
      if (dir === 'in' && typeof raw.method === 'string') {
        const queue = open.get(key) ?? [];
        const exchange = newExchange(raw, raw.method, id, record.line, ms, corr_id);
        exchange.requestT = record.value.t;
        if (session !== undefined) exchange.session = session;
        if (queue.length > 0) {
          exchange.reusedId = true;
          for (const earlier of queue) earlier.reusedId = true;
        }
        queue.push(exchange);
        open.set(key, queue);
        exchanges.push(exchange);
      } else if (dir === 'out' && raw.method === undefined) {
        const queue = open.get(key);
        const exchange = queue?.shift();
        if (exchange === undefined) {
          orphanResponses.push(record.line);
          continue;
        }
        if (queue !== undefined && queue.length === 0) open.delete(key);
        settle(exchange, raw, record.line, ms);
      }
    }
  }
  return { exchanges, orphanResponses };
}

/** The JSON-RPC messages a line's `raw` carries: one object, or each object of a batch array. */
export function messages(raw: unknown): Record<string, unknown>[] {
  if (Array.isArray(raw))
    return raw.flatMap((m) => (asObject(m) ? [asObject(m) as Record<string, unknown>] : []));
  const one = asObject(raw);
  return one === undefined ? [] : [one];
}

function newExchange(
  raw: Record<string, unknown>,
  method: string,
  id: string | number,
  line: number,
  ms: number,
  corrId: string | undefined,
): Exchange {
  const exchange: Exchange = {
    method,
    id,
    requestLine: line,
    requestMs: ms,
    outcome: 'pending',
    reusedId: false,
  };
  if (corrId !== undefined) exchange.corrId = corrId;
  const name = asObject(raw.params)?.name;
  if (method === 'tools/call' && typeof name === 'string') exchange.tool = name;
  return exchange;
}

function settle(exchange: Exchange, raw: Record<string, unknown>, line: number, ms: number): void {
  exchange.responseLine = line;
  exchange.responseMs = ms;
  const latency = ms - exchange.requestMs;
  if (Number.isFinite(latency)) exchange.latencyMs = Math.max(0, latency);
  const error = asObject(raw.error);
  if (error !== undefined) {
    exchange.outcome = 'rpc-error';
    exchange.error = {
      code: typeof error.code === 'number' ? error.code : undefined,
      message: typeof error.message === 'string' ? error.message : '',
    };
    return;
  }
  const result = asObject(raw.result);
  if (result?.isError === true) {
    exchange.outcome = 'tool-error';
    exchange.errorText = resultText(result.content) || 'tool reported an error';
    return;
  }
  exchange.outcome = 'result';
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
