// Builds the planted servers of examples/servers into a start-fast form (dist/servers/): one
// CommonJS bundle of every server with what it imports (the MCP SDK, zod), and V8's code cache of
// it, so a fresh server process (one per stdio trial) skips resolving about 115 module files and
// compiling a megabyte of JavaScript. Each server is still a process of its own, started by
// `node dist/servers/<name>.cjs [--http [--port N]]` and running the code of examples/servers/<name>.js.
// `npm run build` runs it, and the tests' global setup runs it once, so tests start the source beside them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = join(root, 'examples/servers');
/** Where src/audit/fixture.ts starts the planted servers from, whether it runs from src or from dist. */
const SERVERS_OUT = join(root, 'dist/servers');
const BUNDLE = 'servers.bundle.cjs';

export async function buildServers(outdir = SERVERS_OUT) {
  const names = readdirSync(SOURCES)
    .filter((n) => n.endsWith('.js'))
    .map((n) => n.slice(0, -'.js'.length));
  mkdirSync(outdir, { recursive: true });
  // Each server is a lazy module of the bundle: only the one started is evaluated.
  const table = names.map((n) => `  ${JSON.stringify(n)}: () => import(${JSON.stringify(`./${n}.js`)}),`);
  const built = await build({
    stdin: { contents: `export const servers = {\n${table.join('\n')}\n};\n`, resolveDir: SOURCES },
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
    existsSync(cacheFile) && existsSync(bundleFile) && readFileSync(bundleFile, 'utf8') === bundle;
  // Every file is replaced whole (written aside, then renamed), so a server starting meanwhile reads
  // either the old build or the new one; a cache that does not match its bundle is ignored by V8.
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

function load() {
  let cachedData;
  try {
    cachedData = readFileSync(CACHE);
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
  const { servers, script } = load();
  process.on('exit', () => {
    const aside = CACHE + '.' + process.pid + '.tmp';
    writeFileSync(aside, script.createCachedData());
    renameSync(aside, CACHE);
  });
  for (const server of Object.values(servers)) void server();
}
`;

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServers();
