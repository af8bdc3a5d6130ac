import { FitnessError } from '../cli/errors.js';
import { displayUrl, type FetchFn, recordFetch } from '../tape/record-fetch.js';
import type { Redactor } from '../tape/redact.js';
import { EventKind } from '../tape/schema.js';
import type { TapeWriter } from '../tape/writer.js';
import { callContext, currentCorrId, idKey, noteLine } from './context.js';
import { describeRefusal, type FrameRefusal } from './json-limits.js';
import { createOwnedFetch, type OwnedFetch } from './node-fetch.js';
import { sseDataEvents } from './sse.js';
import { describeTarget, type HttpTarget, sentHeaders } from './target.js';

const RAW_BODY_LIMIT = 1024 * 1024;

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
  /** The body as text (bounded); for SSE, what was read until the answer arrived. */
  text: string;
  /** JSON-RPC messages found in the body (JSON, a JSON array, or SSE `data` events). */
  messages: unknown[];
  /** The parsed JSON body, or the SSE message answering the request, when there is one. */
  body: unknown;
  /** Tape lines written for this exchange (request, HTTP event, responses): evidence references. */
  tapeLines: number[];
}

/** What the HTTP layer saw; the session reads its shape and session-fulness from here. */
export interface HttpObservations {
  /** POST answers framed as SSE / as plain JSON. */
  sseResponses: number;
  jsonResponses: number;
  sessionIdSeen: boolean;
  /** A response frame broke the size or depth limit (the session then ends). */
  refused?: FrameRefusal;
  /** The last answer that was not MCP (non-2xx, or neither JSON nor SSE), for error messages. */
  lastFailure?: { status: number; contentType: string | undefined; location: string | undefined };
}

/**
 * The HTTP side of one target: a recording fetch over sockets owned by this wire, and a raw request
 * primitive (probes send arbitrary bodies and headers through it; everything lands on the tape).
 */
export class HttpWire {
  readonly label: string;
  readonly url: URL;
  readonly fetch: FetchFn;
  readonly observed: HttpObservations = { sseResponses: 0, jsonResponses: 0, sessionIdSeen: false };
  private readonly owned: OwnedFetch;

  constructor(
    readonly target: HttpTarget,
    private readonly tape: TapeWriter | undefined,
    private readonly session: string | undefined,
    private readonly redactor: Redactor,
    onRefused?: (refusal: FrameRefusal) => void,
  ) {
    this.label = describeTarget(target);
    this.url = new URL(target.url);
    this.owned = createOwnedFetch({
      onRefused: (refusal) => {
        this.observed.refused ??= refusal;
        const line = this.tape?.event(
          EventKind.frameRefused,
          { ...refusal, message: describeRefusal(refusal) },
          { corrId: currentCorrId(), session: this.session },
        );
        if (line !== undefined) noteLine(line);
        onRefused?.(refusal);
      },
    });
    const observe: FetchFn = async (input, init) => {
      const response = await this.owned.fetch(input, init);
      // The shape is what POST answers carry; GET (the optional standalone stream) and DELETE differ.
      if ((init?.method ?? 'GET').toUpperCase() === 'POST') this.observe(response);
      return response;
    };
    this.fetch = recordFetch(observe, tape, {
      providedHeaderNames: Object.keys(target.headers),
      corrId: currentCorrId,
      session,
      onLine: noteLine,
    });
  }

  private observe(response: Response): void {
    if (response.headers.has('mcp-session-id')) this.observed.sessionIdSeen = true;
    const type = mediaType(response.headers.get('content-type'));
    if (response.ok && type === 'text/event-stream') this.observed.sseResponses += 1;
    else if (response.ok && type === 'application/json') this.observed.jsonResponses += 1;
    else if (!(response.ok && (response.status === 202 || type === undefined))) {
      this.observed.lastFailure = {
        status: response.status,
        contentType: type,
        location: location(response, this.url),
      };
    }
  }

  /** Sends one raw HTTP request to the target URL through the recording fetch. */
  async rawHttp(request: RawHttpRequest): Promise<RawHttpResponse> {
    const lines: number[] = [];
    return callContext.run({ corrId: request.corrId, lines }, () => this.exchange(request, lines));
  }

