import { createHash } from 'node:crypto';
import { isRecord } from '../core/json.js';
import { REDACTED } from './redact.js';
import { EventKind, type HttpEventRaw } from './schema.js';

export type FetchFn = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** Where HTTP events are written (a `TapeWriter`, or any tape that numbers its lines). */
export interface EventSink {
  event(kind: string, raw: unknown, options?: { corrId?: string; session?: string }): number;
}

export interface RecordFetchOptions {
  /** Names of headers the user provided (their values are credentials by assumption). */
  providedHeaderNames?: Iterable<string>;
  corrId?: () => string | undefined;
  session?: string;
  /** Told the tape line number of each event written. */
  onLine?: (line: number) => void;
  now?: () => number;
}

/** Always credentials, whoever set them. */
const SECRET_HEADER_NAMES = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'x-auth-token',
]);
/** Session handles are recorded as a fingerprint: enough to tell sessions apart, useless to hijack one. */
const FINGERPRINTED = new Set(['mcp-session-id']);
const RESPONSE_HEADERS = new Set([
  'content-type',
  'content-length',
  'mcp-session-id',
  'mcp-protocol-version',
  'location',
  'www-authenticate',
  'retry-after',
  'cache-control',
  'access-control-allow-origin',
  'set-cookie',
]);
const BODY_HEAD_BYTES = 4096;
const BODY_READ_LIMIT = 64 * 1024;

/**
 * Wraps a fetch so every HTTP exchange lands on the tape as a `fitness.http` event: method, URL
 * without userinfo, status, non-secret headers, time to headers, and for answers that are not MCP
 * (non-2xx, or neither JSON nor SSE) the head of the body. Credentials never: provided and
 * credential-named headers are recorded as `[REDACTED]`, the writer scrubs known secret values.
 */
export function recordFetch(
  base: FetchFn,
  tape: EventSink | undefined,
  options: RecordFetchOptions = {},
): FetchFn {
  const provided = new Set([...(options.providedHeaderNames ?? [])].map((n) => n.toLowerCase()));
  const now = options.now ?? Date.now;
  const note = (line: number | undefined) => {
    if (line !== undefined) options.onLine?.(line);
  };
  return async (input, init) => {
    const started = now();
    const url = typeof input === 'string' ? new URL(input) : input;
    const method = (init?.method ?? 'GET').toUpperCase();
    const requestHeaders = filterRequestHeaders(new Headers(init?.headers), provided);
    const corrId = options.corrId?.();
    const base0: Pick<HttpEventRaw, 'method' | 'url' | 'requestHeaders'> = {
      method,
      url: displayUrl(url),
      requestHeaders,
    };
    let response: Response;
    try {
      response = await base(input, init);
    } catch (err) {
      const raw: HttpEventRaw = { ...base0, durationMs: now() - started, error: describeFetchError(err) };
      note(tape?.event(EventKind.http, raw, { corrId, session: options.session }));
      throw err;
    }
    const raw: HttpEventRaw = {
      ...base0,
      status: response.status,
      responseHeaders: filterResponseHeaders(response.headers),
      durationMs: now() - started,
    };
    if (!isMcpAnswer(response)) {
      const text = await readBounded(response);
      raw.bodyHead = text.slice(0, BODY_HEAD_BYTES);
      note(tape?.event(EventKind.http, raw, { corrId, session: options.session }));
      return rebuild(response, text);
    }
    note(tape?.event(EventKind.http, raw, { corrId, session: options.session }));
    return response;
  };
}

/** URL as shown on a tape or in an error: userinfo removed (it is a credential). */
export function displayUrl(url: URL): string {
  if (url.username === '' && url.password === '') return url.href;
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

export function fingerprint(value: string): string {
  return `sha256:${createHash('sha256').update(value).digest('hex').slice(0, 12)}`;
}

function filterRequestHeaders(headers: Headers, provided: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (provided.has(name) || SECRET_HEADER_NAMES.has(name)) out[name] = REDACTED;
    else if (FINGERPRINTED.has(name)) out[name] = fingerprint(value);
    else out[name] = value;
  });
  return out;
}

function filterResponseHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!RESPONSE_HEADERS.has(name)) return;
    if (SECRET_HEADER_NAMES.has(name)) out[name] = REDACTED;
    else if (FINGERPRINTED.has(name)) out[name] = fingerprint(value);
    else out[name] = value.slice(0, 1024);
  });
  return out;
}

function isMcpAnswer(response: Response): boolean {
  if (!response.ok || response.body === null) return response.ok;
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  return type === 'application/json' || type === 'text/event-stream';
}

async function readBounded(response: Response): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < BODY_READ_LIMIT) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  if (size >= BODY_READ_LIMIT) await reader.cancel().catch(() => {});
  return Buffer.concat(chunks).toString('utf8');
}

function rebuild(response: Response, text: string): Response {
  const nullBody = [101, 204, 205, 304].includes(response.status);
  return new Response(nullBody ? null : text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

export function describeFetchError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = ('code' in err ? err.code : undefined) ?? (isRecord(err.cause) ? err.cause.code : undefined);
  if (err.name === 'AbortError') return 'aborted';
  return typeof code === 'string' ? `${code}: ${err.message}` : err.message;
}
