import { FitnessError } from '../core/errors.js';
import { displayUrl, type FetchFn, recordFetch } from '../tape/record-fetch.js';
import type { Redactor } from '../tape/redact.js';
import { EventKind } from '../tape/schema.js';
import { currentCorrId, noteLine } from './context.js';
import { describeRefusal, type FrameRefusal } from './json-limits.js';
import { createOwnedFetch, type OwnedFetch } from './node-fetch.js';
import {
  mediaType,
  type RawHttpFailure,
  type RawHttpRequest,
  type RawHttpResponse,
  tryRawHttp,
  type WireSink,
} from './raw-http.js';
import { describeTarget, type HttpTarget } from './target.js';

export { mediaType, type RawHttpFailure, type RawHttpRequest, type RawHttpResponse, type WireSink };

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
 * The HTTP side of one target, for sessions and probes alike: a recording fetch over sockets owned
 * by this wire (the frame size and depth limits, secret headers recorded as [REDACTED], a
 * `fitness.http` event per exchange), and a raw request primitive (probes send arbitrary bodies
 * and headers through it; everything lands on the tape; see src/connect/raw-http.ts).
 */
export class HttpWire {
  readonly label: string;
  readonly url: URL;
  readonly fetch: FetchFn;
  readonly observed: HttpObservations = { sseResponses: 0, jsonResponses: 0, sessionIdSeen: false };
  private readonly owned: OwnedFetch;

  constructor(
    readonly target: HttpTarget,
    private readonly tape: WireSink | undefined,
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

  /** Sends one raw HTTP request to the target URL through the recording fetch; throws HTTP_FAILED. */
  async rawHttp(request: RawHttpRequest): Promise<RawHttpResponse> {
    const got = await this.tryRawHttp(request);
    if ('error' in got) {
      const method = (request.method ?? 'POST').toUpperCase();
      throw new FitnessError(
        'HTTP_FAILED',
        this.redactor.scrub(`${this.label}: raw ${method} failed: ${got.error}`),
      );
    }
    return got;
  }

  /** As `rawHttp`, but a request that got no readable answer is a failure value with its tape lines. */
  tryRawHttp(request: RawHttpRequest): Promise<RawHttpResponse | RawHttpFailure> {
    const { url, target, fetch, tape, session, redactor } = this;
    return tryRawHttp({ url, target, fetch, tape, session, redactor }, request);
  }

  /** Releases every socket this wire opened. */
  close(): void {
    this.owned.close();
  }
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
