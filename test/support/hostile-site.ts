import http from 'node:http';
import { portOf } from './port.js';

/**
 * A board site that misbehaves, on node:http at 127.0.0.1 (port 0), for `verify SITE_URL`'s fetch
 * limits: each path of the published run has a route (an answer, an endless or dripping body, a
 * stall), and the site counts what it saw: the paths asked for, the requests in flight at once,
 * and the body bytes it managed to write. Every body it streams is bounded in bytes and time, so a
 * client with no limits (the old fetch) ends a test by its timeout, never by exhausting the machine.
 */
export interface HostileSite {
  /** The published run's URL: `http://127.0.0.1:<port>/runs/r/`. */
  url: string;
  /** Paths asked for, relative to `url`, in order. */
  requests: string[];
  /** Most requests in flight at once, index files included. */
  maxInFlight: number;
  /** Body bytes written, over every response. */
  served: number;
  close(): Promise<void>;
}

export type Route = (res: http.ServerResponse, site: HostileSite) => void | Promise<void>;

const RUN = '/runs/r/';
const MiB = 1024 * 1024;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True once the client has gone (or the response ended). */
function gone(res: http.ServerResponse): boolean {
  return res.destroyed || res.writableEnded;
}

/** Writes `chunk` and waits for the socket to drain; false if the client went away meanwhile. */
function write(res: http.ServerResponse, chunk: Buffer, site: HostileSite): Promise<boolean> {
  if (gone(res)) return Promise.resolve(false);
  site.served += chunk.length;
  if (res.write(chunk)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => () => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = done(true);
    const onClose = done(false);
    res.once('drain', onDrain);
    res.once('close', onClose);
  });
}

/** A JSON (or any) body, answered at once or after `delayMs`. */
export function answer(body: string | object, delayMs = 0): Route {
  const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return async (res, site) => {
    if (delayMs > 0) await wait(delayMs);
    if (gone(res)) return;
    site.served += bytes.length;
    res.writeHead(200, { 'content-length': String(bytes.length) }).end(bytes);
  };
}

/**
 * A body that does not end: 64 KiB chunks as fast as the client reads them, until it goes away or
 * `maxBytes` (64 MiB) have gone; `contentLength` declares a length (any size) before it starts.
 */
export function endless(options: { contentLength?: number; maxBytes?: number } = {}): Route {
  return async (res, site) => {
    const headers =
      options.contentLength === undefined ? {} : { 'content-length': String(options.contentLength) };
    res.writeHead(200, headers);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    for (let sent = 0; sent < (options.maxBytes ?? 64 * MiB); sent += chunk.length)
      if (!(await write(res, chunk, site))) return;
    res.destroy();
  };
}

/** One byte every `everyMs`, at most `maxBytes` (200), so it ends by itself after everyMs × maxBytes. */
export function drip(everyMs: number, maxBytes = 200): Route {
  return async (res, site) => {
    res.writeHead(200);
    for (let i = 0; i < maxBytes; i++) {
      if (!(await write(res, Buffer.from('x'), site))) return;
      await wait(everyMs);
    }
    res.end();
  };
}

/** Never answers: no status, no headers (the site's close() ends the connection). */
export function stall(): Route {
  return () => undefined;
}

/** The status line, the headers and a few bytes, then nothing more. */
export function stallBody(): Route {
  return (res, site) => {
    res.writeHead(200, { 'content-length': '1000' });
    site.served += 10;
    res.write('0123456789');
  };
}

/** A status with an empty body. */
export function status(code: number): Route {
  return (res) => {
    res.writeHead(code).end();
  };
}

/** A signature.json whose manifest lists `paths` (digests and signature are placeholders). */
export function signatureListing(paths: readonly string[]): object {
  const manifest = {
    schema: 'fitness-report.manifest/2',
    runId: 'r',
    suiteHash: null,
    files: paths.map((path) => ({ path, sha256: '0'.repeat(64), bytes: 1 })),
  };
  return {
    payloadType: 'application/vnd.fitness-report.manifest+json',
    payload: Buffer.from(JSON.stringify(manifest)).toString('base64'),
    signatures: [{ keyid: 'ed25519:placeholder', sig: 'AA==', publicKey: 'AA==' }],
  };
}

/** Serves `routes` (by path under the run, e.g. `record.json`); any other path is 404. */
export async function startSite(routes: Record<string, Route>): Promise<HostileSite> {
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').startsWith(RUN) ? decodeURIComponent((req.url ?? '').slice(RUN.length)) : '';
    site.requests.push(path);
    inFlight += 1;
    site.maxInFlight = Math.max(site.maxInFlight, inFlight);
    res.once('close', () => {
      inFlight -= 1;
    });
    const route = routes[path];
    if (route === undefined) res.writeHead(404).end();
    else void route(res, site);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const site: HostileSite = {
    url: `http://127.0.0.1:${portOf(server)}${RUN}`,
    requests: [],
    maxInFlight: 0,
    served: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return site;
}
