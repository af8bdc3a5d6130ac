import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, renderHeaders, siteRules } from './headers.js';
import { parseRange, type RunningServer, serveSite, sitePath } from './serve.js';

/** A raw GET (fetch would normalise `..` away before it reached the server). */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serveSite', () => {
  let server: RunningServer;
  const tape = `${Array.from({ length: 50 }, (_, i) => JSON.stringify({ t: '2026-11-01T00:00:00Z', dir: 'in', raw: { id: i } })).join('\n')}\n`;

  beforeAll(async () => {
    const site = mkdtempSync(join(tmpdir(), 'board-serve-'));
    const outside = mkdtempSync(join(tmpdir(), 'board-outside-'));
    writeFileSync(join(outside, 'secret.txt'), 'not yours');
    writeFileSync(join(site, '_headers'), renderHeaders(siteRules()));
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>board</title>');
    mkdirSync(join(site, 'runs', 'r1'), { recursive: true });
    writeFileSync(join(site, 'runs', 'r1', 'wire.jsonl'), tape);
    symlinkSync(join(outside, 'secret.txt'), join(site, 'runs', 'r1', 'escape.txt'));
    server = await serveSite({ site, port: 0 });
  });
  afterAll(() => server.close());

  it('serves pages with the CSP from _headers', async () => {
    const res = await get(server.port, '/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves tapes cross-origin, immutable, as JSONL', async () => {
    const res = await get(server.port, '/runs/r1/wire.jsonl');
    expect(res.status).toBe(200);
    expect(res.body).toBe(tape);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-type']).toBe('application/jsonl; charset=utf-8');
    expect(res.headers['accept-ranges']).toBe('bytes');
  });

  it('answers Range requests with 206 and the exact bytes', async () => {
    const res = await get(server.port, '/runs/r1/wire.jsonl', { range: 'bytes=10-29' });
    expect(res.status).toBe(206);
    expect(res.body).toBe(tape.slice(10, 30));
    expect(res.headers['content-range']).toBe(`bytes 10-29/${tape.length}`);
    const tail = await get(server.port, '/runs/r1/wire.jsonl', { range: 'bytes=-5' });
    expect(tail.body).toBe(tape.slice(-5));
    const bad = await get(server.port, '/runs/r1/wire.jsonl', { range: `bytes=${tape.length + 10}-` });
    expect(bad.status).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${tape.length}`);
  });

  it('refuses paths that leave the site, by dot segments, encoding or symlink', async () => {
    expect((await get(server.port, '/../../etc/passwd')).status).toBe(400);
    expect((await get(server.port, '/runs/%2e%2e/%2e%2e/%2e%2e/etc/passwd')).status).toBe(400);
    expect((await get(server.port, '/runs/r1/..%2f..%2f_headers')).status).toBe(400);
    expect((await get(server.port, '/runs/r1/escape.txt')).status).toBe(403);
    expect((await get(server.port, '/nope.html')).status).toBe(404);
  });
});

describe('sitePath and parseRange', () => {
  it('maps directory paths to their index and rejects odd ones', () => {
    expect(sitePath('/')).toBe('/index.html');
    expect(sitePath('/records/a.html?x=1#y')).toBe('/records/a.html');
    expect(sitePath('/a%00b')).toBeUndefined();
    expect(sitePath('/a%5c..%5cb')).toBeUndefined();
  });
  it('reads single byte ranges', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=1-2,4-5', 10)).toBeUndefined();
    expect(parseRange(undefined, 10)).toBeUndefined();
  });
});
