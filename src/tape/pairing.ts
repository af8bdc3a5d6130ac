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
 * The pairing of `pairExchanges`, fed one message line at a time: the tape writer keeps one as it
 * writes, so the exchanges so far are known mid-run without reading the file back.
 */
export class PairingIndex {
  private readonly exchanges: Exchange[] = [];
  private readonly open = new Map<string, Exchange[]>();
  private readonly orphans: number[] = [];

  /** One message line, by its 1-based line number. */
  add(line: number, value: MessageLine): void {
    const { dir, session, source } = value;
    const ms = Date.parse(value.t);
    // A batch (2025-03-26) is an array of messages on one line; each pairs on its own.
    for (const raw of messages(value.raw)) {
      const id = raw.id;
      if (typeof id !== 'string' && typeof id !== 'number') continue;
      const key = `${source ?? ''}|${session ?? ''}|${typeof id}:${id}`;
      if (dir === 'in' && typeof raw.method === 'string') this.request(key, raw, raw.method, id, line, value);
      else if (dir === 'out' && raw.method === undefined) this.response(key, raw, line, ms);
    }
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

  private request(
    key: string,
    raw: Record<string, unknown>,
    method: string,
    id: string | number,
    line: number,
    value: MessageLine,
  ): void {
    const queue = this.open.get(key) ?? [];
    const exchange = newExchange(raw, method, id, line, Date.parse(value.t), value.corr_id);
    exchange.requestT = value.t;
    if (value.session !== undefined) exchange.session = value.session;
    if (queue.length > 0) {
      exchange.reusedId = true;
      for (const earlier of queue) earlier.reusedId = true;
    }
    queue.push(exchange);
    this.open.set(key, queue);
    this.exchanges.push(exchange);
  }

  private response(key: string, raw: Record<string, unknown>, line: number, ms: number): void {
    const queue = this.open.get(key);
    const exchange = queue?.shift();
    if (exchange === undefined) {
      this.orphans.push(line);
      return;
    }
    if (queue !== undefined && queue.length === 0) this.open.delete(key);
    settle(exchange, raw, line, ms);
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
