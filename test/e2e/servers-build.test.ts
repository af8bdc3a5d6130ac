/**
 * dist/servers (scripts/build-servers.js) is how the demo, the audit and the run tests start the
 * planted servers: one bundle of every server and its imports, loaded through V8's code cache. It
 * must be the same server as its source in examples/servers, seen on the wire: the same answers to
 * the same frames, over stdio and over HTTP.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modernMeta, postFrame, startHttpServer, stdioExchange } from '../../examples/servers/lib/launch.js';
import { serverScript } from '../../src/audit/fixture.js';
import { ROOT } from './run/helpers.js';

const SOURCES = join(ROOT, 'examples/servers');
const names = readdirSync(SOURCES).filter((n) => n.endsWith('.js'));

const listTools = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: modernMeta() } };
const frames = [
  { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: modernMeta() } },
  listTools,
];

describe('the planted servers built into dist/servers', () => {
  it('every server in examples/servers has a build, and the audit starts that build', () => {
    for (const name of names) {
      const built = serverScript(name);
      expect(built, name).toBe(join(ROOT, 'dist/servers', `${basename(name, '.js')}.cjs`));
      expect(existsSync(built), built).toBe(true);
    }
  });

  it.each(names)('%s over stdio answers discover and tools/list exactly as its source', async (name) => {
    // Generous: at a load of 30 on two cores a source start alone can take seconds.
    const options = { timeoutMs: 30_000 };
    const source = await stdioExchange(process.execPath, [join(SOURCES, name)], frames, options);
    const built = await stdioExchange(process.execPath, [serverScript(name)], frames, options);
    expect(source.received.length, JSON.stringify(source.received)).toBeGreaterThan(0);
    expect(built.received).toEqual(source.received);
  });

  it('over HTTP a built server answers tools/list exactly as its source', async () => {
    const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' };
    const list = async (file: string) => {
      const server = await startHttpServer(process.execPath, [file, '--http', '--port', '0']);
      try {
        return (await postFrame(server.url, listTools, headers)).frames;
      } finally {
        await server.close();
      }
    };
    const source = await list(join(SOURCES, 'well-made.js'));
    expect(JSON.stringify(source)).toContain('get_route_fares');
    expect(await list(serverScript('well-made.js'))).toEqual(source);
  });
});
