import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSession, openWireTape, parseTarget } from '../../src/connect/index.js';
import { FitnessError } from '../../src/core/errors.js';
import { readTape } from '../../src/tape/index.js';
import { freePort, handleCounts, leakedSince, tempDir } from './fixtures/wire/helpers.js';

let dir: string;
let cleanup: () => void;
let server: Server | undefined;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
});
afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((r) => server?.close(r));
    server = undefined;
  }
  cleanup();
});

/** An in-process hostile HTTP server on 127.0.0.1; returns its /mcp URL. */
async function hostile(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const srv = createServer(handler);
  server = srv;
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const address = srv.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return `http://127.0.0.1:${port}/mcp`;
}

async function openFails(url: string, headers: Record<string, string> = {}) {
  const path = join(dir, 'wire.jsonl');
  const target = parseTarget({ kind: 'http', url, headers });
  const tape = openWireTape(path, target);
  const baseline = handleCounts();
  const error = await openSession(target, { tape, connectTimeoutMs: 2000, probeTimeoutMs: 1000 }).then(
    async (s) => {
      await s.close();
      return undefined;
    },
    (err: unknown) => err,
  );
  await tape.close('connect-failed');
  expect(await leakedSince(baseline)).toEqual({});
  expect(error).toBeInstanceOf(FitnessError);
  const fault = error as FitnessError;
  expect(fault.message).not.toContain('\n');
  const tapeText = readFileSync(path, 'utf8');
  const read = await readTape(path);
  expect(read.skipped).toEqual([]);
  const http = read.records.flatMap((r) =>
    r.type === 'event' && r.value.kind === 'fitness.http' ? [r.value.raw] : [],
  );
  return { fault, tapeText, http: http as Record<string, unknown>[] };
}

describe('hostile HTTP targets end in one clear line, a tape, and no leftovers', () => {
  it('refuses connections', async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    const { fault, http } = await openFails(url);
    expect(fault.code).toBe('CONNECTION_REFUSED');
    expect(fault.message).toBe(`${url}: connection refused`);
    expect(http[0]?.error).toMatch(/ECONNREFUSED/);
  });

  it('answers HTML', async () => {
    const url = await hostile((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><h1>Welcome</h1>');
    });
    const { fault, http } = await openFails(url);
    expect(fault.code).toBe('NOT_MCP');
    expect(fault.message).toBe(
      `${url}: answered HTTP 200 with text/html, not JSON or SSE: not an MCP endpoint`,
    );
    expect(http[0]).toMatchObject({ status: 200, bodyHead: '<!doctype html><h1>Welcome</h1>' });
  });

  it('401s, and the credential it was sent never reaches the tape', async () => {
    const url = await hostile((_req, res) => {
      res
        .writeHead(401, { 'www-authenticate': 'Bearer realm="mcp"', 'content-type': 'text/plain' })
        .end('no');
    });
    const secret = 'Bearer sk-live-0123456789abcdef';
    const { fault, tapeText, http } = await openFails(url, { Authorization: secret });
    expect(fault.code).toBe('HTTP_UNAUTHORIZED');
    expect(fault.message).toBe(`${url}: HTTP 401 Unauthorized: the server wants credentials`);
    expect(http[0]).toMatchObject({ status: 401, requestHeaders: { authorization: '[REDACTED]' } });
    expect(tapeText).not.toContain('sk-live-0123456789abcdef');
  });

  it('redirects elsewhere: not followed, the location is named', async () => {
    const url = await hostile((_req, res) => {
      res.writeHead(302, { location: 'http://user:pw-in-location@127.0.0.2:9/elsewhere' }).end();
    });
    const { fault, http } = await openFails(url);
    expect(fault.code).toBe('HTTP_REDIRECT');
    expect(fault.message).toBe(`${url}: HTTP 302 redirect to http://127.0.0.2:9/elsewhere was not followed`);
    expect(http[0]).toMatchObject({ status: 302 });
  });

  it('streams forever: the handshake times out and the stream is torn down', async () => {
    let open = 0;
    const url = await hostile((req, res) => {
      open += 1;
      req.socket.once('close', () => {
        open -= 1;
      });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const tick = setInterval(() => res.write(': still here\n\n'), 50);
      res.once('close', () => clearInterval(tick));
    });
    const { fault, http } = await openFails(url);
    expect(fault.code).toBe('CONNECT_TIMEOUT');
    expect(fault.message).toMatch(/: no answer to the handshake within \d+ ms$/);
    expect(http[0]).toMatchObject({ status: 200 });
    const until = Date.now() + 2000;
    while (open > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(open).toBe(0);
  });

  it('URL userinfo is a credential: sent as Basic auth, never on the tape or in the error', async () => {
    let auth: string | undefined;
    const url = await hostile((req, res) => {
      auth = req.headers.authorization;
      res.writeHead(403).end();
    });
    const withUser = url.replace('http://', 'http://bob:s3cret-pass-word@');
    const { fault, tapeText } = await openFails(withUser);
    expect(auth).toBe(`Basic ${Buffer.from('bob:s3cret-pass-word').toString('base64')}`);
    expect(fault.code).toBe('HTTP_FORBIDDEN');
    expect(fault.message).toBe(`${url}: HTTP 403 Forbidden`);
    expect(tapeText).not.toContain('s3cret-pass-word');
    expect(tapeText).not.toContain('bob:');
  });
});
