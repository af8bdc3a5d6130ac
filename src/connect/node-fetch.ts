import http from 'node:http';
import https from 'node:https';
import { Readable, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { FetchFn } from '../tape/record-fetch.js';
import {
  DEFAULT_MAX_FRAME_BYTES,
  DepthScanner,
  type FrameRefusal,
  FrameRefusedError,
  MAX_JSON_DEPTH,
} from './json-limits.js';

export interface OwnedFetchOptions {
  /** Largest JSON body, or largest SSE event, accepted (default 16 MB, as on stdio). */
  maxFrameBytes?: number;
  /** Deepest nesting accepted in a JSON body or SSE event (default MAX_JSON_DEPTH). */
  maxDepth?: number;
  /** Told once per response that breaks a limit; the body then fails with FrameRefusedError. */
  onRefused?: (refusal: FrameRefusal) => void;
}

export interface OwnedFetch {
  fetch: FetchFn;
  /** Destroys every socket this fetch opened (in use or idle). */
  close(): void;
}

/**
 * A fetch over node:http with agents owned by one session, so closing the session releases every
 * socket at once (the global fetch pool keeps idle sockets alive past the session). It never follows
 * redirects (the SDK decides, as with `redirect: 'manual'`), and URL userinfo becomes Basic auth.
 */
export function createOwnedFetch(options: OwnedFetchOptions = {}): OwnedFetch {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }),
  };
  const live = new Set<http.ClientRequest>();
  const limits = {
    bytes: options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES,
    depth: options.maxDepth ?? MAX_JSON_DEPTH,
    onRefused: options.onRefused,
  };
  const fetch: FetchFn = (input, init) => request(new URL(String(input)), init ?? {}, agents, live, limits);
  return {
    fetch,
    close: () => {
      for (const req of live) req.destroy();
      live.clear();
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

function request(
  url: URL,
  init: RequestInit,
  agents: { 'http:': http.Agent; 'https:': https.Agent },
  live: Set<http.ClientRequest>,
  limits: Limits,
  retryStale = true,
): Promise<Response> {
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortError());
  const lib = url.protocol === 'https:' ? https : http;
  const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  const body = bodyText(init.body);
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = lib.request(url, { method: init.method ?? 'GET', headers, agent });
    live.add(req);
    let stream: Readable | undefined;
    let settled = false;
    // An abort after the answer began fails the body its reader holds; the socket is destroyed
    // without an error, because nothing would be listening for one once the answer has started.
    const onAbort = () => {
      stream?.destroy(abortError());
      req.destroy();
      if (!settled) {
        settled = true;
        reject(abortError());
      }
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      live.delete(req);
      signal?.removeEventListener('abort', onAbort);
    };
    req.on('error', (err: NodeJS.ErrnoException) => {
      done();
      if (settled) return;
      settled = true;
      // A kept-alive socket the server closed while idle fails before the request reaches it; Node's
      // documented remedy is to retry once on a fresh socket. Any other failure is the server's.
      if (retryStale && req.reusedSocket && err.code === 'ECONNRESET' && !signal?.aborted) {
        resolve(request(url, init, agents, live, limits, false));
        return;
      }
      reject(err);
    });
    req.once('response', (res) => {
      res.once('close', done);
      res.on('error', () => {});
      const status = res.statusCode ?? 0;
      const responseHeaders = new Headers();
      for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
        const [name, value] = [res.rawHeaders[i], res.rawHeaders[i + 1]];
        if (name !== undefined && value !== undefined) responseHeaders.append(name, value);
      }
      const nullBody = init.method === 'HEAD' || [204, 205, 304].includes(status);
      if (nullBody) res.resume();
      settled = true;
      try {
        stream = nullBody ? undefined : limited(res, limits);
        resolve(
          // Left as a cast: node:stream/web's ReadableStream is not the DOM lib's that Response takes;
          // the stream is the response body, bytes only.
          new Response(stream === undefined ? null : (Readable.toWeb(stream) as ReadableStream<Uint8Array>), {
            status,
            statusText: res.statusMessage ?? '',
            headers: responseHeaders,
          }),
        );
      } catch (err) {
        res.destroy();
        reject(err);
      }
    });
    req.end(body);
  });
}

function bodyText(body: RequestInit['body']): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new TypeError('owned fetch sends string bodies only');
}

function abortError(): Error {
  return new DOMException('This operation was aborted', 'AbortError');
}

interface Limits {
  bytes: number;
  depth: number;
  onRefused: ((refusal: FrameRefusal) => void) | undefined;
}

/**
 * The body with the frame limits applied as it streams: a JSON body is one frame, an SSE body is
 * one frame per event (a blank line ends it). A frame over the size or depth limit fails the body
 * with FrameRefusedError, so nothing past the limit is buffered, parsed or recorded.
 */
function limited(res: http.IncomingMessage, limits: Limits): Readable {
  const sse = (res.headers['content-type'] ?? '').toLowerCase().includes('text/event-stream');
  const scanner = new DepthScanner(limits.depth);
  const decoder = new StringDecoder('utf8');
  let frameBytes = 0;
  let lastWasNewline = false;
  const refuse = (refusal: FrameRefusal, stream: Transform) => {
    limits.onRefused?.(refusal);
    stream.destroy(new FrameRefusedError(refusal));
  };
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = decoder.write(chunk);
      if (!sse) {
        frameBytes += chunk.length;
        if (frameBytes > limits.bytes) return refuse({ kind: 'size', limit: limits.bytes }, this);
        if (scanner.feed(text)) return refuse({ kind: 'depth', limit: limits.depth }, this);
        return done(null, chunk);
      }
      let start = 0;
      for (let i = 0; i < text.length; i += 1) {
        const c = text.charCodeAt(i);
        if (c === 13) continue;
        const newline = c === 10;
        if (newline && lastWasNewline) {
          if (frameBytes + i - start > limits.bytes)
            return refuse({ kind: 'size', limit: limits.bytes }, this);
          if (scanner.feed(text.slice(start, i))) return refuse({ kind: 'depth', limit: limits.depth }, this);
          scanner.reset();
          frameBytes = 0;
          start = i + 1;
        }
        lastWasNewline = newline;
      }
      frameBytes += text.length - start;
      if (frameBytes > limits.bytes) return refuse({ kind: 'size', limit: limits.bytes }, this);
      if (scanner.feed(text.slice(start))) return refuse({ kind: 'depth', limit: limits.depth }, this);
      done(null, chunk);
    },
  });
  res.on('error', (err) => out.destroy(err));
  out.once('close', () => {
    if (!res.destroyed) res.destroy();
  });
  return res.pipe(out);
}
