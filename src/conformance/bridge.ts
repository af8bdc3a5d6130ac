import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { ProcessStdioTransport } from '../connect/stdio-transport.js';
import { type StdioTarget, serverEnv } from '../connect/target.js';
import { messageOf } from '../core/errors.js';
import { isRecord } from '../core/json.js';

/**
 * A loopback Streamable HTTP front for a stdio server, so the official conformance suite (HTTP
 * only) can reach it. Every HTTP session (`initialize` without a session id) gets a fresh server
 * process, as an MCP client would start one; each request's answer and whatever the server sends
 * while it is pending ride on that request's SSE stream. It listens on 127.0.0.1 only and rejects
 * a Host or Origin that is not loopback. Its own transport behaviour is the harness's, never the
 * server's: checks of the HTTP transport made through it are not applicable (see parse.ts).
 */
export interface Bridge {
  url: string;
  /** Server processes started so far (one per session). */
  readonly started: number;
  close(): Promise<void>;
}

const MAX_BODY = 4 * 1024 * 1024;
const MAX_SESSIONS = 64;
const LOOPBACK = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;

type Id = string | number;
const isRequest = (m: JSONRPCMessage): m is JSONRPCMessage & { id: Id; method: string } =>
  'method' in m && 'id' in m && m.id !== undefined && m.id !== null;
const isResponse = (m: JSONRPCMessage): m is JSONRPCMessage & { id: Id } =>
  !('method' in m) && 'id' in m && ('result' in m || 'error' in m);

interface Stream {
  res: ServerResponse;
  waiting: Set<string>;
}

class Session {
  readonly transport: ProcessStdioTransport;
  private readonly streams: Stream[] = [];
  closed = false;

  constructor(
    readonly id: string,
    target: StdioTarget,
  ) {
    this.transport = new ProcessStdioTransport({
      argv: target.argv,
      env: serverEnv(target),
      cwd: target.cwd,
      onStderr: () => {},
    });
    this.transport.onmessage = (m) => this.fromServer(m);
    this.transport.onclose = () => this.end();
  }

  /** Routes a server message: a response to its request's stream, anything else to the oldest open one. */
  private fromServer(message: JSONRPCMessage): void {
    const key = isResponse(message) ? JSON.stringify(message.id) : undefined;
    const stream = key === undefined ? this.streams[0] : this.streams.find((s) => s.waiting.has(key));
    if (stream === undefined) return;
    stream.res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
    if (key !== undefined) {
      stream.waiting.delete(key);
      if (stream.waiting.size === 0) this.finish(stream);
    }
  }

  private finish(stream: Stream): void {
    const i = this.streams.indexOf(stream);
    if (i >= 0) this.streams.splice(i, 1);
    stream.res.end();
  }

  /** Sends the client's messages; requests answer on one SSE stream, the rest get 202. */
  async forward(messages: JSONRPCMessage[], res: ServerResponse, headers: Record<string, string>) {
    const ids = messages.filter(isRequest).map((m) => JSON.stringify(m.id));
    if (ids.length > 0) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', ...headers });
      const stream = { res, waiting: new Set(ids) };
      this.streams.push(stream);
      res.once('close', () => this.finish(stream));
    } else {
      res.writeHead(202, headers).end();
    }
    for (const m of messages) await this.transport.send(m).catch(() => this.end());
  }

  end(): void {
    if (this.closed) return;
    this.closed = true;
    for (const s of [...this.streams]) this.finish(s);
    void this.transport.close();
  }
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        resolve(undefined);
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(undefined));
  });
}

function parseMessages(text: string): JSONRPCMessage[] | undefined {
  try {
    const json: unknown = JSON.parse(text);
    const list = Array.isArray(json) ? json : [json];
    // Left as a cast: the suite's frames are forwarded as it wrote them (some malformed on purpose);
    // only the envelope is checked, and the server judges the rest.
    if (list.every((m) => isRecord(m) && m.jsonrpc === '2.0')) return list as JSONRPCMessage[];
  } catch {
    // not JSON
  }
  return undefined;
}

function fail(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message } }));
}

export async function startBridge(target: StdioTarget): Promise<Bridge> {
  const sessions = new Map<string, Session>();
  let started = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    if (
      !LOOPBACK.test(req.headers.host ?? '') ||
      (origin !== undefined && !LOOPBACK.test(new URL(origin, 'http://x').host))
    )
      return fail(res, 403, 'forbidden: not a loopback Host/Origin');
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') return fail(res, 404, 'not found');
    const sid = req.headers['mcp-session-id'];
    const existing = typeof sid === 'string' ? sessions.get(sid) : undefined;
    if (req.method === 'DELETE') {
      existing?.end();
      if (typeof sid === 'string') sessions.delete(sid);
      return void res.writeHead(existing ? 200 : 404).end();
    }
    if (req.method !== 'POST') return void res.writeHead(405, { Allow: 'POST, DELETE' }).end();
    const body = await readBody(req);
    const messages = body === undefined ? undefined : parseMessages(body);
    if (messages === undefined) return fail(res, 400, 'expected a JSON-RPC message or batch');
    if (typeof sid === 'string') {
      if (!existing || existing.closed) return fail(res, 404, 'session not found');
      return existing.forward(messages, res, {});
    }
    if (!messages.some((m) => 'method' in m && m.method === 'initialize'))
      return fail(res, 400, 'no session: the first request must be initialize');
    if (sessions.size >= MAX_SESSIONS) return fail(res, 503, 'too many sessions');
    const session = new Session(randomUUID(), target);
    try {
      await session.transport.start();
    } catch (err) {
      return fail(res, 502, `the server process did not start: ${messageOf(err)}`);
    }
    started += 1;
    sessions.set(session.id, session);
    return session.forward(messages, res, { 'Mcp-Session-Id': session.id });
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) fail(res, 500, err instanceof Error ? err.message : String(err));
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    get started() {
      return started;
    },
    async close() {
      for (const s of sessions.values()) s.end();
      await Promise.all([...sessions.values()].map((s) => s.transport.close()));
      sessions.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
