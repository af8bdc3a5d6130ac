/**
 * dist/servers (scripts/build-servers.js) is how the demo, the audit and the run tests start the
 * planted servers: one bundle of every server and its imports, loaded through V8's code cache. It
 * must be the same server as its source in examples/servers, seen on the wire: the same answers to
 * the same frames, over stdio and over HTTP. Its startup snapshot (servers.blob, the same bundle with
 * its imports evaluated) is how the demo and the audit start them, and must answer the same too.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modernMeta, postFrame, startHttpServer, stdioExchange } from '../../examples/servers/lib/launch.js';
import { serverArgv, serverScript } from '../../src/audit/fixture.js';
import { Target } from '../../src/connect/target.js';
import { resolveGiven } from '../../src/run/given.js';
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

  it('the audit and the demo start every server from the startup snapshot, under the Node that built it', () => {
    const blob = join(ROOT, 'dist/servers/servers.blob');
    expect(existsSync(blob), blob).toBe(true);
    expect(JSON.parse(readFileSync(`${blob}.json`, 'utf8'))).toEqual({
      node: process.version,
      arch: process.arch,
      platform: process.platform,
    });
    for (const name of names)
      expect(serverArgv(name), name).toEqual([`--snapshot-blob=${blob}`, basename(name, '.js')]);
  });

  it('the snapshot a server starts from is not given context of its run', () => {
    const target = Target.parse({ kind: 'stdio', argv: [process.execPath, ...serverArgv('tables.js')] });
    expect(resolveGiven(target, {}, [], ROOT)).toEqual([]);
  });

  it.each(names)('%s over stdio answers discover and tools/list exactly as its source', async (name) => {
    // Generous: at a load of 30 on two cores a source start alone can take seconds.
    const options = { timeoutMs: 30_000 };
    const source = await stdioExchange(process.execPath, [join(SOURCES, name)], frames, options);
    const built = await stdioExchange(process.execPath, [serverScript(name)], frames, options);
    const snapshot = await stdioExchange(process.execPath, serverArgv(name), frames, options);
    expect(source.received.length, JSON.stringify(source.received)).toBeGreaterThan(0);
    expect(built.received).toEqual(source.received);
    expect(snapshot.received).toEqual(source.received);
  });

  it('a server started from the snapshot has state of its own: two starts of drifting quote different prices', async () => {
    // drifting's seed is module state made when its module is evaluated, in the new process, never
    // in the snapshot: two processes from the same blob must not share it.
    const call = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'list_instruments', arguments: {}, _meta: modernMeta() },
    };
    const options = { timeoutMs: 30_000 };
    const quote = async () =>
      JSON.stringify(
        (
          await stdioExchange(process.execPath, serverArgv('drifting.js'), [...frames, call], options)
        ).received.at(-1),
      );
    const first = await quote();
    expect(first).toContain('lastPence');
    expect(await quote()).not.toEqual(first);
  });

  it('a name the snapshot does not hold is a one-line error and exit code 2', () => {
    const [flag] = serverArgv('well-made.js');
    const run = spawnSync(process.execPath, [flag ?? '', 'no-such-server'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('no planted server named no-such-server\n');
  });

  it('a bundle edited to text of the same length gets a cache of its own, never the old code', async () => {
    // V8 accepts a code cache for any source of the same length. hostile-names' text is a module
    // constant, compiled into the cache when the cache is written: a writer that read the old cache
    // would keep serving the old text. Its OSC 8 link text `here` becomes `gone`.
    const dir = mkdtempSync(join(tmpdir(), 'servers-cache-'));
    try {
      const built = join(ROOT, 'dist/servers');
      for (const f of ['start.cjs', 'servers.bundle.cjs', 'servers.bundle.cjs.cache'])
        copyFileSync(join(built, f), join(dir, f));
      const bundle = join(dir, 'servers.bundle.cjs');
      const text = readFileSync(bundle, 'utf8');
      expect(text).toContain(String.raw`evil.example\x07here`);
      writeFileSync(
        bundle,
        text.replaceAll(String.raw`evil.example\x07here`, String.raw`evil.example\x07gone`),
      );
      const made = spawnSync(process.execPath, [join(dir, 'start.cjs'), '--write-cache'], {
        encoding: 'utf8',
      });
      expect(made.status, made.stderr).toBe(0);
      writeFileSync(join(dir, 'hostile.cjs'), "require('./start.cjs').start('hostile-names');\n");
      const started = await stdioExchange(process.execPath, [join(dir, 'hostile.cjs')], frames, {
        timeoutMs: 30_000,
      });
      const listed = JSON.stringify(started.received);
      expect(listed).toContain('evil.example\\u0007gone');
      expect(listed).not.toContain('evil.example\\u0007here');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('over HTTP a built server answers tools/list exactly as its source', async () => {
    const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' };
    const list = async (...args: string[]) => {
      const server = await startHttpServer(process.execPath, [...args, '--http', '--port', '0']);
      try {
        return (await postFrame(server.url, listTools, headers)).frames;
      } finally {
        await server.close();
      }
    };
    const source = await list(join(SOURCES, 'well-made.js'));
    expect(JSON.stringify(source)).toContain('get_route_fares');
    expect(await list(serverScript('well-made.js'))).toEqual(source);
    expect(await list(...serverArgv('well-made.js'))).toEqual(source);
  });
});
