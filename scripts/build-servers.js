// Builds the planted servers of examples/servers into a start-fast form (dist/servers/): one
// CommonJS bundle of every server with what it imports (the MCP SDK, zod), and V8's code cache of
// it, so a fresh server process (one per stdio trial) skips resolving about 115 module files and
// compiling a megabyte of JavaScript. Each server is still a process of its own, started by
// `node dist/servers/<name>.cjs [--http [--port N]]` and running the code of examples/servers/<name>.js.
// `npm run build` runs it, and the tests' global setup runs it once, so tests start the source beside them.
// It also writes a V8 startup snapshot of the same bundle with its imports already evaluated
// (servers.blob): `node --snapshot-blob=dist/servers/servers.blob <name>` starts one server from it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = join(root, 'examples/servers');
/** Where src/audit/fixture.ts starts the planted servers from, whether it runs from src or from dist. */
const SERVERS_OUT = join(root, 'dist/servers');
const BUNDLE = 'servers.bundle.cjs';
const BLOB = 'servers.blob';
/** The packages every planted server imports, evaluated into the snapshot (HTTP's are not: see below). */
const PRELOAD = ['zod', '@modelcontextprotocol/server', '@modelcontextprotocol/server/stdio'];

export async function buildServers(outdir = SERVERS_OUT) {
  const names = readdirSync(SOURCES)
    .filter((n) => n.endsWith('.js'))
    .map((n) => n.slice(0, -'.js'.length));
  mkdirSync(outdir, { recursive: true });
  // Each server is a lazy module of the bundle: only the one started is evaluated.
  const table = names.map((n) => `  ${JSON.stringify(n)}: () => import(${JSON.stringify(`./${n}.js`)}),`);
  // `preload` is called only by the snapshot's builder (snapshotEntry); a server's own module is
  // never evaluated there, so its module state (a counter, drifting's seed) is made in its process.
  const preload = PRELOAD.map((p) => `import(${JSON.stringify(p)})`).join(', ');
  const contents = `export const servers = {\n${table.join('\n')}\n};\nexport const preload = () => Promise.all([${preload}]);\n`;
  const built = await build({
    stdin: { contents, resolveDir: SOURCES },
    outfile: join(outdir, BUNDLE),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // A script run through node:vm has no dynamic import(): node:http (HTTP mode only) is a require.
    supported: { 'dynamic-import': false },
    write: false,
    logLevel: 'warning',
  });
  const bundle = built.outputFiles[0]?.text ?? '';
  const bundleFile = join(outdir, BUNDLE);
  const cacheFile = `${bundleFile}.cache`;
  const unchanged =
    existsSync(cacheFile) &&
    existsSync(bundleFile) &&
    readFileSync(bundleFile, 'utf8') === bundle &&
    snapshotCurrent(outdir);
  // Every file is replaced whole (written aside, then renamed), so a server starting meanwhile reads
  // either the old build or the new one. V8 accepts a code cache for any source of the same length
  // (its check is the length, not the text): an edit that keeps the length ('link' -> 'here') would
  // run the old code from the old cache. So a changed bundle's cache goes before the bundle does,
  // and the new one is compiled from the source alone (start.cjs --write-cache reads no cache).
  if (!unchanged) rmSync(cacheFile, { force: true });
  place(bundleFile, bundle);
  place(join(outdir, 'start.cjs'), START);
  for (const n of names) place(join(outdir, `${n}.cjs`), entry(n));
  if (unchanged) return;
  // The cache is written by one process that starts every server over stdio with stdin closed at
  // once, so they all end: V8 keeps every function compiled by then. A cache V8 rejects (another
  // Node, another V8 flag) only costs the compile it would have saved.
  const made = spawnSync(process.execPath, [join(outdir, 'start.cjs'), '--write-cache'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`dist/servers: writing the code cache failed: ${made.stderr}`);
  buildSnapshot(outdir, bundle);
}

/** The snapshot's stamp: src/audit/fixture.ts starts from the blob only under the Node that built it. */
function stamp() {
  return { node: process.version, arch: process.arch, platform: process.platform };
}

function snapshotCurrent(outdir) {
  const stampFile = join(outdir, `${BLOB}.json`);
  if (!existsSync(join(outdir, BLOB)) || !existsSync(stampFile)) return false;
  return readFileSync(stampFile, 'utf8') === JSON.stringify(stamp());
}

/**
 * `node --build-snapshot` runs one script (it can require built-in modules only, so the bundle is
 * inlined), evaluates the planted servers' imports and saves the heap. A Node that cannot build it
 * leaves no blob, and the servers start from the bundle as before.
 */
function buildSnapshot(outdir, bundle) {
  const blob = join(outdir, BLOB);
  const stampFile = `${blob}.json`;
  rmSync(stampFile, { force: true });
  const entryFile = join(outdir, `snapshot-entry.${process.pid}.cjs`);
  const aside = `${blob}.${process.pid}.tmp`;
  writeFileSync(entryFile, snapshotEntry(bundle));
  try {
    const made = spawnSync(process.execPath, ['--snapshot-blob', aside, '--build-snapshot', entryFile], {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    if (made.status !== 0) {
      rmSync(aside, { force: true });
      rmSync(blob, { force: true });
      process.stderr.write(`dist/servers: no startup snapshot (the bundle is used): ${made.stderr.trim()}\n`);
      return;
    }
    renameSync(aside, blob);
    place(stampFile, JSON.stringify(stamp()));
  } finally {
    rmSync(entryFile, { force: true });
  }
}

/**
 * The snapshot's builder script. Its main function runs in every process started from the blob:
 * `node --snapshot-blob=servers.blob <name> [--http [--port N]]` (or the flag and the path as two
 * arguments) sees process.argv as
 * [node, <name>, ...], which it makes [node, dist/servers/<name>.cjs, ...] (what the server sees
 * when started from its .cjs), then evaluates that server's module, as start.cjs does. node:http and
 * the SDK's HTTP adapter are not in the snapshot (Node 20 cannot snapshot node:http): HTTP mode
 * loads them when it starts, as the source does.
 */
function snapshotEntry(bundle) {
  return `'use strict';
const { startupSnapshot } = require('node:v8');
const { dirname, join, resolve } = require('node:path');
const mod = { exports: {} };
(function (exports, require, module) {
${bundle}
})(mod.exports, require, mod);
mod.exports.preload().then(() => {
  startupSnapshot.setDeserializeMainFunction(() => {
    const name = process.argv[1];
    const server = Object.hasOwn(mod.exports.servers, name) ? mod.exports.servers[name] : undefined;
    if (server === undefined) {
      process.stderr.write('no planted server named ' + name + '\\n');
      process.exitCode = 2;
      return;
    }
    const at = process.execArgv.findIndex((a) => a === '--snapshot-blob' || a.startsWith('--snapshot-blob='));
    const flag = at === -1 ? undefined : process.execArgv[at];
    const blob = flag === undefined ? undefined : flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : process.execArgv[at + 1];
    if (blob !== undefined) process.argv[1] = join(dirname(resolve(blob)), name + '.cjs');
    void server();
  });
});
`;
}

function place(file, text) {
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, text);
  renameSync(aside, file);
}

function entry(name) {
  return `'use strict';
// examples/servers/${name}.js, started from the bundle of every planted server (scripts/build-servers.js).
require('./start.cjs').start(${JSON.stringify(name)});
`;
}

const START = `'use strict';
// Loads the bundle of every planted server through V8's code cache and starts one of them
// (scripts/build-servers.js writes both). A cache that does not match this Node is ignored.
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const { Script } = require('node:vm');

const BUNDLE = join(__dirname, ${JSON.stringify(BUNDLE)});
const CACHE = BUNDLE + '.cache';

function load(cached = true) {
  let cachedData;
  try {
    if (cached) cachedData = readFileSync(CACHE);
  } catch {}
  const source = readFileSync(BUNDLE, 'utf8');
  const wrapped = '(function (exports, require, module, __filename, __dirname) {' + source + '\\n})';
  const script = new Script(wrapped, { filename: BUNDLE, ...(cachedData ? { cachedData } : {}) });
  const mod = { exports: {} };
  script.runInThisContext()(mod.exports, createRequire(BUNDLE), mod, BUNDLE, __dirname);
  return { servers: mod.exports.servers, script };
}

function start(name) {
  const server = load().servers[name];
  if (server === undefined) throw new Error('no planted server named ' + name);
  return server();
}

module.exports = { start };

if (require.main === module && process.argv[2] === '--write-cache') {
  process.argv.splice(2);
  // Compiled from the source alone: a cache of another bundle of the same length would be accepted.
  const { servers, script } = load(false);
  process.on('exit', () => {
    const aside = CACHE + '.' + process.pid + '.tmp';
    writeFileSync(aside, script.createCachedData());
    renameSync(aside, CACHE);
  });
  for (const server of Object.values(servers)) void server();
}
`;

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServers();
