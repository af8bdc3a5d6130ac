import { asRecord, isRecord } from '../core/json.js';
import type { TapeRecord } from './lines.js';
import type { MessageLine } from './schema.js';
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
  messageOf?: string;
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
  const index = new PairingIndex();
  for (const record of records) if (record.type === 'message') index.add(record.line, record.value);
  return index.pairing();
}

/**
 * The pairing's rule, declared once for the Node side and the viewer: of a message line's JSON-RPC
 * messages (one, or each of a 2025-03-26 batch), a request is `dir: "in"` with a `method` and an
 * id, a response is `dir: "out"` with an id and no `method`. They pair by `key`: the line's `source`
 * and `session` and the id with its type, so lines of other sessions or producers never pair.
 */
export interface Router {
  request(key: string, raw: Record<string, unknown>, method: string, id: string | number): void;
  response(key: string, raw: Record<string, unknown>): void;
}

/** Each request and response a message line carries, to `to` (see `Router`). */
export function route(value: MessageLine, to: Router): void {
  const { dir, session, source } = value;
  for (const raw of messages(value.raw)) {
    const id = raw.id;
    if (typeof id !== 'string' && typeof id !== 'number') continue;
    const key = `${source ?? ''}|${session ?? ''}|${typeof id}:${id}`;
    if (dir === 'in' && typeof raw.method === 'string') to.request(key, raw, raw.method, id);
    else if (dir === 'out' && raw.method === undefined) to.response(key, raw);
  }
}

const NONE: readonly never[] = [];

/**
 * Requests waiting for their responses, queued per key in order: the first waiting request takes
 * the next response, so a reused id never erases an earlier request.
 */
export class OpenRequests<T> {
  private readonly open = new Map<string, T[]>();

  /** Queues `item`; returns the requests already waiting under the same key (a reused id). */
  push(key: string, item: T): readonly T[] {
    const queue = this.open.get(key);
    if (queue === undefined) {
      this.open.set(key, [item]);
      return NONE;
    }
    const earlier = [...queue];
    queue.push(item);
    return earlier;
  }

  /** The oldest request waiting under `key`, which waits no more. */
  take(key: string): T | undefined {
    const queue = this.open.get(key);
    const item = queue?.shift();
    if (queue !== undefined && queue.length === 0) this.open.delete(key);
    return item;
  }

  /** Every request still waiting. */
  waiting(): T[] {
    return [...this.open.values()].flat();
  }
}

/**
 * The pairing of `pairExchanges`, fed one message line at a time: the tape writer keeps one as it
 * writes, so the exchanges so far are known mid-run without reading the file back.
 */
export class PairingIndex {
  private readonly exchanges: Exchange[] = [];
  private readonly open = new OpenRequests<Exchange>();
  private readonly orphans: number[] = [];

  /** One message line, by its 1-based line number. */
  add(line: number, value: MessageLine): void {
    const ms = Date.parse(value.t);
    route(value, {
      request: (key, raw, method, id) => {
        const exchange = newExchange(raw, method, id, line, ms, value.corr_id);
        exchange.requestT = value.t;
        if (value.session !== undefined) exchange.session = value.session;
        const earlier = this.open.push(key, exchange);
        if (earlier.length > 0) {
          exchange.reusedId = true;
          for (const e of earlier) e.reusedId = true;
        }
        this.exchanges.push(exchange);
      },
      response: (key, raw) => {
        const exchange = this.open.take(key);
        if (exchange === undefined) this.orphans.push(line);
        else settle(exchange, raw, line, ms);
      },
    });
  }

  /** The pairing so far; later lines settle its pending exchanges in place (see `snapshot`). */
  pairing(): Pairing {
    return { exchanges: this.exchanges, orphanResponses: this.orphans };
  }

  /** The pairing so far as copies, which later lines leave as they are. */
  snapshot(): Pairing {
    return {
      exchanges: this.exchanges.map((x) => (x.error ? { ...x, error: { ...x.error } } : { ...x })),
      orphanResponses: [...this.orphans],
    };
  }
}

/** The JSON-RPC messages a line's `raw` carries: one object, or each object of a batch array. */
export function messages(raw: unknown): Record<string, unknown>[] {
  if (Array.isArray(raw)) return raw.flatMap((m) => (isRecord(m) ? [m] : []));
  const one = asRecord(raw);
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
  const name = asRecord(raw.params)?.name;
  if (method === 'tools/call' && typeof name === 'string') exchange.tool = name;
  return exchange;
}

/** What a response says, by the same rule the pairing settles an exchange with. */
export function answerOf(raw: Record<string, unknown>): Exclude<ExchangeOutcome, 'pending'> {
  if (asRecord(raw.error) !== undefined) return 'rpc-error';
  return asRecord(raw.result)?.isError === true ? 'tool-error' : 'result';
}

function settle(exchange: Exchange, raw: Record<string, unknown>, line: number, ms: number): void {
  exchange.responseLine = line;
  exchange.responseMs = ms;
  const latency = ms - exchange.requestMs;
  if (Number.isFinite(latency)) exchange.latencyMs = Math.max(0, latency);
  exchange.outcome = answerOf(raw);
  const error = asRecord(raw.error);
  if (error !== undefined)
    exchange.error = {
      code: typeof error.code === 'number' ? error.code : undefined,
      message: typeof error.message === 'string' ? error.message : '',
    };
  else if (exchange.outcome === 'tool-error')
    exchange.messageOf = resultText(asRecord(raw.result)?.content) || 'tool reported an error';
}
