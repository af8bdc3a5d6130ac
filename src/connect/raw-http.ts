import { messageOf } from '../core/errors.js';
import { isRecord } from '../core/json.js';
import type { EventSink, FetchFn } from '../tape/record-fetch.js';
import { displayUrl } from '../tape/record-fetch.js';
import type { Redactor } from '../tape/redact.js';
import { EventKind } from '../tape/schema.js';
import { clientAnswer, isServerRequest } from './client-answer.js';
import { callContext, idKey, noteLine } from './context.js';
import { SseDecoder } from './sse.js';
import { type HttpTarget, sentHeaders } from './target.js';

/** How much of an SSE body `text` keeps (the events themselves are read to the answer, frame by frame). */
const SSE_TEXT_LIMIT = 1024 * 1024;
/** How many messages of one body `messages` keeps (all are recorded; the answer is always kept). */
const KEPT_MESSAGES = 1000;

export interface RawHttpRequest {
  method?: string;
  /** A JSON value (serialized) or a string sent verbatim (e.g. deliberately invalid JSON). */
  body?: unknown;
  /** Sent after the target's own headers and the defaults (content-type, accept), overriding them. */
  headers?: Record<string, string>;
  /** Default headers to leave out entirely (lower-case names). */
  omitHeaders?: readonly string[];
  corrId?: string;
  timeoutMs?: number;
}

export interface RawHttpResponse {
  status: number;
  headers: Record<string, string>;
  contentType: string | undefined;
  /** The body as text: a JSON body whole (within the frame limit), an SSE body's first megabyte. */
  text: string;
  /** JSON-RPC messages found in the body (JSON, a JSON array, or SSE `data` events; the first 1,000). */
  messages: unknown[];
  /** The parsed JSON body, or the SSE message answering the request, when there is one. */
  body: unknown;
  /** Tape lines written for this exchange (request, HTTP event, responses): evidence references. */
  tapeLines: number[];
}

/** A raw request that got no HTTP answer it could read: the reason (scrubbed) and what was recorded. */
export interface RawHttpFailure {
  error: string;
  tapeLines: number[];
}

/** Where a raw exchange writes its frames: the wire tape (`TapeWriter` and the probes' tapes fit). */
export interface WireSink extends EventSink {
  message(dir: 'in' | 'out', raw: unknown, options?: { corrId?: string; session?: string }): number;
}

/** What a raw exchange uses of its wire. */
export interface RawWire {
  readonly url: URL;
  readonly target: HttpTarget;
  /** The wire's recording fetch: frame limits, secret handling and `fitness.http` events. */
  readonly fetch: FetchFn;
  readonly tape: WireSink | undefined;
  readonly session: string | undefined;
  readonly redactor: Redactor;
}

/**
 * One raw HTTP request to the target through the wire's recording fetch, every frame on the tape.
 * A request the server sends on the SSE stream of the answer (`roots/list`, `ping`) is answered as
 * the session's SDK client answers it (see `clientAnswer`), in a POST carrying the request's
 * session headers; reading goes on until the answer to the request itself arrives. Never throws.
 */
export function tryRawHttp(
  wire: RawWire,
  request: RawHttpRequest,
): Promise<RawHttpResponse | RawHttpFailure> {
  const lines: number[] = [];
  return callContext.run({ corrId: request.corrId, lines }, () => exchange(wire, request, lines));
}

