import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import { FitnessError } from '../core/errors.js';
import { contentType, type HeaderRule, headersFor, parseHeaders } from './headers.js';

export interface ServeOptions {
  site: string;
  port?: number;
  /** Always loopback: the site is published elsewhere; this is for reading it locally. */
  host?: '127.0.0.1';
}

export interface RunningServer {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

type Range = { start: number; end: number } | 'unsatisfiable' | undefined;

/** A single `bytes=` range (the form browsers and fetch send); several ranges are served whole. */
export function parseRange(header: string | undefined, size: number): Range {
  if (header === undefined) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return undefined;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return 'unsatisfiable';
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** The request path as a site path, or undefined for anything that could leave the site. */
export function sitePath(rawUrl: string | undefined): string | undefined {
  // Read the path as sent: URL parsing would quietly resolve `..` and hide the attempt.
  const raw = (rawUrl ?? '/').split(/[?#]/)[0] ?? '/';
  let pathname: string;
  try {
    pathname = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (!pathname.startsWith('/') || pathname.includes('\0') || pathname.includes('\\')) return undefined;
  const segments = pathname.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return undefined;
  return pathname.endsWith('/') ? `${pathname}index.html` : pathname;
}

function send(res: ServerResponse, status: number, headers: Map<string, string>, body: string): void {
  for (const [k, v] of headers) res.setHeader(k, v);
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.statusCode = status;
  res.end(body);
}

async function handle(
  root: string,
  rules: readonly HeaderRule[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const path = sitePath(req.url);
  const base = headersFor(rules, path ?? '/');
  if (req.method === 'OPTIONS' && base.has('access-control-allow-origin')) {
    // CORS preflight for a cross-origin Range request on a published run file.
    base.set('access-control-allow-methods', 'GET, HEAD');
    base.set('access-control-allow-headers', 'Range');
    for (const [k, v] of base) res.setHeader(k, v);
    res.statusCode = 204;
    res.end();
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    base.set('allow', 'GET, HEAD');
    return send(res, 405, base, 'method not allowed\n');
  }
  if (path === undefined) return send(res, 400, base, 'bad path\n');
  let file: string;
  try {
    file = await realpath(join(root, ...path.split('/')));
  } catch {
    return send(res, 404, base, 'not found\n');
  }
  // A symlink inside the site must not lead out of it.
  if (file !== root && !file.startsWith(`${root}${sep}`)) return send(res, 403, base, 'forbidden\n');
  const info = await stat(file);
  if (!info.isFile()) return send(res, 404, base, 'not found\n');
  const headers = headersFor(rules, path);
  if (!headers.has('content-type')) headers.set('content-type', contentType(path));
  headers.set('accept-ranges', 'bytes');
  const range = parseRange(req.headers.range, info.size);
  for (const [k, v] of headers) res.setHeader(k, v);
  if (range === 'unsatisfiable') {
    res.setHeader('content-range', `bytes */${info.size}`);
    res.statusCode = 416;
    res.end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  res.statusCode = range ? 206 : 200;
  if (range) res.setHeader('content-range', `bytes ${start}-${end}/${info.size}`);
  res.setHeader('content-length', String(info.size === 0 ? 0 : end - start + 1));
  if (req.method === 'HEAD' || info.size === 0) {
    res.end();
    return;
  }
  createReadStream(file, { start, end })
    .on('error', () => res.destroy())
    .pipe(res);
}

/** Serves a built site on 127.0.0.1 with exactly the headers its `_headers` file declares. */
export async function serveSite(options: ServeOptions): Promise<RunningServer> {
  let root: string;
  let rules: HeaderRule[];
  try {
    root = await realpath(options.site);
    rules = parseHeaders(await readFile(join(root, '_headers'), 'utf8'));
  } catch (err) {
    throw new FitnessError(
      'SERVE_SITE',
      `${options.site}: not a built site (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  const server = createServer((req, res) => {
    handle(root, rules, req, res).catch(() => {
      if (!res.headersSent) send(res, 500, new Map(), 'server error\n');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(new FitnessError('SERVE_LISTEN', `cannot listen: ${err.message}`)));
    server.listen(options.port ?? 8080, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8080);
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
