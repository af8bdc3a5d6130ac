import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startHttpFixture, startHttpProcess } from '../../src/audit/fixture.js';
import { freePort, serverEntry } from '../../src/audit/real.js';
import { startBridge } from '../../src/conformance/bridge.js';
import { conformanceBlock } from '../../src/conformance/index.js';
import { ConformanceBlock } from '../../src/record/conformance.js';
import { server } from './run/helpers.js';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});
const out = () => mkdtempSync(join(tmpdir(), 'fitness-conformance-'));

function ran(block: ConformanceBlock) {
  if (!block.ran) throw new Error(`conformance did not run: ${block.reason}`);
  return block;
}

describe('the official conformance suite, run alongside', () => {
  it('runs against a real HTTP server and records each check, its fixtures not applicable', async () => {
    const port = await freePort();
    const everything = await startHttpProcess(
      'server-everything',
      [serverEntry('@modelcontextprotocol/server-everything'), 'streamableHttp'],
      {
        env: { PATH: process.env.PATH ?? '', PORT: String(port) },
        ready: (line) => (/listening on port/i.test(line) ? `http://127.0.0.1:${port}/mcp` : undefined),
      },
    );
    closers.push(everything.close);
    const dir = out();
    const block = ran(
      await conformanceBlock({
        target: {
          kind: 'http',
          url: everything.url,
          headers: {},
          publicHeaders: {},
          credential: 'anonymous',
        },
        outDir: dir,
      }),
    );
    expect(ConformanceBlock.safeParse(block).success).toBe(true);
    expect(block.suite).toEqual({ name: '@modelcontextprotocol/conformance', version: '0.1.13' });
    expect(block.via).toBe('http');
    expect(block.exitCode).toBe(1);
    const byId = new Map(block.checks.map((c) => [c.id, c]));
    expect(byId.get('server-initialize')).toMatchObject({ status: 'SUCCESS', applicable: true });
    expect(byId.get('tools-list')).toMatchObject({ status: 'SUCCESS', applicable: true });
    // server-everything has no test_image_content tool: the suite's failure says nothing about it.
    expect(byId.get('tools-call-image')).toMatchObject({ status: 'FAILURE', applicable: false });
    expect(byId.get('tools-call-image')?.because).toMatch(/reference fixture \(tool test_image_content\)/);
    // It accepts any Host/Origin (docs/design.md §8): over its own HTTP that is its finding, and applicable.
    expect(byId.get('localhost-host-rebinding-rejected')).toMatchObject({
      status: 'FAILURE',
      applicable: true,
    });
    expect(block.counts.passed).toBeGreaterThan(3);
    expect(block.counts.failed).toBeGreaterThanOrEqual(1);
    expect(block.counts.notApplicable).toBeGreaterThan(10);
    expect(block.outputs.files).toBe(readdirSync(dir).length);
    expect(block.outputs.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reaches a stdio server through the loopback bridge, one server process per session', async () => {
    const target = {
      kind: 'stdio' as const,
      argv: [process.execPath, ...server('well-made')],
      env: {},
      secretEnv: {},
    };
    const block = ran(await conformanceBlock({ target, outDir: out() }));
    expect(block.via).toBe('stdio-bridge');
    const byId = new Map(block.checks.map((c) => [c.id, c]));
    expect(byId.get('server-initialize')).toMatchObject({ status: 'SUCCESS', applicable: true });
    expect(byId.get('tools-list')).toMatchObject({ status: 'SUCCESS', applicable: true });
    const dns = byId.get('localhost-host-rebinding-rejected');
    expect(dns?.applicable).toBe(false);
    expect(dns?.because).toMatch(/loopback bridge/);
    // A server process for each of the suite's sessions: on a loaded 2-core machine that outlasted
    // the default 60 s (fresh-clone CI on 439bb10).
  }, 240_000);

  it('the bridge refuses a foreign Host and a request before initialize', async () => {
    const bridge = await startBridge({
      kind: 'stdio',
      argv: [process.execPath, ...server('good')],
      env: {},
      secretEnv: {},
    });
    closers.push(bridge.close);
    const post = (headers: Record<string, string>, body: unknown) =>
      fetch(bridge.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(body),
      });
    expect(
      (await post({ origin: 'http://evil.example' }, { jsonrpc: '2.0', id: 1, method: 'ping' })).status,
    ).toBe(403);
    expect((await post({}, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(400);
    expect((await post({ 'mcp-session-id': 'nope' }, { jsonrpc: '2.0', id: 1, method: 'ping' })).status).toBe(
      404,
    );
    expect(bridge.started).toBe(0);
  });

  it('a dead HTTP server is a block that says the suite could not run, not a crash', async () => {
    const port = await freePort();
    const block = await conformanceBlock({
      target: {
        kind: 'http',
        url: `http://127.0.0.1:${port}/mcp`,
        headers: {},
        publicHeaders: {},
        credential: 'anonymous',
      },
      outDir: out(),
      timeoutMs: 30_000,
    });
    expect(ConformanceBlock.safeParse(block).success).toBe(true);
    // The suite still writes a failed result per scenario: every check fails, none is hidden.
    if (block.ran) expect(block.counts.passed).toBe(0);
    else expect(block.reason).toMatch(/no result/);
  });

  it('an HTTP server reached with headers is not run: the suite sends no credentials', async () => {
    const fixture = await startHttpFixture('good.js');
    closers.push(fixture.close);
    const block = await conformanceBlock({
      target: {
        kind: 'http',
        url: fixture.url,
        headers: { Authorization: 'Bearer abcdefgh12345' },
        publicHeaders: {},
        credential: 'free-key',
      },
      outDir: out(),
    });
    expect(block).toMatchObject({ ran: false, reason: expect.stringMatching(/sends no credentials/) });
    expect(JSON.stringify(block)).not.toContain('abcdefgh12345');
  });
});