async function exchange(
  wire: RawWire,
  request: RawHttpRequest,
  lines: number[],
): Promise<RawHttpResponse | RawHttpFailure> {
  const method = (request.method ?? 'POST').toUpperCase();
  const headers = new Headers({
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  });
  for (const name of request.omitHeaders ?? []) headers.delete(name);
  for (const [k, v] of Object.entries(sentHeaders(wire.target))) headers.set(k, v);
  for (const [k, v] of Object.entries(request.headers ?? {})) headers.set(k, v);
  const bodyText =
    request.body === undefined
      ? undefined
      : typeof request.body === 'string'
        ? request.body
        : JSON.stringify(request.body);
  const sent = recordRequestBody(wire, request.body, bodyText, request.corrId, lines);
  const controller = new AbortController();
  const timeoutMs = request.timeoutMs ?? 10_000;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const init: RequestInit = { method, headers, signal: controller.signal };
    if (bodyText !== undefined) init.body = bodyText;
    const response = await wire.fetch(wire.url, init);
    const contentType = mediaType(response.headers.get('content-type'));
    const record = (m: unknown) => {
      const line = wire.tape?.message('out', m, tagOf(wire, request.corrId));
      if (line !== undefined) lines.push(line);
    };
    const read =
      contentType === 'text/event-stream'
        ? await readSse(response, sent.id, record, (m) =>
            answerServer(
              wire,
              { request: m, under: sent.frame, opened: headers },
              request.corrId,
              controller.signal,
            ),
          )
        : readJson(await response.text(), record);
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((v, k) => {
      responseHeaders[k] = v;
    });
    return { status: response.status, headers: responseHeaders, contentType, ...read, tapeLines: lines };
  } catch (err) {
    const what = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : messageOf(err);
    return { error: wire.redactor.scrub(what), tapeLines: lines };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

function tagOf(wire: RawWire, corrId: string | undefined): { corrId?: string; session?: string } {
  return { corrId, session: wire.session };
}

function recordRequestBody(
  wire: RawWire,
  body: unknown,
  text: string | undefined,
  corrId: string | undefined,
  lines: number[],
): { id?: string | undefined; frame?: unknown } {
  if (text === undefined) return {};
  const parsed = typeof body === 'string' ? tryJson(body) : body;
  if (parsed === undefined || parsed === null || typeof parsed !== 'object') {
    const raw = {
      method: 'body',
      url: displayUrl(wire.url),
      requestHeaders: {},
      durationMs: 0,
      bodyHead: text.slice(0, 4096),
    };
    const line = wire.tape?.event(EventKind.http, raw, tagOf(wire, corrId));
    if (line !== undefined) lines.push(line);
    return {};
  }
  const line = wire.tape?.message('in', parsed, tagOf(wire, corrId));
  if (line !== undefined) lines.push(line);
  return isRecord(parsed) ? { id: idKey(parsed.id), frame: parsed } : {};
}

/**
 * The client's answer to a server → client request (see `clientAnswer`: none on a modern
 * connection), POSTed as the SDK transport does: the target's headers and the session's
 * (`mcp-session-id`, `mcp-protocol-version`) from the request that opened the stream. The server's
 * reply (202) is recorded by the fetch; a failure leaves the awaited answer to time out.
 */
async function answerServer(
  wire: RawWire,
  asked: { request: { id: string | number; method: string }; under: unknown; opened: Headers },
  corrId: string | undefined,
  signal: AbortSignal,
): Promise<void> {
  const answer = clientAnswer(asked.request, asked.under);
  if (answer === undefined) return;
  const line = wire.tape?.message('in', answer, tagOf(wire, corrId));
  if (line !== undefined) noteLine(line);
  const headers = new Headers({
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  });
  for (const [k, v] of Object.entries(sentHeaders(wire.target))) headers.set(k, v);
  for (const name of ['mcp-session-id', 'mcp-protocol-version']) {
    const value = asked.opened.get(name);
    if (value !== null) headers.set(name, value);
  }
  try {
    const response = await wire.fetch(wire.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(answer),
      signal,
    });
    await response.body?.cancel().catch(() => {});
  } catch {
    // Recorded as the HTTP event's error; the request this stream answers then waits as it would.
  }
}

interface ReadBody {
  text: string;
  messages: unknown[];
  body: unknown;
}

function readJson(text: string, record: (m: unknown) => void): ReadBody {
  const json = tryJson(text);
  const messages = json === undefined ? [] : Array.isArray(json) ? json : [json];
  for (const m of messages) record(m);
  return { text, messages: messages.slice(0, KEPT_MESSAGES), body: json };
}

/**
 * Reads an SSE body event by event (each bounded by the fetch's frame limits) until the message
 * answering `waitFor` arrives (any response without a request id to wait for: to the end).
 */
async function readSse(
  response: Response,
  waitFor: string | undefined,
  record: (m: unknown) => void,
  answer: (request: { id: string | number; method: string }) => Promise<void>,
): Promise<ReadBody> {
  const read: ReadBody = { text: '', messages: [], body: undefined };
  if (response.body === null) return read;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const sse = new SseDecoder();
  const take = async (events: string[]): Promise<boolean> => {
    for (const data of events) {
      const m = tryJson(data);
      if (m === undefined) continue;
      record(m);
      if (read.messages.length < KEPT_MESSAGES) read.messages.push(m);
      if (isServerRequest(m)) await answer(m);
      else if (answers(m, waitFor)) {
        read.body = m;
        return true;
      }
    }
    return false;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (read.text.length < SSE_TEXT_LIMIT) read.text += text.slice(0, SSE_TEXT_LIMIT - read.text.length);
      if (await take(sse.push(text))) return read;
    }
    await take(sse.end());
    if (waitFor === undefined) read.body = read.messages[0];
    return read;
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** A response to the request awaited (its id), or an error with id null (how HTTP-level rejections answer). */
function answers(m: unknown, key: string | undefined): boolean {
  if (key === undefined || !isRecord(m) || 'method' in m) return false;
  const id = m.id;
  return idKey(id) === key || (id === null && 'error' in m);
}

export function mediaType(value: string | null): string | undefined {
  const type = value?.split(';')[0]?.trim().toLowerCase();
  return type === '' ? undefined : type;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
