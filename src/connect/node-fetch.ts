import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { FetchFn } from '../tape/record-fetch.js';

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
export function createOwnedFetch(): OwnedFetch {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }),
  };
  const live = new Set<http.ClientRequest>();
  const fetch: FetchFn = (input, init) => request(new URL(String(input)), init ?? {}, agents, live);
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
    const onAbort = () => req.destroy(abortError());
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      live.delete(req);
      signal?.removeEventListener('abort', onAbort);
    };
    req.once('error', (err: NodeJS.ErrnoException) => {
      done();
      // A kept-alive socket the server closed while idle fails before the request reaches it; Node's
      // documented remedy is to retry once on a fresh socket. Any other failure is the server's.
      if (retryStale && req.reusedSocket && err.code === 'ECONNRESET' && !signal?.aborted) {
        resolve(request(url, init, agents, live, false));
        return;
      }
      reject(err);
    });
    req.once('response', (res) => {
      res.once('close', done);
      res.once('error', () => {});
      const status = res.statusCode ?? 0;
      const responseHeaders = new Headers();
      for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
        responseHeaders.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
      }
      const nullBody = init.method === 'HEAD' || [204, 205, 304].includes(status);
      if (nullBody) res.resume();
      try {
        resolve(
          new Response(nullBody ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
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
