import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { portOf } from '../../test/support/port.js';
import { FrameRefusedError } from './json-limits.js';
import { createOwnedFetch } from './node-fetch.js';

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server whose socket handler decides, per request on a socket, whether to answer or reset. */
async function listen(answer: (requestOnSocket: number) => boolean): Promise<string> {
  const seen = new WeakMap<object, number>();
  server = http.createServer((req, res) => {
    const n = (seen.get(req.socket) ?? 0) + 1;
    seen.set(req.socket, n);
    if (answer(n)) res.end('ok');
    else req.socket.destroy();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${portOf(server)}/`;
}

describe('owned fetch', () => {
  it('retries once on a fresh socket when a kept-alive socket was reset before answering', async () => {
    // The second request on any socket is reset, as a server that closed an idle socket would.
    const url = await listen((n) => n === 1);
    const owned = createOwnedFetch();
    try {
      expect(await (await owned.fetch(url, { method: 'POST', body: 'a' })).text()).toBe('ok');
      expect(await (await owned.fetch(url, { method: 'POST', body: 'b' })).text()).toBe('ok');
    } finally {
      owned.close();
    }
  });

  it('does not retry a reset on a fresh socket: the server refused it', async () => {
    const url = await listen(() => false);
    const owned = createOwnedFetch();
    try {
      await expect(owned.fetch(url, { method: 'POST', body: 'a' })).rejects.toThrow(/socket hang up/);
    } finally {
      owned.close();
    }
  });
});

describe('owned fetch frame limits (the same as stdio)', () => {
  async function serve(type: string, body: () => Iterable<string>): Promise<string> {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': type });
      for (const chunk of body()) res.write(chunk);
      res.end();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${portOf(server)}/`;
  }

  it('a JSON body over the size limit fails with FrameRefusedError, reported once', async () => {
    const url = await serve('application/json', () => ['"', 'x'.repeat(3000), '"']);
    const refused: unknown[] = [];
    const owned = createOwnedFetch({ maxFrameBytes: 1000, onRefused: (r) => refused.push(r) });
    try {
      const response = await owned.fetch(url);
      await expect(response.text()).rejects.toBeInstanceOf(FrameRefusedError);
      expect(refused).toEqual([{ kind: 'size', limit: 1000 }]);
    } finally {
      owned.close();
    }
  });

  it('a JSON body nested past the depth limit fails, however it is chunked', async () => {
    const url = await serve('application/json', () => [
      '{"a":',
      '['.repeat(100),
      '['.repeat(100),
      ']'.repeat(200),
      '}',
    ]);
    const refused: unknown[] = [];
    const owned = createOwnedFetch({ maxDepth: 128, onRefused: (r) => refused.push(r) });
    try {
      await expect((await owned.fetch(url)).text()).rejects.toThrow(/nested deeper than 128 levels/);
      expect(refused).toEqual([{ kind: 'depth', limit: 128 }]);
    } finally {
      owned.close();
    }
  });

  it('SSE is limited per event: many small events pass, one big event fails', async () => {
    const event = `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/x' })}\n\n`;
    const many = await serve('text/event-stream', () => Array.from({ length: 200 }, () => event));
    const owned = createOwnedFetch({ maxFrameBytes: 1000 });
    try {
      expect((await (await owned.fetch(many)).text()).length).toBe(event.length * 200);
    } finally {
      owned.close();
    }
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const big = await serve('text/event-stream', () => [event, `data: "${'y'.repeat(2000)}"\n\n`]);
    const owned2 = createOwnedFetch({ maxFrameBytes: 1000 });
    try {
      await expect((await owned2.fetch(big)).text()).rejects.toThrow(/exceeded the 1000-byte frame limit/);
    } finally {
      owned2.close();
    }
  });

  it('brackets inside strings do not count toward the depth', async () => {
    const url = await serve('application/json', () => [JSON.stringify({ s: '['.repeat(500) })]);
    const owned = createOwnedFetch({ maxDepth: 4 });
    try {
      expect(JSON.parse(await (await owned.fetch(url)).text()).s).toHaveLength(500);
    } finally {
      owned.close();
    }
  });
});