  private async exchange(request: RawHttpRequest, lines: number[]): Promise<RawHttpResponse> {
    const method = (request.method ?? 'POST').toUpperCase();
    const headers = new Headers({
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    });
    for (const name of request.omitHeaders ?? []) headers.delete(name);
    for (const [k, v] of Object.entries(sentHeaders(this.target))) headers.set(k, v);
    for (const [k, v] of Object.entries(request.headers ?? {})) headers.set(k, v);
    const bodyText =
      request.body === undefined
        ? undefined
        : typeof request.body === 'string'
          ? request.body
          : JSON.stringify(request.body);
    const sentId = this.recordRequestBody(request.body, bodyText, request.corrId, lines);
    const controller = new AbortController();
    const timeoutMs = request.timeoutMs ?? 10_000;
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const init: RequestInit = { method, headers, signal: controller.signal };
      if (bodyText !== undefined) init.body = bodyText;
      const response = await this.fetch(this.url, init);
      const contentType = mediaType(response.headers.get('content-type'));
      const text = await readUntil(response, contentType === 'text/event-stream' ? sentId : undefined);
      const messages = parseMessages(text, contentType);
      for (const m of messages) {
        const line = this.tape?.message('out', m, { corrId: request.corrId, session: this.session });
        if (line !== undefined) lines.push(line);
      }
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((v, k) => {
        responseHeaders[k] = v;
      });
      return {
        status: response.status,
        headers: responseHeaders,
        contentType,
        text,
        messages,
        body: contentType === 'text/event-stream' ? answerTo(messages, sentId) : tryJson(text),
        tapeLines: lines,
      };
    } catch (err) {
      const what = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : (err as Error).message;
      throw new FitnessError(
        'HTTP_FAILED',
        this.redactor.scrub(`${this.label}: raw ${method} failed: ${what}`),
      );
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  }

  private recordRequestBody(
    body: unknown,
    text: string | undefined,
    corrId: string | undefined,
    lines: number[],
  ): string | undefined {
    if (text === undefined) return undefined;
    const parsed = typeof body === 'string' ? tryJson(body) : body;
    if (parsed === undefined || parsed === null || typeof parsed !== 'object') {
      const line = this.tape?.event(
        EventKind.http,
        {
          method: 'body',
          url: displayUrl(this.url),
          requestHeaders: {},
          durationMs: 0,
          bodyHead: text.slice(0, 4096),
        },
        { corrId, session: this.session },
      );
      if (line !== undefined) lines.push(line);
      return undefined;
    }
    const line = this.tape?.message('in', parsed, { corrId, session: this.session });
    if (line !== undefined) lines.push(line);
    return Array.isArray(parsed) ? undefined : idKey((parsed as Record<string, unknown>).id);
  }

  /** Releases every socket this wire opened. */
  close(): void {
    this.owned.close();
  }
}

export function mediaType(value: string | null): string | undefined {
  const type = value?.split(';')[0]?.trim().toLowerCase();
  return type === '' ? undefined : type;
}

function location(response: Response, base: URL): string | undefined {
  const value = response.headers.get('location');
  if (value === null) return undefined;
  try {
    return displayUrl(new URL(value, base));
  } catch {
    return value.slice(0, 256);
  }
}

/** Reads the body (bounded); for SSE stops once the message answering `waitFor` has arrived. */
async function readUntil(response: Response, waitFor: string | undefined): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length >= RAW_BODY_LIMIT) break;
      if (waitFor !== undefined && answerTo(parseMessages(text, 'text/event-stream'), waitFor) !== undefined)
        break;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text;
}

function parseMessages(text: string, contentType: string | undefined): unknown[] {
  if (contentType === 'text/event-stream') {
    return sseDataEvents(text)
      .map(tryJson)
      .filter((m) => m !== undefined);
  }
  const json = tryJson(text);
  if (json === undefined) return [];
  return Array.isArray(json) ? json : [json];
}

function answerTo(messages: unknown[], key: string | undefined): unknown {
  if (key === undefined) return messages[0];
  return messages.find(
    (m) =>
      m !== null && typeof m === 'object' && !('method' in m) && idKey((m as { id?: unknown }).id) === key,
  );
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
