import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
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
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`;
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
