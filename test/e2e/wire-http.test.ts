import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../src/connect/index.js';
import { readTape, TapeWriter, tapeStats } from '../../src/tape/index.js';
import { toolRow } from '../support/tool-row.js';
import {
  GOOD,
  type Spawned,
  startEverythingHttp,
  startFixtureHttp,
  tempDir,
} from './fixtures/wire/helpers.js';

let everything: Spawned;
let good: Spawned;
let dir: string;
let cleanup: () => void;

beforeAll(async () => {
  ({ dir, cleanup } = tempDir());
  [everything, good] = await Promise.all([startEverythingHttp(), startFixtureHttp(GOOD)]);
});
afterAll(async () => {
  await Promise.all([everything?.stop(), good?.stop()]);
  cleanup();
});

describe('Streamable HTTP sessions against real servers on 127.0.0.1', () => {
  it('server-everything: 2025-11-25 legacy, SSE-framed, session-ful; raw request recorded; secrets scrubbed', async () => {
    const path = join(dir, 'everything.jsonl');
    const secret = 'sk-test-9f8e7d6c5b4a';
    const target = {
      kind: 'http' as const,
      url: everything.url.replace('http://', 'http://alice:hunter2pass@'),
      headers: { 'X-Team-Key': secret },
      credential: 'free-key' as const,
    };
    const tape = TapeWriter.open({
      path,
      meta: { label: 'everything', command: ['fitness-report', 'run', '--url', everything.url], kind: 'mcp' },
    });
    const session = await openSession(target, { tape });
    expect(session.protocolVersion).toBe('2025-11-25');
    expect(session.era).toBe('legacy');
    expect(session.sessionful).toBe(true);
    expect(session.transportShape).toBe('sse');
    const list = await session.listTools();
    expect(list.tools.length).toBe(13);
    const result = await session.callTool('echo', { message: secret }, { corrId: 'echo-task' });
    expect(result.kind).toBe('result');

    const raw = await session.rawHttp({
      body: { jsonrpc: '2.0', id: 'probe-unknown', method: 'fitness/no-such-method', params: {} },
      sessionHeaders: true,
      corrId: 'probe',
    });
    expect(raw.status).toBe(200);
    expect(raw.body).toMatchObject({ id: 'probe-unknown', error: { code: -32601 } });
    expect(raw.tapeLines.length).toBeGreaterThanOrEqual(3);
    await session.close();
    await tape.close('done');

    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('hunter2pass');
    expect(text).toContain('[REDACTED]');
    const read = await readTape(path);
    const lines = text.split('\n');
    for (const n of raw.tapeLines) expect(lines[n - 1]).toContain('probe');
    const http = read.records.filter((r) => r.type === 'event' && r.value.kind === 'fitness.http');
    expect(http.length).toBeGreaterThan(3);
    const stats = tapeStats([read]);
    expect(toolRow(stats, 'echo')).toMatchObject({ calls: 1, errors: 0, pending: 0 });
    expect(stats.rpcErrorsByMethod).toContainEqual({
      method: 'fitness/no-such-method',
      code: -32601,
      count: 1,
    });
  });

  it('examples/servers/good.js --http: 2026-07-28 modern, plain JSON, stateless; later sessions reuse the verdict', async () => {
    const path = join(dir, 'good.jsonl');
    const tape = TapeWriter.open({
      path,
      meta: { label: 'good', command: ['fitness-report', 'run', '--url', good.url], kind: 'mcp' },
    });
    const first = await openSession({ kind: 'http', url: good.url }, { tape });
    expect(first.protocolVersion).toBe('2026-07-28');
    expect(first.era).toBe('modern');
    const list = await first.listTools();
    expect(first.transportShape).toBe('json');
    expect(first.sessionful).toBe(false);
    expect(list.rawResults[0]).toMatchObject({ ttlMs: expect.any(Number), cacheScope: 'private' });
    const prior = first.prior;
    await first.close();

    const second = await openSession({ kind: 'http', url: good.url }, { tape, ...(prior ? { prior } : {}) });
    expect(second.era).toBe('modern');
    const tool = list.tools[0]?.name ?? '';
    const out = await second.callTool(tool, {}, { corrId: 'second' });
    expect(['result', 'rpc-error']).toContain(out.kind);
    await second.close();
    await tape.close('done');

    const read = await readTape(path);
    const probes = read.records.filter(
      (r) => r.type === 'message' && (r.value.raw as { method?: string }).method === 'server/discover',
    );
    expect(probes.map((p) => p.type === 'message' && p.value.session)).toEqual(['s1']);
    const stats = tapeStats([read]);
    expect(toolRow(stats, tool)?.calls).toBe(1);
    expect(toolRow(stats, tool)?.pending).toBe(0);
  });
});
