import http from 'node:http';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { portOf } from '../../test/support/port.js';
import { asRecord } from '../core/json.js';
import { httpChannel } from './channel-http.js';
import { modernRequest } from './frames.js';
import type { ProbeTape } from './types.js';

type Line = { dir: string; kind?: string; raw: unknown };

function memoryTape(): ProbeTape & { lines: Line[] } {
  const lines: Line[] = [];
  return {
    lines,
    message: (dir, raw) => lines.push({ dir, raw }),
    event: (kind, raw) => lines.push({ dir: 'event', kind, raw }),
    newSession: () => 's1',
  };
}

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server that answers every POST with `respond(body, res)`; what it was sent is kept. */
async function listen(
  respond: (frame: Record<string, unknown>, res: http.ServerResponse, req: http.IncomingMessage) => void,
) {
  const received: { frame: Record<string, unknown>; headers: http.IncomingHttpHeaders }[] = [];
  server = http.createServer(async (req, res) => {
    const frame = asRecord(JSON.parse(await text(req))) ?? {};
    received.push({ frame, headers: req.headers });
    respond(frame, res, req);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = portOf(server);
  return { url: `http://127.0.0.1:${port}/mcp`, received };
}

const request = { jsonrpc: '2.0', id: 'p-1', method: 'tools/list', params: {} };

describe('HTTP probe channel on the session HTTP layer', () => {
  it('a body nested past the depth limit is refused as it streams: a step error and a frame-refused event', async () => {
    const { url } = await listen((_frame, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    });
    const tape = memoryTape();
    const [step] = await httpChannel({ url }, tape).exchange([{ frame: request }], 'deep');
    expect(step?.response).toBeUndefined();
    expect(step?.error).toMatch(/nested deeper than/);
    expect(tape.lines.some((l) => l.kind === 'fitness.frame-refused')).toBe(true);
  });

  it('secret headers are sent but recorded as [REDACTED] in the fitness.http event; configuration in plain', async () => {
    const secret = 'Bearer probe-secret-123456';
    const { url, received } = await listen((frame, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: frame.id, result: { tools: [] } }));
    });
    const tape = memoryTape();
    const [step] = await httpChannel(
      { url, headers: { Authorization: secret }, publicHeaders: { 'X-Region': 'eu' } },
      tape,
    ).exchange([{ frame: request }], 'secret');
    expect(step?.response).toMatchObject({ id: 'p-1', result: { tools: [] } });
    expect(received[0]?.headers.authorization).toBe(secret);
    const event = tape.lines.find((l) => l.kind === 'fitness.http');
    expect(event?.raw).toMatchObject({
      method: 'POST',
      status: 200,
      requestHeaders: { authorization: '[REDACTED]', 'x-region': 'eu' },
    });
    expect(JSON.stringify(tape.lines)).not.toContain('probe-secret');
    expect(step?.refs).toHaveLength(3);
  });

  it('a modern request: a server request on its SSE stream goes unanswered, as the session client drops it', async () => {
    const { url, received } = await listen((frame, res) => {
      if (frame.method === undefined) {
        res.writeHead(202).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: 'ask', method: 'roots/list' })}\n\n`);
      setTimeout(
        () => res.end(`data: ${JSON.stringify({ jsonrpc: '2.0', id: frame.id, result: {} })}\n\n`),
        300,
      );
    });
    const tape = memoryTape();
    const [step] = await httpChannel({ url }, tape).exchange(
      [{ frame: modernRequest('m-1', 'tools/list') }],
      'modern',
    );
    expect(step?.response).toMatchObject({ id: 'm-1', result: {} });
    expect(received).toHaveLength(1);
    expect(tape.lines.filter((l) => l.dir === 'out')).toHaveLength(2);
  });
});
