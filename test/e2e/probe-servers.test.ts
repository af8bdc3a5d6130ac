/**
 * The fixture servers' planted behaviour, observed directly on the wire (no probe code involved):
 * each server is driven over stdio and over HTTP on 127.0.0.1 with hand-written JSON-RPC frames.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  modernMeta,
  postFrame,
  type RunningServer,
  startHttpServer,
  stdioExchange,
} from '../../examples/servers/lib/launch.js';

const dir = 'examples/servers';
const MODERN = { 'mcp-protocol-version': '2026-07-28' };

function initialize(version: string, id = 1) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: {
      protocolVersion: version,
      capabilities: {},
      clientInfo: { name: 'fixture-test', version: '1.0.0' },
    },
  };
}
function modern(method: string, id: number, params: Record<string, unknown> = {}, version = '2026-07-28') {
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta: modernMeta(version) } };
}
function byId(frames: Record<string, unknown>[], id: number) {
  const frame = frames.find((f) => f.id === id && !('method' in f));
  if (!frame) throw new Error(`no response with id ${id} in ${JSON.stringify(frames)}`);
  return frame as { result?: Record<string, unknown>; error?: { code: number; data?: unknown } };
}
async function stdio(name: string, frames: Record<string, unknown>[]) {
  const { received, exitCode } = await stdioExchange('node', [`${dir}/${name}.js`], frames);
  expect(exitCode).toBe(0);
  return received;
}
async function withHttp(name: string, body: (url: string) => Promise<void>) {
  const server = await startHttpServer('node', [`${dir}/${name}.js`, '--http', '--port', '0']);
  try {
    await body(server.url);
  } finally {
    await server.close();
  }
}
function postWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(JSON.stringify(initialize('2025-11-25')));
  });
}

describe('good.js', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpServer('node', [`${dir}/good.js`, '--http']);
  });
  afterAll(async () => {
    await server.close();
  });

  it('prints one listening line on 127.0.0.1 and exits 0 on SIGTERM', async () => {
    const other = await startHttpServer('node', [`${dir}/good.js`, '--http', '--port', '0']);
    expect(other.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    await other.close();
    expect(other.child.exitCode).toBe(0);
  });

  it('over stdio answers discover, cache hints, unknown methods and a modern impossible version', async () => {
    const frames = await stdio('good', [
      modern('server/discover', 1),
      modern('tools/list', 2),
      modern('fitness/no-such-method', 3),
    ]);
    const discover = byId(frames, 1).result;
    expect(discover?.supportedVersions).toContain('2026-07-28');
    expect(discover).toMatchObject({ ttlMs: 60_000, cacheScope: 'private' });
    expect(byId(frames, 2).result).toMatchObject({ ttlMs: 60_000, cacheScope: 'private' });
    expect(byId(frames, 3).error?.code).toBe(-32601);
    const opening = await stdio('good', [modern('server/discover', 7, {}, '1999-01-01')]);
    expect(byId(opening, 7).error?.code).toBe(-32022);
  });

  it('over stdio counter-offers 2025-11-25 on a legacy initialize asking for 1999-01-01', async () => {
    const frames = await stdio('good', [initialize('1999-01-01')]);
    expect(byId(frames, 1).result?.protocolVersion).toBe('2025-11-25');
  });

  it('over HTTP rejects Mcp-Name and Mcp-Method mismatches with 400 / -32020', async () => {
    const call = modern('tools/call', 4, { name: 'no_such_tool_zz', arguments: {} });
    const name = await postFrame(server.url, call, {
      ...MODERN,
      'mcp-method': 'tools/call',
      'mcp-name': 'other',
    });
    expect(name.status).toBe(400);
    expect(byId(name.frames, 4).error?.code).toBe(-32020);
    const method = await postFrame(server.url, call, {
      ...MODERN,
      'mcp-method': 'tools/list',
      'mcp-name': 'no_such_tool_zz',
    });
    expect(method.status).toBe(400);
    expect(byId(method.frames, 4).error?.code).toBe(-32020);
  });

  it('over HTTP answers unknown methods with 404 / -32601 and impossible versions with 400 / -32022', async () => {
    const unknown = await postFrame(server.url, modern('fitness/no-such-method', 5), {
      ...MODERN,
      'mcp-method': 'fitness/no-such-method',
    });
    expect(unknown.status).toBe(404);
    expect(byId(unknown.frames, 5).error?.code).toBe(-32601);
    const impossible = await postFrame(server.url, modern('server/discover', 6, {}, '1999-01-01'), {
      'mcp-protocol-version': '1999-01-01',
      'mcp-method': 'server/discover',
    });
    expect(impossible.status).toBe(400);
    expect(byId(impossible.frames, 6).error?.code).toBe(-32022);
    const legacy = await postFrame(server.url, initialize('1999-01-01'));
    expect(byId(legacy.frames, 1).result?.protocolVersion).toBe('2025-11-25');
  });

  it('over HTTP rejects a foreign Origin and a foreign Host with 403, and serves loopback', async () => {
    const foreign = await postFrame(server.url, initialize('2025-11-25'), { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await postWithHost(server.url, 'evil.example')).toBe(403);
    expect(await postWithHost(server.url, new URL(server.url).host)).toBe(200);
  });

  it('lists valid tools with annotations and output schemas', async () => {
    const list = await postFrame(server.url, modern('tools/list', 8), {
      ...MODERN,
      'mcp-method': 'tools/list',
    });
    const tools = (byId(list.frames, 8).result?.tools ?? []) as Record<string, unknown>[];
    expect(tools.map((t) => t.name)).toEqual([
      'search_books',
      'get_book',
      'list_branches',
      'check_availability',
    ]);
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true });
      expect(tool.outputSchema).toBeDefined();
    }
  });
});

describe('fault servers', () => {
  it('echo-version.js echoes 1999-01-01 on initialize (stdio and HTTP) and serves a modern 1999-01-01 claim', async () => {
    const frames = await stdio('echo-version', [initialize('1999-01-01')]);
    expect(byId(frames, 1).result?.protocolVersion).toBe('1999-01-01');
    const opening = await stdio('echo-version', [modern('server/discover', 2, {}, '1999-01-01')]);
    expect(byId(opening, 2).result?.supportedVersions).toEqual(['2026-07-28']);
    await withHttp('echo-version', async (url) => {
      const legacy = await postFrame(url, initialize('1999-01-01'));
      expect(byId(legacy.frames, 1).result?.protocolVersion).toBe('1999-01-01');
      const claim = await postFrame(url, modern('server/discover', 3, {}, '1999-01-01'), {
        'mcp-protocol-version': '1999-01-01',
        'mcp-method': 'server/discover',
      });
      expect(claim.status).toBe(200);
      expect(byId(claim.frames, 3).result).toBeDefined();
    });
  });

  it('lax-headers.js serves a tools/call whose Mcp-Name and Mcp-Method disagree with the body', async () => {
    await withHttp('lax-headers', async (url) => {
      const call = modern('tools/call', 4, { name: 'no_such_tool_zz', arguments: {} });
      for (const headers of [
        { 'mcp-method': 'tools/call', 'mcp-name': 'other' },
        { 'mcp-method': 'tools/list', 'mcp-name': 'no_such_tool_zz' },
      ]) {
        const answer = await postFrame(url, call, { ...MODERN, ...headers });
        expect(answer.status).toBe(200);
        expect(byId(answer.frames, 4).error?.code).toBe(-32602);
      }
    });
  });

  it('no-cache-hints.js omits ttlMs and cacheScope on tools/list only', async () => {
    const frames = await stdio('no-cache-hints', [modern('server/discover', 1), modern('tools/list', 2)]);
    expect(byId(frames, 1).result).toMatchObject({ cacheScope: 'private' });
    const list = byId(frames, 2).result ?? {};
    expect(list.tools).toBeDefined();
    expect('ttlMs' in list || 'cacheScope' in list).toBe(false);
    await withHttp('no-cache-hints', async (url) => {
      const answer = await postFrame(url, modern('tools/list', 3), { ...MODERN, 'mcp-method': 'tools/list' });
      const result = byId(answer.frames, 3).result ?? {};
      expect(result.tools).toBeDefined();
      expect('ttlMs' in result || 'cacheScope' in result).toBe(false);
    });
  });

  it('deleted-vocab.js advertises capabilities.tasks and tool execution fields in both eras', async () => {
    const frames = await stdio('deleted-vocab', [modern('server/discover', 1), modern('tools/list', 2)]);
    expect(byId(frames, 1).result?.capabilities).toHaveProperty('tasks');
    for (const tool of (byId(frames, 2).result?.tools ?? []) as Record<string, unknown>[]) {
      expect(tool.execution).toEqual({ taskSupport: 'optional' });
    }
    await withHttp('deleted-vocab', async (url) => {
      const legacy = await postFrame(url, initialize('2025-11-25'));
      expect(byId(legacy.frames, 1).result?.capabilities).toHaveProperty('tasks');
    });
  });

  it('bad-unknown-method.js answers a made-up method with a result', async () => {
    const frames = await stdio('bad-unknown-method', [modern('fitness/no-such-method', 1)]);
    expect(byId(frames, 1).result).toBeDefined();
    await withHttp('bad-unknown-method', async (url) => {
      const answer = await postFrame(url, modern('fitness/no-such-method', 2), {
        ...MODERN,
        'mcp-method': 'fitness/no-such-method',
      });
      expect(answer.status).toBe(200);
      expect(byId(answer.frames, 2).result).toBeDefined();
    });
  });

  it('bad-tools.js lists names outside the MCP alphabet and schemas that cannot compile', async () => {
    const frames = await stdio('bad-tools', [modern('tools/list', 1)]);
    const tools = (byId(frames, 1).result?.tools ?? []) as {
      name: string;
      inputSchema: Record<string, unknown>;
    }[];
    expect(tools.map((t) => t.name)).toEqual(['search books', 'get/book', 'list_branches']);
    expect(tools[1]?.inputSchema.required).toBe('id');
  });

  it('open-origin.js serves a foreign Origin and Host', async () => {
    await withHttp('open-origin', async (url) => {
      const foreign = await postFrame(url, initialize('2025-11-25'), { origin: 'https://evil.example' });
      expect(foreign.status).toBe(200);
      expect(await postWithHost(url, 'evil.example')).toBe(200);
    });
  });

  it('public-cache.js 401s without a token and marks tools/list public with one', async () => {
    await withHttp('public-cache', async (url) => {
      const anonymous = await postFrame(url, modern('tools/list', 1), {
        ...MODERN,
        'mcp-method': 'tools/list',
      });
      expect(anonymous.status).toBe(401);
      const authed = await postFrame(url, modern('tools/list', 2), {
        ...MODERN,
        'mcp-method': 'tools/list',
        authorization: 'Bearer tenant-a',
      });
      expect(byId(authed.frames, 2).result).toMatchObject({ ttlMs: 300_000, cacheScope: 'public' });
    });
  });
});
